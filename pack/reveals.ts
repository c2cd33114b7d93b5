import type { RevealIn } from "./schema/fields";
import type { ContentPack } from "./schema/files";
import type { Timeline } from "./timeline";
import { collectionSpans, episodeAdaptation, readBeforeShared } from "./adaptation";
import { lightNovelChapterName, lightNovelChapterOf } from "../app/lib/content/labels";
import {
  animeSpecialKey,
  breakTimeKey,
  chapterKey,
  episodeKey,
  isRecutEpisodeKey,
  mangaChapterKey,
  type Medium,
  mediumOf,
  parseUnitKey,
  readRevealers,
  unitRevealers,
  volumeKey,
} from "../app/lib/content/units";
import { titleRevealers } from "../app/lib/shield/knowledge";
import { recutContents, watchedIn } from "./recuts";

/**
 * The cross-media map of a pack, read as "which units reveal this": whatever the story reveals at a
 * unit is revealed by that unit and by every unit of another medium that covers the same point. A web
 * novel chapter's reveal is shared by the light novel volumes and the anime episodes that adapt that
 * chapter (not by an episode of a season that skipped it, nor by one that adapts runs on either side of it
 * and passes over it, nor by a volume or an episode that left the
 * scene out, but by the one a scene was moved to: `cut`, `skipped` and `reordered` in their changes; nor
 * by a volume that ends with chapters the next one declares it shares, `overlapsPrevious`); a volume's or
 * an episode's by the web novel chapter it reaches and whatever else covers that chapter. A side story reveals only to those who read
 * it (and the OVAs, specials and films that tell it: their viewers know what it reveals, and its readers
 * know what they show); a Break Time short to those who watched it, or the episode it aired with
 * (app/lib/content/units.ts: `unitRevealers`). An OVA, special or film that adapts chapters covers them as
 * an episode does; an anime-original one, special or season's episode, reveals to its own viewers only
 * (and to whom the pack's `revealIn` names). An episode of a recut reveals what the season's episodes it
 * holds reveal, and what they reveal it reveals too (decision 45). A manga chapter covers exactly the
 * chapters it adapts, alone as a special does (decision 49); a manga-original one reveals to its own
 * readers, who have read it or a later chapter of its series. The answer is unit keys joined by spaces
 * (knowledge.ts reads them).
 */
export function revealMap(pack: ContentPack, { positions }: Timeline): (unitKey: string) => string {
  const position = (key: string) => positions.get(key);
  const { coverers, reaches, tellers, told, watchedWith } = coverage(pack, positions);
  const chapters = new Set(
    pack.webNovel.arcs.flatMap((arc) => arc.chapters.map((chapter) => chapterKey(arc.number, chapter.ordinal))),
  );

  const airedWith = new Map(
    pack.anime.breakTime.map((short) => [breakTimeKey(short.season, short.number), short.accompanies]),
  );

  const known = new Map<string, string>();
  return (unitKey) => {
    const cached = known.get(unitKey);
    if (cached !== undefined) return cached;
    const chapter = chapters.has(unitKey) ? unitKey : reaches.get(unitKey);
    const at = chapter === undefined ? undefined : position(chapter);
    const units = new Set(unitRevealers(unitKey, airedWith.get(unitKey) ?? null));
    // Whatever a season's episode reveals, the recut episodes that hold it reveal too.
    for (const recutEpisode of watchedWith.get(unitKey) ?? []) units.add(recutEpisode);
    // A side story and the specials and episodes that tell it (nothing else) reveal the same: each to the
    // readers and viewers of all.
    for (const story of told.get(unitKey) ?? [unitKey])
      for (const unit of [story, ...(tellers.get(story) ?? [])]) if (tellers.has(story)) units.add(unit);
    if (chapter !== undefined && at !== undefined) {
      units.add(chapter);
      const within = ({ from, to }: Range) => from <= at && at <= to;
      // What a volume or an episode reveals is placed at the last chapter it reaches, but may be told
      // anywhere in it: whoever reads or watches in order and covers that chapter has been through the
      // rest, a viewer of a special that covers that chapter alone has not.
      const atChapter = chapter === unitKey;
      for (const coverer of coverers)
        if ((atChapter || !coverer.alone) && coverer.ranges.some(within) && !coverer.cut.some(within))
          units.add(coverer.key);
    }
    const revealedBy = [...units].join(" ");
    known.set(unitKey, revealedBy);
    return revealedBy;
  };
}

