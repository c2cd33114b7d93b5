import type { z } from "zod";
import {
  animeMistakePath,
  formatTimestamp,
  mistakeAnchor,
  timestampSeconds,
  volumeSlugFromKey,
} from "../app/lib/mistakes";
import {
  type ContentPack,
  inverseRelationshipKinds,
  type PackFileName,
  packFields,
  packFiles,
  type RevealIn,
} from "./schema";
import { adaptationChanges, type AdaptedRange } from "./adaptation";
import type {
  AdaptationChangeRow,
  AnimeEpisodeRow,
  AnimeMistakeRow,
  ArcRow,
  BreakTimeEpisodeRow,
  CharacterAffiliationRow,
  CharacterFactRow,
  CharacterRelationshipRow,
  CharacterRow,
  ChapterRow,
  LnMistakeRow,
  LnVolumeRow,
  MistakeEntryColumns,
  PackRows,
  SearchEntryRow,
  SideStoryRow,
  VolumeChangeRow,
} from "../app/lib/content/rows";
import {
  arcsInOrder,
  declareUnits,
  placeUnits,
  type Reference,
  referenceChecker,
  type Report,
  type Timeline,
} from "./timeline";
import {
  animeMistakeRevealedBy,
  chapterTitleRevealedBy,
  lnChapterTitlesRevealedBy,
  lnMistakeRevealedBy,
  revealedByAny,
  revealedByIn,
  revealInMedia,
  revealMap,
} from "./reveals";
import { breakTimeAiring } from "../app/lib/content/labels";
import { lintSpoilers } from "./spoiler-lint";
import { statisticsRows } from "./statistics";
import { externalIdRows } from "./external-ids";
import {
  breakTimeKey,
  chapterKey,
  episodeKey,
  type Medium,
  parseUnitKey,
  sideStoryKey,
  unitPath,
  volumeKey,
} from "../app/lib/content/units";

/** One problem in a pack: the file, where inside it, and what is wrong. */
export interface PackProblem {
  file: string;
  path: string;
  message: string;
}

export function formatProblem({ file, path, message }: PackProblem) {
  return `${file}${path ? ` › ${path}` : ""}: ${message}`;
}

function zodPath(path: ReadonlyArray<PropertyKey>) {
  return path.reduce<string>(
    (text, part) => (typeof part === "number" ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)),
    "",
  );
}

/** Checks one file's shape; returns the parsed value or its problems. */
export function parsePackFile<F extends PackFileName>(file: F, json: unknown) {
  const result = (packFiles[file] as z.ZodType).safeParse(json);
  if (result.success) return { value: result.data as z.infer<(typeof packFiles)[F]>, problems: [] };
  return {
    value: null,
    problems: result.error.issues.map((issue) => ({ file, path: zodPath(issue.path), message: issue.message })),
  };
}

/** What was read of one pack file: its JSON, or why it could not be read. */
export type PackFileSource = { json: unknown } | { problem: string };

/**
 * Checks every file's shape (in the order of packFields) and returns the whole pack, or null with
 * every problem of every file.
 */
export function parsePack(read: (file: PackFileName) => PackFileSource): {
  pack: ContentPack | null;
  problems: PackProblem[];
} {
  const problems: PackProblem[] = [];
  const parse = <F extends PackFileName>(file: F) => {
    const source = read(file);
    if ("problem" in source) {
      problems.push({ file, path: "", message: source.problem });
      return null;
    }
    const parsed = parsePackFile(file, source.json);
    problems.push(...parsed.problems);
    return parsed.value;
  };
  const series = parse(packFields.series);
  const webNovel = parse(packFields.webNovel);
  const lightNovels = parse(packFields.lightNovels);
  const sideStories = parse(packFields.sideStories);
  const anime = parse(packFields.anime);
  const characters = parse(packFields.characters);
  const mistakes = parse(packFields.mistakes);
  if (!series || !webNovel || !lightNovels || !sideStories || !anime || !characters || !mistakes)
    return { pack: null, problems };
  return { pack: { series, webNovel, lightNovels, sideStories, anime, characters, mistakes }, problems };
}

/** What a row builder works from: the pack, its timeline, and where to look up and report references. */
interface Resolution {
  pack: ContentPack;
  packName: string;
  timeline: Timeline;
  /** The units that reveal what the story reveals at a unit (./reveals). */
  revealersOf: (unitKey: string) => string;
  reference: Reference;
  report: Report;
  /** Checks a gated item's `revealAt` and `revealIn` and gives its position and what reveals it. */
  gate: Gate;
  checkRevealIn: ReturnType<typeof revealInChecker>;
}

