import type { PackRows, SearchEntryRow } from "../rows";
import { unitPath } from "../../app/lib/content/units";
import { asSearchedText, unspacedPairs } from "../../app/lib/search/query";
import { externalIdRows } from "../external-ids";
import type { ContentPack } from "../schema/files";
import { lintCharactersNamed } from "../character-lint";
import { lintSpoilers, lintTitles, readersWhoCrossed, secretsTold } from "../spoiler-lint";
import { statisticsRows } from "../statistics";
import type { Report } from "../timeline";
import { animeRows, animeSearchEntries } from "./anime";
import { recutRows, recutSearchEntries } from "./recuts";
import { animeSpecialRows } from "./anime-specials";
import { mangaRows } from "./manga";
import { nameSearchEntries } from "./names";
import { characterRows } from "./characters";
import { lightNovelRows } from "./light-novels";
import { mistakeRows, mistakeSearchEntries } from "./mistakes";
import { formatProblem, type PackProblem } from "./parse";
import { startResolution } from "./resolution";
import { siteColumns } from "../publish";
import { siteIdentityOf } from "../../app/lib/content/site-identity";
import { sideStoryRows } from "./side-stories";
import { lintArcInLabels, webNovelRows } from "./web-novel";

/**
 * Checks references across the pack and turns it into table rows, in named phases: declare every
 * unit, place it on the story timeline, then build each file's rows, checking its references as they
 * are read. Chapters sit in reading order; a volume or episode where the last chapter it adapts is; a
 * side story or side volume just after the unit it is read after; a Break Time short with the episode
 * it accompanies; an OVA, special or film just after the episode it is watched after, else where what
 * it adapts is; a manga chapter where the last chapter it adapts is. Problems are listed in the order the phases meet them; warnings (titles that may give
 * the story away, ../spoiler-lint.ts: `lintTitles`) are listed apart and refuse nothing.
 */
export function resolvePack(
  pack: ContentPack,
  packName: string,
): { rows: PackRows; problems: PackProblem[]; warnings: PackProblem[] } {
  const problems: PackProblem[] = [];
  // A reference read by two phases (a volume placed after the chapter it adapts to) is one problem.
  const reported = new Set<string>();
  const report: Report = (file, path, message) => {
    const problem = { file, path, message };
    if (reported.has(formatProblem(problem))) return;
    reported.add(formatProblem(problem));
    problems.push(problem);
  };
  const warnings: PackProblem[] = [];
  const resolution = startResolution(pack, packName, report);
  const { timeline, revealersOf, titleReachOf, toldBy } = resolution;

  const webNovel = webNovelRows(resolution);
  const lightNovels = lightNovelRows(resolution);
  const sideStories = sideStoryRows(resolution);
  const anime = animeRows(resolution);
  const recuts = recutRows(resolution);
  const specials = animeSpecialRows(resolution);
  const manga = mangaRows(resolution);
  const characters = characterRows(resolution);
  const mistakes = mistakeRows(resolution);
  const rows: Omit<PackRows, "content_statistics" | "external_ids" | "story_secrets"> = {
    series: [
      {
        id: 1,
        pack: packName,
        title: pack.series.title,
        original_title: pack.series.originalTitle,
        synopsis: pack.series.synopsis,
        author: pack.series.author ?? null,
        illustrator: pack.series.illustrator ?? null,
        media: JSON.stringify(pack.series.media),
        anime_platforms: JSON.stringify(pack.anime.platforms),
        web_novel_ongoing: pack.webNovel.ongoing ? 1 : 0,
        ...siteColumns(siteIdentityOf(pack.series)),
      },
    ],
    story_units: [...timeline.units].map(([key, unit]) => ({
      key,
      medium: unit.medium,
      position: timeline.positions.get(key) ?? 0,
      label: unit.label,
      path: unitPath(key),
      revealed_by: revealersOf(key),
      told_by: toldBy(key),
      title_reached_by: titleReachOf(key),
    })),
    arcs: webNovel.arcs,
    chapters: webNovel.chapters,
    ln_collections: lightNovels.collections,
    ln_volumes: lightNovels.volumes,
    ln_volume_changes: lightNovels.changes,
    side_stories: sideStories.stories,
    anime_seasons: anime.seasons,
    anime_season_parts: anime.parts,
    anime_episodes: anime.episodes,
    adaptation_changes: anime.changes,
    break_time_episodes: anime.shorts,
    anime_recuts: recuts.recuts,
    anime_recut_episodes: recuts.episodes,
    anime_specials: specials.specials,
    manga_series: manga.series,
    manga_volumes: manga.volumes,
    manga_chapters: manga.chapters,
    characters: characters.characters,
    character_affiliations: characters.affiliations,
    character_facts: characters.facts,
    character_relationships: characters.relationships,
    search_entries: [
      ...webNovel.search,
      ...lightNovels.search,
      ...sideStories.search,
      ...characters.search,
      ...animeSearchEntries(resolution, anime),
      ...recutSearchEntries(resolution, recuts),
      ...specials.search,
      ...manga.search,
      ...mistakeSearchEntries(resolution, mistakes),
      ...nameSearchEntries(resolution, { arcs: webNovel.arcs, parts: anime.parts, series: manga.series }),
    ]
      .map(findableByOriginalTitle)
      .map(findableByPlace)
      .map(findableByParts)
      .map(findableAsSearched),
    ln_mistakes: mistakes.lightNovel,
    anime_mistakes: mistakes.anime,
  };
  const externalIds = externalIdRows(pack, report);
  // Last, once every reference has been checked: no text may name a secret before it is revealed, nor a
  // character before the reader meets them.
  const crossed = readersWhoCrossed(pack, revealersOf, timeline.positions);
  lintSpoilers(pack, revealersOf, timeline.positions, report, crossed);
  lintCharactersNamed(pack, revealersOf, timeline.positions, report, crossed);
  const warn: Report = (file, path, message) => warnings.push({ file, path, message });
  lintTitles(pack, revealersOf, timeline.positions, warn);
  lintArcInLabels(pack, warn);
  // Kept for triage, which holds a reader's report to the same secrets before publishing it.
  const storySecrets = secretsTold(pack, revealersOf, timeline.positions).map((secret) => ({
    id: secret.id,
    words: JSON.stringify(secret.words),
    revealed_by: secret.revealedBy,
  }));
  return {
    rows: { ...rows, content_statistics: statisticsRows(rows), external_ids: externalIds, story_secrets: storySecrets },
    problems,
    warnings,
  };
}

