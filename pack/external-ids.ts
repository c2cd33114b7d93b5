import type { ContentPack, PackFileName } from "./schema/files";
import type { ExternalIdRow } from "./rows";
import type { Report } from "./timeline";
import { type AnimeTarget, animeTargetText } from "../app/lib/progress/external-ids";
import { animeSpecialKey } from "../app/lib/content/units";

/**
 * The rows of `external_ids`: where each anime season (or part of one), OVA, special or film, light novel collection and the web novel are
 * listed on MyAnimeList and Novel Updates (pack fields `externalIds`, docs/content.md). An id names one
 * thing: the same id on a second season, collection or the web novel is refused, naming both places.
 * The ids sit on what they stand for, so none can point at a season or collection that does not exist.
 */
export function externalIdRows(pack: ContentPack, report: Report): ExternalIdRow[] {
  const rows: ExternalIdRow[] = [];
  const seen = new Map<string, string>();
  const add = (row: ExternalIdRow, file: PackFileName, path: string) => {
    const key = `${row.service}/${row.list}/${row.external_id}`;
    const first = seen.get(key);
    if (first !== undefined)
      return report(
        file,
        path,
        `${row.external_id} is already the id of ${first}: each id names one season, special, collection, manga series or the web novel`,
      );
    seen.set(key, `${file} › ${path}`);
    rows.push(row);
  };

  const novel = (
    ids: ContentPack["webNovel"]["externalIds"],
    medium: ExternalIdRow["medium"],
    target: string,
    file: PackFileName,
    path: string,
  ) => {
    if (ids?.myAnimeList !== undefined)
      add(
        { service: "myanimelist", list: "manga", external_id: String(ids.myAnimeList), medium, target },
        file,
        `${path}.myAnimeList`,
      );
    if (ids?.novelUpdates !== undefined)
      add(
        { service: "novelupdates", list: "series", external_id: ids.novelUpdates, medium, target },
        file,
        `${path}.novelUpdates`,
      );
  };
  novel(pack.webNovel.externalIds, "web_novel", "", "web-novel.json", "externalIds");
  pack.lightNovels.collections.forEach((collection, c) =>
    novel(
      collection.externalIds,
      "light_novels",
      collection.code,
      "light-novels.json",
      `collections[${c}].externalIds`,
    ),
  );
  const anime = (id: number | undefined, target: AnimeTarget, path: string) => {
    if (id !== undefined)
      add(
        {
          service: "myanimelist",
          list: "anime",
          external_id: String(id),
          medium: "anime",
          target: animeTargetText(target),
        },
        "anime.json",
        path,
      );
  };
  pack.anime.seasons.forEach((season, s) => {
    anime(
      season.externalIds?.myAnimeList,
      { medium: "anime", season: season.number },
      `seasons[${s}].externalIds.myAnimeList`,
    );
    // A part's entry lists its own run of the season's episodes.
    season.parts?.forEach((part, p) =>
      anime(
        part.externalIds?.myAnimeList,
        { medium: "anime", season: season.number, episodes: part.episodes },
        `seasons[${s}].parts[${p}].externalIds.myAnimeList`,
      ),
    );
    // A recut's entry lists the recut's own episodes, by its own numbers (decision 45).
    season.recuts.forEach((recut, r) =>
      anime(
        recut.externalIds?.myAnimeList,
        { medium: "anime", season: season.number, recut: recut.number },
        `seasons[${s}].recuts[${r}].externalIds.myAnimeList`,
      ),
    );
  });
  // A film's or an OVA's own entry: watched there, it is watched here.
  pack.anime.specials.forEach((special, index) => {
    const id = special.externalIds?.myAnimeList;
    if (id !== undefined)
      add(
        {
          service: "myanimelist",
          list: "anime",
          external_id: String(id),
          medium: "anime_specials",
          target: animeSpecialKey(special.slug),
        },
        "anime.json",
        `specials[${index}].externalIds.myAnimeList`,
      );
  });
  // Each manga series' own entry on the manga list: its chapters and volumes by the series' numbers (decision 49).
  pack.manga.series.forEach((series, index) => {
    const id = series.externalIds?.myAnimeList;
    if (id !== undefined)
      add(
        { service: "myanimelist", list: "manga", external_id: String(id), medium: "manga", target: series.code },
        "manga.json",
        `series[${index}].externalIds.myAnimeList`,
      );
  });
  return rows;
}