/** `implied`: the item has a reveal point of its own (a translation note's passage), so revealIn needs no revealAt. */
type Gate = (
  item: { revealAt?: string; revealIn?: RevealIn } | undefined,
  file: PackFileName,
  path: string,
  implied?: boolean,
) => { position: number | null; revealedBy: string | null };

/**
 * Checks a `revealIn` (at `path`): each medium's unit must exist and be of that medium, and there must be
 * a reveal point for it to change.
 */
function revealInChecker(reference: Reference, report: Report) {
  return (revealIn: RevealIn | undefined, hasRevealPoint: boolean, file: PackFileName, path: string) => {
    if (!revealIn) return;
    if (!hasRevealPoint)
      report(file, path, "needs a reveal point (revealAt): revealIn only says where a medium reveals it differently");
    for (const [name, unit] of Object.entries(revealIn) as [keyof RevealIn, string | null | undefined][])
      if (unit) reference(unit, file, `${path}.${name}`, revealInMedia[name]);
  };
}

/**
 * Checks references across the pack and turns it into table rows, in named phases: declare every
 * unit, place it on the story timeline, then build each file's rows, checking its references as they
 * are read. Chapters sit in reading order; a volume or episode where the last chapter it adapts is; a
 * side story or side volume just after the unit it is read after; a Break Time short with the episode
 * it accompanies. Problems are listed in the order the phases meet them.
 */
export function resolvePack(pack: ContentPack, packName: string): { rows: PackRows; problems: PackProblem[] } {
  const problems: PackProblem[] = [];
  const report: Report = (file, path, message) => problems.push({ file, path, message });

  const units = declareUnits(pack, report);
  const timeline: Timeline = { units, positions: placeUnits(units, report) };
  const revealersOf = revealMap(pack, timeline);
  const reference = referenceChecker(timeline, report);
  const checkRevealIn = revealInChecker(reference, report);
  const gate: Gate = (item, file, path, implied = false) => {
    checkRevealIn(item?.revealIn, implied || item?.revealAt !== undefined, file, `${path}.revealIn`);
    return {
      position: reference(item?.revealAt, file, `${path}.revealAt`),
      revealedBy: revealedByIn(revealersOf, item?.revealIn, item?.revealAt),
    };
  };
  const resolution: Resolution = { pack, packName, timeline, revealersOf, reference, report, gate, checkRevealIn };
  pack.series.secrets.forEach((secret, index) => gate(secret, "series.json", `secrets[${index}]`));

  const webNovel = webNovelRows(resolution);
  const lightNovels = lightNovelRows(resolution);
  const sideStories = sideStoryRows(resolution);
  const anime = animeRows(resolution);
  const characters = characterRows(resolution);
  const mistakes = mistakeRows(resolution);
  const rows: Omit<PackRows, "content_statistics" | "external_ids"> = {
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
      },
    ],
    story_units: [...units].map(([key, unit]) => ({
      key,
      medium: unit.medium,
      position: timeline.positions.get(key) ?? 0,
      label: unit.label,
      path: unitPath(key),
      revealed_by: revealersOf(key),
    })),
    arcs: webNovel.arcs,
    chapters: webNovel.chapters,
    ln_collections: lightNovels.collections,
    ln_volumes: lightNovels.volumes,
    ln_volume_changes: lightNovels.changes,
    side_stories: sideStories.stories,
    anime_seasons: anime.seasons,
    anime_episodes: anime.episodes,
    adaptation_changes: anime.changes,
    break_time_episodes: anime.shorts,
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
      ...translationNoteSearchEntries(resolution, mistakes),
    ],
    ln_mistakes: mistakes.lightNovel,
    anime_mistakes: mistakes.anime,
  };
  const externalIds = externalIdRows(pack, report);
  // Last, once every reference has been checked: no text may name a secret before it is revealed.
  lintSpoilers(pack, revealersOf, timeline.positions, report);
  return { rows: { ...rows, content_statistics: statisticsRows(rows), external_ids: externalIds }, problems };
}

