import type { AnimeSeasonPartRow, ArcRow, MangaSeriesRow, SearchEntryRow } from "../rows";
import { chapterKey, episodeKey, mangaChapterKey } from "../../app/lib/content/units";
import { arcName, mangaSeriesName, seasonName, seasonPartName } from "../../app/lib/content/labels";
import { unitEntryRevealedBy } from "../reveals";
import type { Resolution } from "./resolution";

/**
 * Search entries for the names of the story's stretches (decision 60): each web novel arc, anime season,
 * part of a season that has a title of its own and manga series, found by its name (and its original
 * title), named by its place ("Arc 3", "Season 2 · Part 2", "Manga 1") and linking to where the site lists
 * it. A name is gated as the pages gate it: an arc's and a season's are public (the web novel page, the
 * anime page and the tracker's pickers name them to everyone) unless the pack gates an arc's title, then it
 * waits for what reveals it (`titleRevealAt`); a part's title as a unit's title is (by what
 * reaches its first episode's place, or the reader's choice to see titles of what they have not reached, or its
 * flag); a series' title is public unless the pack flags it, then it waits for what reveals its first
 * chapter. Its place in the story is its first unit's. A part without a title has no entry: its season's
 * finds it.
 */
export function nameSearchEntries(
  { pack, timeline, titleReachOf }: Pick<Resolution, "pack" | "timeline" | "titleReachOf">,
  {
    arcs,
    parts,
    series,
  }: { arcs: readonly ArcRow[]; parts: readonly AnimeSeasonPartRow[]; series: readonly MangaSeriesRow[] },
): SearchEntryRow[] {
  const entries = new Map<string, SearchEntryRow>();
  /** An entry at its first unit's place, gated as given; none where that unit has no place (the pack is refused for it). */
  const add = (
    entry: Omit<SearchEntryRow, "reveal_position" | "revealed_by" | "body">,
    firstUnit: string,
    revealedBy: string | null,
  ) => {
    const position = timeline.positions.get(firstUnit);
    // A number or a code given twice is reported where it is declared; the first one stands.
    if (position === undefined || entries.has(entry.ref)) return;
    entries.set(entry.ref, { ...entry, body: "", reveal_position: position, revealed_by: revealedBy });
  };
  // Arcs as the import kept them, with their first chapters' ordinals.
  const firstOrdinals = new Map(
    pack.webNovel.arcs.map((arc) => [arc.number, Math.min(...arc.chapters.map((chapter) => chapter.ordinal))]),
  );
  for (const arc of arcs)
    add(
      {
        ref: `arc:${arc.number}`,
        kind: "arc",
        title: arc.title,
        subtitle: arcName(arc.number),
        path: `/web_novel?arc=${arc.number}`,
        original_title: arc.original_title,
        aliases: "",
      },
      chapterKey(arc.number, firstOrdinals.get(arc.number) ?? 1),
      arc.title_revealed_by,
    );
  for (const season of pack.anime.seasons) {
    const first = Math.min(...season.episodes.map((episode) => episode.number));
    add(
      {
        ref: `season:${season.number}`,
        kind: "season",
        title: season.title,
        subtitle: seasonName(season.number),
        path: `/anime?season=${season.number}`,
        original_title: null,
        aliases: "",
      },
      episodeKey(season.number, first),
      null,
    );
  }
  // Parts as the import kept them: one whose episodes the pack gets wrong is reported and left out.
  for (const part of parts)
    if (part.title !== null)
      add(
        {
          ref: `season:${part.season_number}-part-${part.number}`,
          kind: "season",
          title: part.title,
          subtitle: seasonPartName(part.season_number, part.number),
          path: `/anime?season=${part.season_number}#part-${part.number}`,
          original_title: null,
          aliases: "",
        },
        episodeKey(part.season_number, part.first_episode),
        unitEntryRevealedBy(titleReachOf, episodeKey(part.season_number, part.first_episode), part.title_revealed_by),
      );
  for (const one of series)
    add(
      {
        ref: `manga_series:${one.code}`,
        kind: "manga_series",
        title: one.title,
        subtitle: mangaSeriesName(one.sort_order + 1),
        path: `/manga?series=${one.code}`,
        original_title: one.original_title,
        aliases: "",
      },
      mangaChapterKey(one.code, 1),
      one.title_revealed_by,
    );
  return [...entries.values()];
}