/**
 * Who has been through everything a unit tells, for its discussion thread, where readers write about any
 * of it (decision 58): the unit itself, and those of its revealers (`revealMap`) that reveal each of its
 * parts themselves: every web novel chapter it covers, every side story it tells, every season's episode
 * a recut's episode holds, whole or in part. A unit's revealers know what the story reveals at its place,
 * which a reader may reach without going through all of it: an anime that skipped two of the chapters a
 * light novel volume prints reaches past the volume's end, a recut's episode holds a scene brought forward
 * from a later arc. And a reader standing past a place may have skipped what lies before it (a crossing
 * records the chapters its medium left out), so a place counts only where it tells each part itself,
 * never through an earlier place on its line. A unit that tells nothing but itself (a web novel chapter,
 * a side story, a short) is told to all its revealers.
 */
export function toldByMap(
  pack: ContentPack,
  { positions }: Timeline,
  revealersOf: (unitKey: string) => string,
): (unitKey: string) => string {
  const { coverers, tellers, holds, ownScenes } = coverage(pack, positions);
  // In story order, so a range's chapters are found by halving, not by reading every chapter.
  const chapters = pack.webNovel.arcs
    .flatMap((arc) => arc.chapters.map((chapter) => chapterKey(arc.number, chapter.ordinal)))
    .flatMap((key) => {
      const at = positions.get(key);
      return at === undefined ? [] : [{ key, at }];
    })
    .sort((a, b) => a.at - b.at);
  const firstAtOrAfter = (at: number) => {
    let [low, high] = [0, chapters.length];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (chapters[middle]!.at < at) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const parts = new Map<string, Set<string>>();
  const add = (unit: string, part: string) => parts.set(unit, (parts.get(unit) ?? new Set<string>()).add(part));
  for (const { key, ranges, cut } of coverers)
    for (const range of ranges)
      for (let index = firstAtOrAfter(range.from); chapters[index] && chapters[index]!.at <= range.to; index++) {
        const chapter = chapters[index]!;
        if (!cut.some(({ from, to }) => from <= chapter.at && chapter.at <= to)) add(key, chapter.key);
      }
  for (const [story, keys] of tellers) for (const key of keys) add(key, story);
  for (const [recutEpisode, originals] of holds) for (const original of originals) add(recutEpisode, original);

  return (unitKey) => {
    const told = [...(parts.get(unitKey) ?? [])].map((part) => new Set(readRevealers(revealersOf(part))));
    // A scene of the recut's own is seen only further along the recut (its later episodes).
    const recut = ownScenes.has(unitKey) ? parseUnitKey(unitKey, "anime") : null;
    const alongTheRecut = (key: string) => {
      const other = parseUnitKey(key, "anime");
      return other?.recut !== undefined && other.recut === recut?.recut && other.season === recut.season;
    };
    return readRevealers(revealersOf(unitKey))
      .filter(
        (key) =>
          key === unitKey ||
          ((recut === null || alongTheRecut(key)) && told.every((partRevealers) => partRevealers.has(key))),
      )
      .join(" ");
  };
}

type Range = { from: number; to: number };
/**
 * `alone`: watched on its own, not in order (an OVA, special or film, or a scene a recut adds): its
 * viewer has seen the chapters it covers and nothing before them.
 */
type Coverer = { key: string; ranges: Range[]; cut: Range[]; alone?: boolean };

/**
 * What each unit of a pack covers: the web novel chapters (`coverers`, one entry per run), the chapter it
 * reaches, the side stories it tells, the recut episodes that hold each season's episode to its end, and
 * what each recut episode holds.
 */
function coverage(pack: ContentPack, positions: Timeline["positions"]) {
  const position = (key: string) => positions.get(key);
  const coverers: Coverer[] = [];
  const rangeOf = (chapters: { from: string; to: string } | undefined): Range | null => {
    const from = chapters && position(chapters.from);
    const to = chapters && position(chapters.to);
    return from !== undefined && to !== undefined ? { from, to } : null;
  };
  /** The web novel chapter a volume or an episode reaches. */
  const reaches = new Map<string, string>();
  const cover = (
    key: string,
    adapts: readonly { from: string; to: string }[],
    changes: { kind: string; chapters?: { from: string; to: string } }[] = [],
    readUpTo?: number,
  ) => {
    const last = adapts.at(-1);
    if (!last) return;
    // What is revealed at the unit itself waits for its last chapter, read to the end.
    reaches.set(key, last.to);
    const adapted = adapts.map(rangeOf);
    const ranges = [
      // Chapters it shares with the next volume are read with that one (../adaptation: `readBeforeShared`).
      ...adapted.map((range) =>
        range && readUpTo !== undefined ? { from: range.from, to: Math.min(range.to, readUpTo) } : range,
      ),
      ...changes.filter((change) => change.kind === "reordered").map((change) => rangeOf(change.chapters)),
    ];
    // The light novels "cut" a scene; an episode "skipped" one inside its range.
    const cut = changes
      .filter((change) => change.kind === "cut" || change.kind === "skipped")
      .map((change) => rangeOf(change.chapters));
    const coverer = {
      key,
      ranges: ranges.filter((range) => range !== null),
      cut: cut.filter((range) => range !== null),
    };
    coverers.push(coverer);
    return coverer;
  };
  for (const collection of pack.lightNovels.collections) {
    const readUpTo = readBeforeShared(collectionSpans(collection, positions));
    for (const volume of collection.volumes) {
      const key = volumeKey(collection.code, volume.number);
      cover(key, volume.adapts ? [volume.adapts] : [], volume.changes, readUpTo.get(key));
    }
  }
  /**
   * The episodes, OVAs, specials, films and light novel volumes that tell each side story (their viewers
   * and readers know what it reveals), and the stories each tells whose readers know what it reveals:
   * every story of one that tells nothing else (an episode, a special). An episode that also adapts chapters reveals what those do, which the story's
   * readers have not read.
   */
  const tellers = new Map<string, string[]>();
  const told = new Map<string, string[]>();
  const tell = (story: string, key: string, only: boolean) => {
    tellers.set(story, [...(tellers.get(story) ?? []), key]);
    if (only) told.set(key, [...(told.get(key) ?? []), story]);
  };
  // A side story a light novel volume prints is known to the volume's readers, and the volume's content
  // never to the story's: the volume holds more than the story.
  for (const collection of pack.lightNovels.collections)
    for (const volume of collection.volumes)
      for (const story of volume.sideStories ?? []) tell(story, volumeKey(collection.code, volume.number), false);
  /** The recut episode that holds each of a season's episodes to its end (decision 45). */
  const watchedWith = new Map<string, string[]>();
  /** The season's episodes each recut episode holds, whole or in part. */
  const holds = new Map<string, string[]>();
  /** The recut episodes that add an anime-original scene (one that adapts no chapter). */
  const ownScenes = new Set<string>();
  for (const season of pack.anime.seasons) {
    const covers = new Map<string, Coverer | undefined>();
    for (const episode of season.episodes) {
      const key = episodeKey(season.number, episode.number);
      // Each run apart: the chapters an episode passes over between its runs are not covered. An
      // anime-original episode covers nothing and reveals what the pack says it does (`revealIn`).
      const { runs, sideStories } = episodeAdaptation(episode.adapts);
      covers.set(key, cover(key, runs, episode.changes));
      for (const { key: story } of sideStories) tell(story, key, !runs.length);
    }
    // A recut's episode covers what the season's episodes it holds to their end cover, and the chapters
    // its new scenes come from; it reaches what the last of them reaches.
    season.recuts.forEach((recut, r) => {
      for (const episode of recutContents(season, recut, `seasons[].recuts[${r}]`).episodes) {
        const watched = watchedIn(episode);
        holds.set(
          episode.key,
          episode.contents.map((content) => content.episode),
        );
        for (const original of watched) {
          const covered = covers.get(original);
          if (covered) coverers.push({ ...covered, key: episode.key });
          watchedWith.set(original, [...(watchedWith.get(original) ?? []), episode.key]);
        }
        const scenes = recut.episodes.find((candidate) => candidate.number === episode.number)?.newScenes ?? [];
        const sources = scenes.map((scene) => rangeOf(scene.chapters)).filter((range) => range !== null);
        // A scene is a glimpse of its chapters: its viewer has not been through what reaches them.
        if (sources.length) coverers.push({ key: episode.key, ranges: sources, cut: [], alone: true });
        // A scene drawn for the recut alone is told by no other unit: only the recut's viewers saw it.
        if (scenes.some((scene) => !scene.chapters)) ownScenes.add(episode.key);
        // It reaches what the last of them that adapts any chapter reaches (an anime-original one reaches none).
        const last = watched.findLast((original) => reaches.has(original));
        const reached = last === undefined ? undefined : reaches.get(last);
        if (reached !== undefined) reaches.set(episode.key, reached);
      }
    });
  }
  // An OVA, special or film covers the chapters it adapts as an episode does; it reaches its last range's end.
  for (const special of pack.anime.specials) {
    const key = animeSpecialKey(special.slug);
    const ranges = special.adapts?.chapters ?? [];
    const last = ranges.at(-1);
    if (last) {
      reaches.set(key, last.to);
      coverers.push({ key, ranges: ranges.map(rangeOf).filter((range) => range !== null), cut: [], alone: true });
    }
    // A side story it tells is known to its viewers, and the special to the story's readers where it
    // tells nothing else: one that adapts chapters too reveals what they do, which the story's readers
    // have not read.
    for (const story of special.adapts?.sideStories ?? []) tell(story, key, !ranges.length);
  }
  // A manga chapter covers the web novel chapters it adapts, and only those: its series may leave chapters
  // out between its ranges, so what a volume or an episode reaching one of them may have told anywhere
  // before it is not the manga reader's (decision 49). Its reader has read the series up to it, so the
  // chapters before it on its line count too (app/lib/content/units.ts: each series is a line).
  for (const series of pack.manga.series)
    for (const volume of series.volumes)
      for (const chapter of volume.chapters) {
        const key = mangaChapterKey(series.code, chapter.number);
        const ranges = chapter.adapts?.chapters ?? [];
        const last = ranges.at(-1);
        if (last) {
          reaches.set(key, last.to);
          coverers.push({ key, ranges: ranges.map(rangeOf).filter((range) => range !== null), cut: [], alone: true });
        }
        // A side story it tells is known to its readers, and the chapter to the story's where it tells
        // nothing else.
        for (const story of chapter.adapts?.sideStories ?? []) tell(story, key, !ranges.length);
      }
  return { coverers, reaches, tellers, told, watchedWith, holds, ownScenes };
}

/**
 * What reaches each unit's place in the story, which gates its title where the pack does not flag it
 * (app/lib/shield/knowledge.ts: `titleRevealers`; stored as `story_units.title_reached_by`): its revealers
 * (`revealMap`), and the manga chapters that cover the web novel chapter a volume, an episode (of a season
 * or a recut), an OVA, special or film or another series' manga chapter reaches. What such a unit reveals
 * leaves them out, since a manga may leave out chapters before that one (decision 49), but its reader has
 * read their series in order up to it, and stands at that place as the chapter's reader does. The viewer
 * of an OVA or special, or of a scene a recut adds, watched it on its own (decision 46): a glimpse of its
 * chapters is no place reached, and counts no more for a title than for what the unit reveals. A Break
 * Time short's place is its episode's: it is reached by the short and by what reaches the episode
 * (`shortReachedBy` is what reveals a flagged one's title, and stays so). An OVA's, special's or film's
 * watched after an episode (`watchAfter`) is just after it: reached by what reaches that episode too, so a
 * season's viewer sees its title as they see the episodes' around it. A web novel chapter's reach is
 * its revealers, which every coverer already is; a unit that reaches no chapter has only its revealers.
 */
export function titleReachMap(
  pack: ContentPack,
  { positions }: Timeline,
  revealersOf: (unitKey: string) => string,
): (unitKey: string) => string {
  const { coverers, reaches } = coverage(pack, positions);
  const readInOrder = coverers.filter((coverer) => mediumOf(coverer.key) === "manga");
  // The episode whose place a short (aired with it) or a special (watched after it) shares.
  const airedWith = new Map<string, string | undefined>([
    ...pack.anime.breakTime.map((short) => [breakTimeKey(short.season, short.number), short.accompanies] as const),
    ...pack.anime.specials.map((special) => [animeSpecialKey(special.slug), special.watchAfter] as const),
  ]);
  const known = new Map<string, string>();
  const reachOf = (unitKey: string): string => {
    const cached = known.get(unitKey);
    if (cached !== undefined) return cached;
    const units = new Set(readRevealers(revealersOf(unitKey)));
    const episode = airedWith.get(unitKey);
    if (episode) for (const unit of readRevealers(reachOf(episode))) units.add(unit);
    const chapter = reaches.get(unitKey);
    const at = chapter === undefined ? undefined : positions.get(chapter);
    if (chapter !== undefined && chapter !== unitKey && at !== undefined) {
      const within = ({ from, to }: Range) => from <= at && at <= to;
      for (const coverer of readInOrder)
        if (coverer.ranges.some(within) && !coverer.cut.some(within)) units.add(coverer.key);
    }
    const reachedBy = [...units].join(" ");
    known.set(unitKey, reachedBy);
    return reachedBy;
  };
  return reachOf;
}

/** The units that reveal something revealed at any of the given units (none given: it is not gated). */
export function revealedByAny(
  revealersOf: (unitKey: string) => string,
  ...unitKeys: (string | null | undefined)[]
): string | null {
  const given = unitKeys.filter((key): key is string => Boolean(key));
  if (!given.length) return null;
  return [...new Set(given.flatMap((key) => revealersOf(key).split(" ")))].join(" ");
}

/**
 * What reaches a Break Time short's place in the story: the short, the episode it aired with and whatever
 * covers that episode's place (the recut episodes that hold it, the web novel chapter and light novel
 * volume it reaches). Its title is revealed by these, where the pack flags it; otherwise it is reached by
 * these, the manga chapters that cover the episode's place (`titleReachMap`), or the reader's choice to
 * see titles (app/lib/shield/knowledge.ts: `titleRevealers`). What the short
 * itself tells waits for its own revealers, the short and its episode (`revealMap`): a chapter's reader
 * has not watched it.
 */
export function shortReachedBy(
  revealersOf: (unitKey: string) => string,
  short: string,
  accompanies: string | null | undefined,
): string {
  return revealedByAny(revealersOf, short, accompanies) ?? "";
}

/**
 * What reveals a side story that gives a fate away before it is read (`flagged`, from its revealAt),
 * with its own readers: of the story, of the book that prints it, of what tells it, who have read what it
 * tells. Its title and summary wait for either.
 */
export function readByItsReaders(revealersOf: (unitKey: string) => string, flagged: string, story: string) {
  return [...new Set([...flagged.split(" "), ...revealersOf(story).split(" ")])].join(" ");
}

/**
 * What reveals a unit's entry in the site search: its title's gate (app/lib/shield/knowledge.ts:
 * `titleRevealers`), since an entry is found by its title. A title the pack flags (`flagged`) stays behind
 * what reveals it; any other is found by a reader who reached the unit's place (`titleReachOf`, from
 * `titleReachMap`: its revealers, the manga chapters that cover the chapter it reaches, a Break Time
 * short's episode's) or chose to see titles of what they have not reached, never by one who hides them.
 */
export function unitEntryRevealedBy(
  titleReachOf: (unitKey: string) => string,
  key: string,
  flagged: string | null,
): string {
  return titleRevealers(readRevealers(flagged), readRevealers(titleReachOf(key))).join(" ");
}

/**
 * What reveals a scene a recut episode adds (decision 45). Where it comes from chapters later than the
 * episode's place in the story (a scene brought forward from a later arc), its viewers and those who know
 * those chapters: reaching the episode's place is not enough. Otherwise (an anime-original scene, or one
 * from chapters the episode has reached) null: it is gated with its episode.
 */
export function recutSceneRevealedBy(
  revealersOf: (unitKey: string) => string,
  positionOf: (unitKey: string) => number | undefined,
  episode: string,
  chapters: { from: string; to: string } | undefined,
): string | null {
  if (!chapters) return null;
  const scene = positionOf(chapters.to);
  const place = positionOf(episode);
  if (scene === undefined || place === undefined || scene <= place) return null;
  return [...new Set([episode, ...readRevealers(revealersOf(chapters.to))])].join(" ");
}

/** The recut episodes among some units (joined by spaces): those that hold a season's episode, among its revealers. */
const recutEpisodesAmong = (revealedBy: string) =>
  revealedBy.split(" ").filter((unit) => unit !== "" && isRecutEpisodeKey(unit));

/** The medium each key of a `revealIn` names. */
export const revealInMedia = {
  webNovel: "web_novel",
  lightNovels: "light_novels",
  anime: "anime",
  sideStories: "side_stories",
} as const satisfies Record<keyof RevealIn, Medium>;

/**
 * What reveals something revealed at the given units, with the pack's per-medium overrides: each medium
 * named in `revealIn` has its units in the derived set replaced by the one given, or by none (null).
 * Not gated (null) when no unit is given; revealed by nothing ("") when every medium was taken away.
 */
export function revealedByIn(
  revealersOf: (unitKey: string) => string,
  revealIn: RevealIn | undefined,
  ...unitKeys: (string | null | undefined)[]
): string | null {
  const derived = revealedByAny(revealersOf, ...unitKeys);
  if (derived === null || !revealIn) return derived;
  const given = (Object.entries(revealIn) as [keyof RevealIn, string | null | undefined][]).filter(
    ([, unit]) => unit !== undefined,
  );
  const overridden = new Set<Medium | null>(given.map(([name]) => revealInMedia[name]));
  const units = derived.split(" ").filter((unit) => unit !== "" && !overridden.has(mediumOf(unit)));
  // A unit of another medium is a mistake the resolution reports; it reveals nothing here. A season's
  // episode given for the anime brings the recut episodes that hold it (decision 45).
  for (const [name, unit] of given)
    if (unit && mediumOf(unit) === revealInMedia[name])
      units.push(unit, ...(name === "anime" ? recutEpisodesAmong(revealersOf(unit)) : []));
  return [...new Set(units)].join(" ");
}

/*
 * What reveals each kind of text that has its own rule; the importer stores these and the spoiler lint
 * (./spoiler-lint.ts) checks the same values.
 */

type Volume = ContentPack["lightNovels"]["collections"][number]["volumes"][number];
type LnMistake = ContentPack["mistakes"]["lightNovel"][number];
type AnimeMistake = ContentPack["mistakes"]["anime"][number];

/** The first unit of each medium on the timeline: where every reader of it starts. */
function openingUnits(positions: ReadonlyMap<string, number>) {
  const first = new Map<Medium, [string, number]>();
  for (const [key, position] of positions) {
    const medium = mediumOf(key);
    const before = medium && first.get(medium);
    if (medium && (!before || position < before[1])) first.set(medium, [key, position]);
  }
  return new Set([...first.values()].map(([key]) => key));
}

/**
 * What reveals each character's existence, by slug: their first appearances and whatever covers them (a
 * reader has met them once they consumed any of those units). Null for a character every reader knows
 * from the start: one the story opens with (met in the web novel's first chapter or the anime's first
 * episode), or one the pack declares `knownFromStart` (the protagonist on the cover and in the synopsis).
 */
export function charactersMetBy(
  pack: ContentPack,
  revealersOf: (unitKey: string) => string,
  positions: ReadonlyMap<string, number>,
): Map<string, string | null> {
  const opening = openingUnits(positions);
  return new Map(
    pack.characters.characters.map((character) => {
      const { webNovel, lightNovel, anime } = character.firstAppearances;
      const opens = [webNovel, anime].some((key) => key !== undefined && opening.has(key));
      // A first appearance that points nowhere is reported as such; texts naming the character are not
      // judged by it too (the pack is refused either way).
      const unplaced = [webNovel, lightNovel, anime].some((key) => key !== undefined && !positions.has(key));
      const known = opens || character.knownFromStart || unplaced;
      return [character.slug, known ? null : (revealedByAny(revealersOf, webNovel, lightNovel, anime) ?? "")] as const;
    }),
  );
}

/**
 * A flagged title of a web novel chapter or a season's episode is revealed at the unit itself (and where
 * its `titleRevealIn` says); any other spoils nothing.
 */
export function flaggedTitleRevealedBy(
  unit: { titleIsSpoiler: boolean; titleRevealIn?: RevealIn | undefined },
  key: string,
  revealersOf: (unitKey: string) => string,
) {
  return unit.titleIsSpoiler ? revealedByIn(revealersOf, unit.titleRevealIn, key) : null;
}

/**
 * A light novel chapter whose title is a web novel chapter's title (or ends in it after a label: "Chapter
 * 2: Ambrose") among the chapters the volume adapts inherits that chapter's flag, and one titled after a
 * gated side story (a collection that prints it) that story's; any other spoils nothing.
 */
export function lnChapterTitlesRevealedBy(
  pack: ContentPack,
  volume: Volume,
  revealersOf: (unitKey: string) => string,
  positions: ReadonlyMap<string, number>,
) {
  const from = volume.adapts ? positions.get(volume.adapts.from) : undefined;
  const to = volume.adapts ? positions.get(volume.adapts.to) : undefined;
  const flagged = new Map<string, string>();
  if (from !== undefined && to !== undefined)
    for (const arc of pack.webNovel.arcs)
      for (const chapter of arc.chapters) {
        const key = chapterKey(arc.number, chapter.ordinal);
        const at = positions.get(key);
        if (at === undefined || at < from || at > to) continue;
        const revealedBy = flaggedTitleRevealedBy(chapter, key, revealersOf);
        if (revealedBy !== null) flagged.set(chapter.title.toLocaleLowerCase("en"), revealedBy);
      }
  // A side story the shield hides keeps its title hidden where a collection lists it among its chapters.
  for (const story of pack.sideStories.sideStories) {
    const revealedBy = story.revealAt ? revealedByIn(revealersOf, story.revealIn, story.revealAt) : null;
    if (revealedBy !== null) flagged.set(story.title.toLocaleLowerCase("en"), revealedBy);
  }
  return volume.chapters.map((entry) => {
    // The line as printed, what follows its first colon, and the title apart from a label the pack gives.
    const line = lightNovelChapterName(lightNovelChapterOf(entry));
    const afterLabel = line.slice(line.indexOf(": ") + 1).trim();
    const { title } = lightNovelChapterOf(entry);
    const flag = (text: string) => flagged.get(text.toLocaleLowerCase("en"));
    return flag(line) ?? flag(afterLabel) ?? flag(title) ?? null;
  });
}

/**
 * A light novel mistake is revealed where its passage is: by its web novel chapter and whatever
 * covers it, and always by its own volume (unless it gives its own revealAt).
 */
export function lnMistakeRevealedBy(
  entry: LnMistake,
  revealersOf: (unitKey: string) => string,
  hasChapter = entry.webNovelChapter !== undefined,
) {
  if (entry.revealAt) return revealedByIn(revealersOf, entry.revealIn, entry.revealAt);
  // The volume itself reveals its passage; what else covers the volume's last chapter does not (an
  // episode that reaches it may have skipped the passage's chapter), only what covers the passage's.
  const volumeAlone = (key: string) =>
    key !== entry.volume ? revealersOf(key) : hasChapter ? key : withoutAnime(revealersOf(key));
  return revealedByIn(volumeAlone, entry.revealIn, entry.volume, hasChapter ? entry.webNovelChapter : undefined);
}

/** Units without the anime's episodes, which may have skipped part of what they reach. */
const withoutAnime = (revealedBy: string) =>
  revealedBy
    .split(" ")
    .filter((unit) => mediumOf(unit) !== "anime")
    .join(" ");

/** An anime mistake is revealed at its episode (unless it gives its own revealAt). */
export function animeMistakeRevealedBy(entry: AnimeMistake, revealersOf: (unitKey: string) => string) {
  return revealedByIn(revealersOf, entry.revealIn, entry.revealAt ?? entry.episode);
}