const positionOf = ({ positions }: Timeline, key: string) => positions.get(key) ?? 0;
/** The first unit of a medium on the timeline: where every reader of it starts. */
function firstUnit({ units, positions }: Timeline, medium: Medium) {
  let first: string | null = null;
  for (const [key, unit] of units)
    if (
      unit.medium === medium &&
      (first === null || (positions.get(key) ?? Infinity) < (positions.get(first) ?? Infinity))
    )
      first = key;
  return first;
}
const labelOf = ({ units }: Timeline, key: string) => units.get(key)?.label ?? key;
/** Where the site serves an image of the pack (images/covers/a.svg → /media/<pack>/covers/a.svg). */
const mediaPath = (packName: string, image: string) => `/media/${packName}/${image.replace(/^images\//, "")}`;

/** Arcs, their chapters (each ordinal once; duplicates were reported when declared) and chapter search entries. */
function webNovelRows({ pack, timeline, revealersOf, reference, checkRevealIn }: Resolution) {
  const arcs: ArcRow[] = [];
  const chapters: ChapterRow[] = [];
  const search: SearchEntryRow[] = [];
  for (const arc of arcsInOrder(pack)) {
    const arcPath = `arcs[${pack.webNovel.arcs.indexOf(arc)}]`;
    reference(arc.summaryRevealAt, "web-novel.json", `${arcPath}.summaryRevealAt`);
    checkRevealIn(
      arc.summaryRevealIn,
      arc.summaryRevealAt !== undefined,
      "web-novel.json",
      `${arcPath}.summaryRevealIn`,
    );
    arcs.push({
      number: arc.number,
      title: arc.title,
      original_title: arc.originalTitle ?? null,
      summary: arc.summary ?? null,
      summary_revealed_by: revealedByIn(revealersOf, arc.summaryRevealIn, arc.summaryRevealAt),
      phases: JSON.stringify(arc.phases),
    });
    const seen = new Set<number>();
    for (const chapter of arc.chapters) {
      if (seen.has(chapter.ordinal)) continue;
      seen.add(chapter.ordinal);
      const key = chapterKey(arc.number, chapter.ordinal);
      checkRevealIn(
        chapter.titleRevealIn,
        chapter.titleIsSpoiler,
        "web-novel.json",
        `${arcPath}.chapters[${arc.chapters.indexOf(chapter)}].titleRevealIn`,
      );
      const position = positionOf(timeline, key);
      const titleRevealPosition = chapter.titleIsSpoiler ? position : null;
      const titleRevealedBy = chapterTitleRevealedBy(chapter, key, revealersOf);
      chapters.push({
        key,
        arc_number: arc.number,
        ordinal: chapter.ordinal,
        kind: chapter.kind,
        title: chapter.title,
        original_title: chapter.originalTitle ?? null,
        published_on: chapter.publishedOn,
        word_count: chapter.wordCount,
        read_url: chapter.readUrl ?? null,
        translator: chapter.translator ?? null,
        position,
        title_reveal_position: titleRevealPosition,
        title_revealed_by: titleRevealedBy,
      });
      search.push({
        ref: `chapter:${key}`,
        kind: "chapter",
        title: chapter.title,
        subtitle: labelOf(timeline, key),
        path: unitPath(key),
        aliases: chapter.originalTitle ?? "",
        body: arc.title,
        reveal_position: titleRevealPosition,
        revealed_by: titleRevealedBy,
      });
    }
  }
  return { arcs, chapters, search };
}

/**
 * Collections, volumes and what each volume changed: what a volume adapts must be chapters, in order;
 * English after Japanese release; a change's chapters run forwards, and a cut scene lies among the
 * chapters the volume adapts.
 */