/** An entry's original title is the first of its other names: the index finds it by them. */
function findableByOriginalTitle(entry: SearchEntryRow): SearchEntryRow {
  if (!entry.original_title) return entry;
  return { ...entry, aliases: [entry.original_title, entry.aliases].filter(Boolean).join(" · ") };
}

/**
 * The kinds of search entry whose line under the title says where they are ("Arc 3 · Chapter 9",
 * "Season 1 · Episode 8", "Lanternfall 4"): that line is searched as another name for them, so "episode
 * 8" finds the episode. It is shown with the hit, and gated with it, so matching on it says nothing the
 * hit does not. A character's line (where they belong) and a translation note's (the passage) are not
 * names of theirs.
 */
const placedKinds = new Set<SearchEntryRow["kind"]>([
  "arc",
  "chapter",
  "volume",
  "side_story",
  "season",
  "episode",
  "break_time",
  "anime_special",
  "manga_series",
  "manga_chapter",
]);

function findableByPlace(entry: SearchEntryRow): SearchEntryRow {
  if (!placedKinds.has(entry.kind) || !entry.subtitle) return entry;
  return { ...entry, aliases: [entry.aliases, entry.subtitle].filter(Boolean).join(" · ") };
}

/**
 * An entry's Chinese, Japanese and Korean words (an original title, a name as first written) are found by
 * any part of them, not only their start: their pairs of letters go after its other names, and its
 * text's after its text (unspacedPairs). The title's go with the names, as the title is shown as it is.
 */
function findableByParts(entry: SearchEntryRow): SearchEntryRow {
  const names = unspacedPairs(entry.title, entry.aliases);
  const text = unspacedPairs(entry.body);
  if (!names && !text) return entry;
  return {
    ...entry,
    aliases: [entry.aliases, names].filter(Boolean).join(" · "),
    body: [entry.body, text].filter(Boolean).join(" · "),
  };
}

/**
 * An entry's words as search reads them (asSearchedText): the index keeps a dot inside a word, so a number
 * such as "7.5" is one word and "vol 5" does not find it (decision 80); every other dot of its names and
 * text is written as a space, where it parts words, and a title holding one ("Vol. 2", "J. R. Hale"),
 * shown as it is, is among its names as it reads so, so "vol 2" finds it as a whole word.
 */
function findableAsSearched(entry: SearchEntryRow): SearchEntryRow {
  const title = asSearchedText(entry.title);
  return {
    ...entry,
    aliases: [asSearchedText(entry.aliases), title === entry.title ? "" : title].filter(Boolean).join(" · "),
    body: asSearchedText(entry.body),
  };
}