function lightNovelRows({ pack, packName, timeline, revealersOf, reference, report }: Resolution) {
  const file = "light-novels.json";
  const volumes: LnVolumeRow[] = [];
  const changes: VolumeChangeRow[] = [];
  const search: SearchEntryRow[] = [];
  const collections = pack.lightNovels.collections.map((collection, c) => {
    const numbers = new Set<number>();
    collection.volumes.forEach((volume, v) => {
      if (numbers.has(volume.number)) return;
      numbers.add(volume.number);
      const path = `collections[${c}].volumes[${v}]`;
      const key = volumeKey(collection.code, volume.number);
      const from = reference(volume.adapts?.from, file, `${path}.adapts.from`, "web_novel");
      const to = reference(volume.adapts?.to, file, `${path}.adapts.to`, "web_novel");
      if (from !== null && to !== null && from > to)
        report(
          file,
          `${path}.adapts`,
          `adapts runs backwards: ${volume.adapts?.from} comes after ${volume.adapts?.to}`,
        );
      if (volume.releasedEn && volume.releasedEn < volume.releasedJp)
        report(file, `${path}.releasedEn`, "the English release cannot come before the Japanese one");
      const chapterTitlesRevealedBy = lnChapterTitlesRevealedBy(pack, volume, revealersOf, timeline.positions);
      volume.changes.forEach((change, index) => {
        const where = `${path}.changes[${index}]`;
        const changeFrom = reference(change.chapters?.from, file, `${where}.chapters.from`, "web_novel");
        const changeTo = reference(change.chapters?.to, file, `${where}.chapters.to`, "web_novel");
        if (changeFrom !== null && changeTo !== null && changeFrom > changeTo)
          report(
            file,
            `${where}.chapters`,
            `runs backwards: ${change.chapters?.from} comes after ${change.chapters?.to}`,
          );
        if (change.kind === "cut" && !change.chapters)
          report(file, `${where}.chapters`, "a cut scene names the web novel chapters it leaves out");
        else if (
          change.kind === "cut" &&
          changeFrom !== null &&
          changeTo !== null &&
          (from === null || to === null || changeFrom < from || changeTo > to)
        )
          report(file, `${where}.chapters`, `a cut scene lies among the chapters ${key} adapts`);
        changes.push({
          volume_key: key,
          sort_order: index,
          kind: change.kind,
          chapters_from: change.chapters?.from ?? null,
          chapters_to: change.chapters?.to ?? null,
          note: change.note,
          revealed_by: revealersOf(key),
        });
      });
      volumes.push({
        key,
        collection_code: collection.code,
        number: volume.number,
        title: volume.title,
        original_title: volume.originalTitle ?? null,
        released_jp: volume.releasedJp,
        released_en: volume.releasedEn ?? null,
        isbn: volume.isbn ?? null,
        page_count: volume.pageCount ?? null,
        cover: volume.cover ? mediaPath(packName, volume.cover) : null,
        chapter_titles: JSON.stringify(volume.chapters),
        chapter_titles_revealed_by: JSON.stringify(chapterTitlesRevealedBy),
        adapts_from: volume.adapts?.from ?? null,
        adapts_to: volume.adapts?.to ?? null,
        read_after: volume.readAfter ?? null,
        position: positionOf(timeline, key),
      });
      search.push({
        ref: `volume:${key}`,
        kind: "volume",
        title: volume.title,
        subtitle: labelOf(timeline, key),
        path: unitPath(key),
        aliases: [volume.originalTitle, volume.isbn].filter(Boolean).join(" "),
        // Chapter titles that give something away are not searchable with the volume (their chapters are).
        body: volume.chapters.filter((_, index) => chapterTitlesRevealedBy[index] === null).join(" · "),
        reveal_position: null,
        revealed_by: null,
      });
    });
    return {
      code: collection.code,
      name: collection.name,
      kind: collection.kind,
      description: collection.description ?? null,
      sort_order: c,
    };
  });
  return { collections, volumes, changes, search };
}

/** Side stories, each slug once (a repeated slug was reported as a key defined twice). */
/** A title as a slug would spell it: "IF: The Ash Warden Keeps Watch" → "if-the-ash-warden-keeps-watch". */
const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

function sideStoryRows({ pack, timeline, gate, report }: Resolution) {
  const stories: SideStoryRow[] = [];
  const search: SearchEntryRow[] = [];
  const slugs = new Set<string>();
  pack.sideStories.sideStories.forEach((story, index) => {
    if (slugs.has(story.slug)) return;
    slugs.add(story.slug);
    const key = sideStoryKey(story.slug);
    const gated = gate(story, "side-stories.json", `sideStories[${index}]`);
    // The slug is in every address and anchor of the story: it must not spell a title the shield hides.
    if (story.revealAt && slugOf(story.title) === story.slug)
      report(
        "side-stories.json",
        `sideStories[${index}].slug`,
        `spells the story's title, which is gated: choose a slug that does not give it away`,
      );
    stories.push({
      slug: story.slug,
      key,
      kind: story.kind,
      title: story.title,
      original_title: story.originalTitle ?? null,
      summary: story.summary ?? null,
      published_in: story.publishedIn,
      published_on: story.publishedOn ?? null,
      read_after: story.readAfter,
      canon: story.canon ? 1 : 0,
      read_url: story.readUrl ?? null,
      position: positionOf(timeline, key),
      revealed_by: gated.revealedBy,
    });
    search.push({
      ref: `side_story:${story.slug}`,
      kind: "side_story",
      title: story.title,
      subtitle: story.publishedIn,
      path: unitPath(key),
      aliases: story.originalTitle ?? "",
      body: story.summary ?? "",
      reveal_position: gated.position,
      revealed_by: gated.revealedBy,
    });
  });
  return { stories, search };
}

/**
 * Seasons, episodes and Break Time shorts: an episode adapts chapters, in order, and lists volumes
 * and its differences from the web novel; a short accompanies an episode. What each season skipped
 * or told out of order is found from its episodes' chapter ranges (./adaptation) and stored beside
 * the pack's own notes.
 */
function animeRows({ pack, timeline, revealersOf, reference, report }: Resolution) {
  const file = "anime.json";
  const episodes: AnimeEpisodeRow[] = [];
  const changes: AdaptationChangeRow[] = [];
  const episodeKeys = new Set<string>();
  const chapters = [...timeline.units]
    .filter(([key, unit]) => unit.medium === "web_novel" && timeline.positions.has(key))
    .map(([key]) => ({ key, position: positionOf(timeline, key) }));
  const seasons = pack.anime.seasons.map((season, s) => {
    const ranges: AdaptedRange[] = [];
    const notes: AdaptationChangeRow[] = [];
    season.episodes.forEach((episode, e) => {
      const key = episodeKey(season.number, episode.number);
      if (episodeKeys.has(key)) return;
      episodeKeys.add(key);
      const path = `seasons[${s}].episodes[${e}]`;
      const from = reference(episode.adapts.from, file, `${path}.adapts.from`, "web_novel");
      const to = reference(episode.adapts.to, file, `${path}.adapts.to`, "web_novel");
      if (from !== null && to !== null && from > to)
        report(
          file,
          `${path}.adapts`,
          `adapts runs backwards: ${episode.adapts.from} comes after ${episode.adapts.to}`,
        );
      episode.volumes.forEach((volume, index) => reference(volume, file, `${path}.volumes[${index}]`, "light_novels"));
      if (from !== null && to !== null && from <= to) ranges.push({ key, from, to });
      episode.changes.forEach((change, c) => {
        const where = `${path}.changes[${c}].chapters`;
        const first = reference(change.chapters?.from, file, `${where}.from`, "web_novel");
        const last = reference(change.chapters?.to, file, `${where}.to`, "web_novel");
        if (first !== null && last !== null && first > last)
          report(file, where, `runs backwards: ${change.chapters?.from} comes after ${change.chapters?.to}`);
        const chapterRange = { chapters_from: change.chapters?.from ?? null, chapters_to: change.chapters?.to ?? null };
        notes.push({
          episode_key: key,
          sort_order: 0,
          kind: change.kind,
          ...chapterRange,
          note: change.note,
          computed: 0,
        });
      });
      episodes.push({
        key,
        season_number: season.number,
        number: episode.number,
        title: episode.title,
        original_title: episode.originalTitle ?? null,
        aired_on: episode.airedOn,
        adapts_from: episode.adapts.from,
        adapts_to: episode.adapts.to,
        volumes: JSON.stringify(episode.volumes),
        position: positionOf(timeline, key),
      });
    });
    // Found changes first (in story order), then the pack's notes, numbered per episode.
    const found = adaptationChanges(ranges, chapters).map((change): AdaptationChangeRow => ({
      episode_key: change.episode,
      sort_order: 0,
      kind: change.kind,
      chapters_from: change.from,
      chapters_to: change.to,
      note: null,
      computed: 1,
    }));
    for (const { key } of ranges) {
      const ofEpisode = [...found, ...notes].filter((change) => change.episode_key === key);
      ofEpisode.forEach((change, order) => changes.push({ ...change, sort_order: order }));
    }
    return { number: season.number, title: season.title };
  });

  const shorts: BreakTimeEpisodeRow[] = [];
  const shortKeys = new Set<string>();
  pack.anime.breakTime.forEach((short, index) => {
    const key = breakTimeKey(short.season, short.number);
    if (shortKeys.has(key)) return;
    shortKeys.add(key);
    reference(short.accompanies, file, `breakTime[${index}].accompanies`, "anime");
    shorts.push({
      key,
      season_number: short.season,
      number: short.number,
      title: short.title,
      aired_on: short.airedOn ?? null,
      accompanies: short.accompanies,
      position: positionOf(timeline, key),
      title_revealed_by: short.titleIsSpoiler ? revealedByAny(revealersOf, key, short.accompanies) : null,
    });
  });
  return { seasons, episodes, changes, shorts };
}

/**
 * Search entries for episodes and Break Time shorts, gated as their pages gate them: an episode's title
 * is public, a short's is gated where the pack flags it (with the episode it accompanies).
 */
function animeSearchEntries({ timeline }: Resolution, anime: ReturnType<typeof animeRows>): SearchEntryRow[] {
  const seasonTitles = new Map(anime.seasons.map((season) => [season.number, season.title]));
  const episodes = anime.episodes.map((episode): SearchEntryRow => ({
    ref: `episode:${episode.key}`,
    kind: "episode",
    title: episode.title,
    subtitle: labelOf(timeline, episode.key),
    path: unitPath(episode.key),
    aliases: episode.original_title ?? "",
    body: seasonTitles.get(episode.season_number) ?? "",
    reveal_position: episode.position,
    // Episode titles are shown to everyone, as /anime lists them.
    revealed_by: null,
  }));
  const shorts = anime.shorts.map((short): SearchEntryRow => {
    // The reference checker has refused a pack whose short accompanies no episode.
    const episode = parseUnitKey(short.accompanies, "anime") ?? { season: short.season_number, episode: 0 };
    return {
      ref: `break_time:${short.key}`,
      kind: "break_time",
      title: short.title,
      subtitle: breakTimeAiring({ season: short.season_number, number: short.number }, episode),
      path: unitPath(short.key),
      aliases: "",
      body: "",
      reveal_position: positionOf(timeline, short.accompanies),
      revealed_by: short.title_revealed_by,
    };
  });
  return [...episodes, ...shorts];
}

/** Search entries for translation notes, each gated where its entry is on the mistakes pages. */
function translationNoteSearchEntries(
  { timeline }: Resolution,
  mistakes: ReturnType<typeof mistakeRows>,
): SearchEntryRow[] {
  const entry = (row: LnMistakeRow | AnimeMistakeRow, subtitle: string, path: string): SearchEntryRow => ({
    ref: `translation_note:${row.id}`,
    kind: "translation_note",
    title: row.official,
    subtitle,
    path,
    aliases: [row.suggested, row.japanese].filter(Boolean).join(" · "),
    body: row.explanation,
    reveal_position: row.reveal_position,
    revealed_by: row.revealed_by,
  });
  return [
    ...mistakes.lightNovel.map((row) =>
      entry(
        row,
        `${labelOf(timeline, row.volume_key)}, chapter ${row.chapter}`,
        `/translation_meta/ln_mistls/${volumeSlugFromKey(row.volume_key)}#${mistakeAnchor(row.id)}`,
      ),
    ),
    ...mistakes.anime.map((row) =>
      entry(
        row,
        `${labelOf(timeline, row.episode_key)} at ${formatTimestamp(row.start_seconds)}`,
        animeMistakePath(row.id, row.episode_key),
      ),
    ),
  ];
}

/**
 * Characters with their affiliations, facts and relationships, each spoiler stored as the position
 * it is revealed at. A character's existence is revealed at their earliest first appearance.
 */
function characterRows({ pack, packName, timeline, revealersOf, reference, report, gate }: Resolution) {
  const file = "characters.json";
  const characters: CharacterRow[] = [];
  const affiliations: CharacterAffiliationRow[] = [];
  const facts: CharacterFactRow[] = [];
  const relationships: CharacterRelationshipRow[] = [];
  const search: SearchEntryRow[] = [];
  const characterSlugs = new Set(pack.characters.characters.map((character) => character.slug));
  const seen = new Set<string>();
  // Who the story opens with is no spoiler: met in the web novel's first chapter or the anime's first episode.
  const openingUnits = new Set([firstUnit(timeline, "web_novel"), firstUnit(timeline, "anime")]);
  const existence = new Map(
    pack.characters.characters.map((character) => {
      const { webNovel, lightNovel, anime } = character.firstAppearances;
      const opens = [webNovel, anime].some((key) => key !== undefined && openingUnits.has(key));
      return [character.slug, opens ? null : (revealedByAny(revealersOf, webNovel, lightNovel, anime) ?? "")] as const;
    }),
  );
  pack.characters.characters.forEach((character, index) => {
    const path = `characters[${index}]`;
    if (seen.has(character.slug)) {
      report(file, `${path}.slug`, `the slug "${character.slug}" is used twice`);
      return;
    }
    seen.add(character.slug);
    const first = character.firstAppearances;
    const firsts = [
      ["web_novel", reference(first.webNovel, file, `${path}.firstAppearances.webNovel`, "web_novel")],
      ["light_novels", reference(first.lightNovel, file, `${path}.firstAppearances.lightNovel`, "light_novels")],
      ["anime", reference(first.anime, file, `${path}.firstAppearances.anime`, "anime")],
    ] as const;
    // Release order of the media: the web novel came first, then the light novels, then the anime.
    const firstMedium = firsts.find(([, position]) => position !== null)?.[0] ?? null;
    const appearsAt = Math.min(...firsts.map(([, position]) => position ?? Infinity));
    const portrait = gate(character.portrait, file, `${path}.portrait`);
    characters.push({
      slug: character.slug,
      name: character.name,
      original_name: character.originalName ?? null,
      aliases: JSON.stringify(character.aliases),
      affiliations: JSON.stringify(character.affiliations),
      summary: character.summary ?? null,
      portrait: character.portrait ? mediaPath(packName, character.portrait.src) : null,
      portrait_alt: character.portrait?.alt ?? null,
      portrait_reveal_position: portrait.position,
      portrait_revealed_by: portrait.revealedBy,
      revealed_by: existence.get(character.slug) ?? null,
      first_web_novel: first.webNovel ?? null,
      first_light_novel: first.lightNovel ?? null,
      first_anime: first.anime ?? null,
      first_medium: firstMedium,
      sort_name: character.name.toLocaleLowerCase("en"),
    });
    for (const affiliation of new Set(character.affiliations))
      affiliations.push({ character_slug: character.slug, affiliation });
    character.facts.forEach((fact, f) => {
      const { position, revealedBy } = gate(fact, file, `${path}.facts[${f}]`);
      facts.push({
        character_slug: character.slug,
        sort_order: f,
        label: fact.label,
        value: fact.value,
        reveal_position: position,
        revealed_by: revealedBy,
      });
    });
    const relationshipKeys = new Set<string>();
    character.relationships.forEach((relationship, r) => {
      const where = `${path}.relationships[${r}]`;
      if (!characterSlugs.has(relationship.to))
        report(file, `${where}.to`, `points to the character "${relationship.to}", which does not exist`);
      else if (relationship.to === character.slug)
        report(file, `${where}.to`, "a character cannot be related to itself");
      else if (relationshipKeys.has(`${relationship.to}/${relationship.kind}`))
        report(file, where, `the ${relationship.kind} relationship to "${relationship.to}" is listed twice`);
      else {
        relationshipKeys.add(`${relationship.to}/${relationship.kind}`);
        const { position, revealedBy } = gate(relationship, file, where);
        relationships.push({
          character_slug: character.slug,
          related_slug: relationship.to,
          kind: relationship.kind,
          description: relationship.description,
          reveal_position: position,
          // A relationship the pack does not gate still names the other character: gated with meeting them.
          revealed_by: relationship.revealAt ? revealedBy : (existence.get(relationship.to) ?? null),
        });
      }
    });
    search.push({
      ref: `character:${character.slug}`,
      kind: "character",
      title: character.name,
      subtitle: character.affiliations.join(" · "),
      path: `/characters/${character.slug}`,
      aliases: [character.originalName, ...character.aliases].filter(Boolean).join(" · "),
      body: character.summary ?? "",
      reveal_position: Number.isFinite(appearsAt) ? appearsAt : null,
      // A character is found once the reader has met them.
      revealed_by: existence.get(character.slug) ?? null,
    });
  });
  // Each side reads from its own character: two characters cannot each be the other's mentor.
  const kindsBetween = new Map<string, Set<string>>();
  for (const { character_slug, related_slug, kind } of relationships) {
    const key = `${character_slug}/${related_slug}`;
    kindsBetween.set(key, (kindsBetween.get(key) ?? new Set()).add(kind));
  }
  pack.characters.characters.forEach((character, index) => {
    character.relationships.forEach((relationship, r) => {
      const back = kindsBetween.get(`${relationship.to}/${character.slug}`);
      const inverse = inverseRelationshipKinds[relationship.kind];
      if (inverse === relationship.kind || !back?.has(relationship.kind)) return;
      report(
        file,
        `characters[${index}].relationships[${r}].kind`,
        `"${relationship.to}" is ${character.slug}'s ${relationship.kind}, so "${relationship.to}" must list "${character.slug}" as ${inverse}, not ${relationship.kind}`,
      );
    });
  });
  return { characters, affiliations, facts, relationships, search };
}

type LnMistake = ContentPack["mistakes"]["lightNovel"][number];
type AnimeMistake = ContentPack["mistakes"]["anime"][number];

/** The columns light novel and anime entries share; `revealAt` is where the entry stops being a spoiler. */
function entryColumns(
  entry: LnMistake | AnimeMistake,
  revealAt: number | null,
  revealedBy: string | null,
): MistakeEntryColumns {
  return {
    id: entry.id,
    source: "pack",
    official: entry.official,
    suggested: entry.suggested,
    explanation: entry.explanation,
    category: entry.category,
    severity: entry.severity,
    status: entry.status,
    reveal_position: revealAt ?? 0,
    revealed_by: revealedBy ?? "",
    credits: JSON.stringify(entry.credits),
    added_on: entry.addedOn,
    updated_on: entry.updatedOn ?? null,
  };
}

/**
 * Translation-mistake entries: ids are permalinks, so each is used once across both lists; an LN
 * entry's chapter, page and web novel chapter must exist in its volume; an anime entry ends after it starts.
 */
function mistakeRows({ pack, timeline, revealersOf, reference, report, gate }: Resolution) {
  const file = "mistranslations.json";
  const volumes = new Map(
    pack.lightNovels.collections.flatMap((collection) =>
      collection.volumes.map((volume) => [volumeKey(collection.code, volume.number), volume] as const),
    ),
  );
  const ids = new Set<string>();
  const unique = (id: string, path: string) => {
    if (ids.has(id)) {
      report(file, `${path}.id`, `the id "${id}" is used twice`);
      return false;
    }
    ids.add(id);
    return true;
  };

  const lightNovel: LnMistakeRow[] = [];
  pack.mistakes.lightNovel.forEach((entry, index) => {
    const path = `lightNovel[${index}]`;
    if (!unique(entry.id, path)) return;
    const volumePosition = reference(entry.volume, file, `${path}.volume`, "light_novels");
    const volume = volumes.get(entry.volume);
    if (volume && volume.chapters.length && entry.chapter > volume.chapters.length)
      report(file, `${path}.chapter`, `${entry.volume} has ${volume.chapters.length} chapters, not ${entry.chapter}`);
    if (volume?.pageCount && entry.page && entry.page > volume.pageCount)
      report(file, `${path}.page`, `${entry.volume} has ${volume.pageCount} pages, not ${entry.page}`);
    const chapterPosition = reference(entry.webNovelChapter, file, `${path}.webNovelChapter`, "web_novel");
    if (chapterPosition !== null && volume?.adapts) {
      const from = timeline.positions.get(volume.adapts.from);
      const to = timeline.positions.get(volume.adapts.to);
      if (from !== undefined && to !== undefined && (chapterPosition < from || chapterPosition > to))
        report(
          file,
          `${path}.webNovelChapter`,
          `${entry.webNovelChapter} is not among the chapters ${entry.volume} adapts`,
        );
    }
    if (entry.page === undefined && entry.ebookPosition === undefined)
      report(file, path, "give the page, the ebook position, or both");
    // Gated where its passage is in the story (the web novel chapter), not at the end of the whole volume.
    const given = gate(entry, file, path, true);
    const revealAt = entry.revealAt ? given.position : (chapterPosition ?? volumePosition);
    const revealedBy = lnMistakeRevealedBy(entry, revealersOf, chapterPosition !== null);
    lightNovel.push({
      ...entryColumns(entry, revealAt, revealedBy),
      volume_key: entry.volume,
      chapter: entry.chapter,
      chapter_title: volume?.chapters[entry.chapter - 1] ?? null,
      web_novel_chapter: entry.webNovelChapter ?? null,
      page: entry.page ?? null,
      ebook_position: entry.ebookPosition ?? null,
      edition: entry.edition,
      japanese: entry.japanese,
    });
  });

  const anime: AnimeMistakeRow[] = [];
  pack.mistakes.anime.forEach((entry, index) => {
    const path = `anime[${index}]`;
    if (!unique(entry.id, path)) return;
    const episodePosition = reference(entry.episode, file, `${path}.episode`, "anime");
    const start = timestampSeconds(entry.start);
    const end = timestampSeconds(entry.end);
    if (end < start) report(file, `${path}.end`, `ends (${entry.end}) before it starts (${entry.start})`);
    const given = gate(entry, file, path, true);
    const revealAt = entry.revealAt ? given.position : episodePosition;
    anime.push({
      ...entryColumns(entry, revealAt, animeMistakeRevealedBy(entry, revealersOf)),
      episode_key: entry.episode,
      start_seconds: start,
      end_seconds: end,
      platform: entry.platform,
      track: entry.track,
      japanese: entry.japanese ?? null,
    });
  });
  return { lightNovel, anime };
}
