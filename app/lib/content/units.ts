/**
 * Units of the story and the keys that name them, in one place: the pack schema, the importer, the
 * progress file, the routes and the pages all build, parse and check keys through this module.
 *
 *   wn:<arc>-<chapter>          a web novel chapter    wn:2-14
 *   ln:<collection>-<volume>    a light novel volume   ln:main-3
 *   ss:<slug>                   a side story           ss:short-stories-2-1
 *   anime:<season>-<episode>    an anime episode       anime:1-5
 *   anime:<season>r<recut>-<n>  a recut's episode      anime:1r1-2 (a re-edit of season 1: decision 45)
 *   bt:<season>-<number>        a Break Time short     bt:1-5
 *   sp:<slug>                   an OVA, special, film  sp:embers-of-the-bridge
 *   manga:<series>-<chapter>    a manga chapter        manga:wick-7 (decision 49)
 *
 * A manga chapter's number in its key is its place in its series (1, 2, 3, …, counting extras such as
 * "12.5"), so a series' chapters are a run; the number the series gives it is its label.
 */

import { media, type Medium } from "../vocabulary";

export { media, type Medium };

export const mediumLabels: Record<Medium, string> = {
  web_novel: "Web novel",
  light_novels: "Light novels",
  side_stories: "Side stories",
  anime: "Anime",
  break_time: "Break Time",
  anime_specials: "OVAs, specials and films",
  manga: "Manga",
};

/** What one unit of a medium is, for a card that names one: "Light novel", not "Light novels". */
export const unitMediumLabels: Record<Medium, string> = {
  web_novel: "Web novel",
  light_novels: "Light novel",
  side_stories: "Side story",
  anime: "Anime",
  break_time: "Break Time",
  // Its label names its kind: "Anime · Film".
  anime_specials: "Anime",
  manga: "Manga",
};

/** The largest number in a key: arcs, chapters, volumes, seasons, episodes. */
export const MAX_UNIT_NUMBER = 999_999;
const COLLECTION_CODE_MAX_LENGTH = 32;
const SLUG_MAX_LENGTH = 100;
/** The longest a valid key can be (ss: and the longest slug). */
export const UNIT_KEY_MAX_LENGTH = "ss:".length + SLUG_MAX_LENGTH;

/*
 * The parts of a key. Numbers are written without leading zeros, so each unit has exactly one key
 * (wn:02-1 would name nothing); six digits are far beyond any series and keep URLs short.
 */
const wholeNumber = "[1-9]\\d{0,5}";
const collectionCode = `[a-z][a-z0-9]{0,${COLLECTION_CODE_MAX_LENGTH - 1}}`;
// The lookahead caps the whole slug's length; it must end the pattern it is used in.
const slug = `(?=[a-z0-9-]{1,${SLUG_MAX_LENGTH}}$)[a-z0-9]+(?:-[a-z0-9]+)*`;

/** A whole number from 1 to MAX_UNIT_NUMBER, as written in a key or a URL: 7, not 07 or 7.0. */
export const wholeNumberPattern = new RegExp(`^${wholeNumber}$`);
/** A light novel collection's code: main, ssc, ex2. */
export const collectionCodePattern = new RegExp(`^${collectionCode}$`);
/** Lowercase words joined by single dashes: short-stories-2-1, aria-vell. Also character slugs and entry ids. */
export const slugPattern = new RegExp(`^${slug}$`);

/** The pattern of keys made of a prefix and whole numbers joined by dashes: wn:2-14 (see numberedKey). */
export function numberedKeyPattern(prefix: string, count: number) {
  return new RegExp(`^${prefix}:${Array.from({ length: count }, () => `(${wholeNumber})`).join("-")}$`);
}

/** A key made of a prefix and whole numbers joined by dashes: numberedKey("wn", 2, 14) is wn:2-14. */
export const numberedKey = (prefix: string, ...numbers: readonly number[]) => `${prefix}:${numbers.join("-")}`;

export const unitKeyPatterns: Record<Medium, RegExp> = {
  web_novel: numberedKeyPattern("wn", 2),
  light_novels: new RegExp(`^ln:(${collectionCode})-(${wholeNumber})$`),
  side_stories: new RegExp(`^ss:(${slug})$`),
  // A season's episode (anime:1-5), or an episode of a recut of the season (anime:1r1-2).
  anime: new RegExp(`^anime:(${wholeNumber})(?:r(${wholeNumber}))?-(${wholeNumber})$`),
  break_time: numberedKeyPattern("bt", 2),
  anime_specials: new RegExp(`^sp:(${slug})$`),
  // A manga series' code, as a light novel collection's, and the chapter's place in the series.
  manga: new RegExp(`^manga:(${collectionCode})-(${wholeNumber})$`),
};
/** Any unit key. */
export const unitKeyPattern = new RegExp(media.map((medium) => `(?:${unitKeyPatterns[medium].source})`).join("|"));

export type UnitKeyParts =
  | { medium: "web_novel"; arc: number; chapter: number }
  | { medium: "light_novels"; collection: string; volume: number }
  | { medium: "side_stories"; slug: string }
  | {
      medium: "anime";
      season: number;
      episode: number;
      /**
       * The recut of the season the episode belongs to (its number among the season's recuts), numbered
       * by the recut's own episodes; absent for the season's own episodes.
       */
      recut?: number;
    }
  | { medium: "break_time"; season: number; number: number }
  | { medium: "anime_specials"; slug: string }
  /** A manga series' chapter, by its place in the series (the series' own number is its label). */
  | { medium: "manga"; series: string; chapter: number };

export type UnitKeyPartsOf<M extends Medium> = Extract<UnitKeyParts, { medium: M }>;

export const chapterKey = (arc: number, chapter: number) => numberedKey("wn", arc, chapter);
export const volumeKey = (collection: string, volume: number) => `ln:${collection}-${volume}`;
export const sideStoryKey = (slug: string) => `ss:${slug}`;
export const episodeKey = (season: number, episode: number) => numberedKey("anime", season, episode);
/** An episode of a recut of a season: recutEpisodeKey(1, 1, 2) is anime:1r1-2. */
export const recutEpisodeKey = (season: number, recut: number, episode: number) =>
  `anime:${season}r${recut}-${episode}`;
/** The line a recut is read along: each recut is its own, apart from its season's episodes and every other recut. */
export const recutLine = (season: number, recut: number) => `anime/${season}r${recut}`;
/** Whether a key names an episode of a recut (anime:1r1-2), not one of a season's own. */
export const isRecutEpisodeKey = (key: string) => parseUnitKey(key, "anime")?.recut !== undefined;
export const breakTimeKey = (season: number, number: number) => numberedKey("bt", season, number);
export const animeSpecialKey = (slug: string) => `sp:${slug}`;
/** A manga chapter: mangaChapterKey("wick", 7) is manga:wick-7. */
export const mangaChapterKey = (series: string, chapter: number) => `manga:${series}-${chapter}`;
/** The line a manga series is read along: each series is its own (decision 49). */
export const mangaLine = (series: string) => `manga/${series}`;

/*
 * How each medium's units are named and read, in one table: the spoiler rule (app/lib/shield/knowledge.ts)
 * reads nothing else about a medium. Reading goes in order along a line (one for the web novel, one per
 * light novel collection, one for the anime), so the furthest unit on a line stands for those before
 * it; side stories, Break Time shorts and anime specials (OVAs, specials, films) are checklists, each unit
 * counting alone: a film's viewer has watched the film, not the episodes before it. A new medium is a
 * new row here (with its key's parts above).
 */

/** A unit's place on a line read in order. */
export interface LinePlace {
  /** The line: the web novel, one light novel collection, the anime. */
  line: string;
  /** Where along the line, compared number by number (an arc, then a chapter in it). */
  position: readonly number[];
  /** The key of the unit at another position on the same line. */
  keyAt: (position: readonly number[]) => string;
}

/** How a reader goes through a medium: along lines in order, or unit by unit (a checklist). */
export type Reading<P> =
  | { inOrder: false }
  | {
      inOrder: true;
      line: (parts: P) => string;
      position: (parts: P) => readonly number[];
      /** The parts of the unit at another position on the same line. */
      at: (parts: P, position: readonly number[]) => P;
    };

/**
 * How units are numbered one after another in runs (an arc's chapters, a collection's volumes, a
 * season's episodes or shorts): every number from 1 to MAX_UNIT_NUMBER names a unit of the run, so
 * "from this unit to number n" names exactly the units between (the reveal parameter's spans). On a line
 * read in order, a run is a position but its last number, and the unit's number is that last one.
 * Side stories have no numbers.
 */
export interface Numbering<P> {
  /** The unit's number in its run (the last number of its key). */
  number: (parts: P) => number;
  /** The parts of the unit with another number in the same run. */
  at: (parts: P, number: number) => P;
}

export interface MediumDefinition<P> {
  pattern: RegExp;
  /** The parts from the pattern's groups. */
  parts: (groups: readonly string[]) => P;
  key: (parts: P) => string;
  reading: Reading<P>;
  /** Absent: the units have no order in their keys. */
  numbering?: Numbering<P>;
}

/** A unit's place in its run of consecutively numbered units. */
export interface RunPlace {
  /** The run, named by its first unit's key (wn:2-1 for the chapters of arc 2). */
  run: string;
  number: number;
  /** The key of the unit with another number in the same run. */
  keyAt: (number: number) => string;
}

/** Where a unit sits: on a line (null on a checklist), and in a run (null when its medium numbers none). */
export interface UnitLocation {
  place: LinePlace | null;
  run: RunPlace | null;
}

export interface MediumUnits<P> extends MediumDefinition<P> {
  /** A key's parts, or null when it is not a key of this medium. */
  read: (key: string) => P | null;
  /** Where a key's unit sits, read from the key once; undefined when it is not a key of this medium. */
  locate: (key: string) => UnitLocation | undefined;
}

export function defineMedium<P>(definition: MediumDefinition<P>): MediumUnits<P> {
  const { pattern, parts, key, reading, numbering } = definition;
  const read = (text: string) => {
    const match = pattern.exec(text);
    return match ? parts(match.slice(1)) : null;
  };
  const placeOf = (found: P): LinePlace | null =>
    reading.inOrder
      ? {
          line: reading.line(found),
          position: reading.position(found),
          keyAt: (position) => key(reading.at(found, position)),
        }
      : null;
  const runOf = (found: P): RunPlace | null => {
    if (!numbering) return null;
    const keyAt = (number: number) => key(numbering.at(found, number));
    return { run: keyAt(1), number: numbering.number(found), keyAt };
  };
  return {
    ...definition,
    read,
    locate: (text) => {
      const found = read(text);
      return found ? { place: placeOf(found), run: runOf(found) } : undefined;
    },
  };
}

/** The media as the spoiler rule reads them: where a key's unit sits. */
export type UnitTable = Readonly<Record<string, Pick<MediumUnits<unknown>, "locate">>>;

const numbers = (groups: readonly string[]) => groups.map(Number);

export const unitMedia: { readonly [M in Medium]: MediumUnits<UnitKeyPartsOf<M>> } = {
  web_novel: defineMedium<UnitKeyPartsOf<"web_novel">>({
    pattern: unitKeyPatterns.web_novel,
    parts: (groups) => {
      const [arc = 0, chapter = 0] = numbers(groups);
      return { medium: "web_novel", arc, chapter };
    },
    key: ({ arc, chapter }) => chapterKey(arc, chapter),
    reading: {
      inOrder: true,
      line: () => "web_novel",
      position: ({ arc, chapter }) => [arc, chapter],
      at: (parts, [arc = 0, chapter = 0]) => ({ ...parts, arc, chapter }),
    },
    numbering: { number: ({ chapter }) => chapter, at: (parts, chapter) => ({ ...parts, chapter }) },
  }),
  light_novels: defineMedium<UnitKeyPartsOf<"light_novels">>({
    pattern: unitKeyPatterns.light_novels,
    parts: ([collection = "", volume = ""]) => ({ medium: "light_novels", collection, volume: Number(volume) }),
    key: ({ collection, volume }) => volumeKey(collection, volume),
    reading: {
      inOrder: true,
      // Each collection is a line of its own: the volumes of another say nothing of it.
      line: ({ collection }) => `light_novels/${collection}`,
      position: ({ volume }) => [volume],
      at: (parts, [volume = 0]) => ({ ...parts, volume }),
    },
    numbering: { number: ({ volume }) => volume, at: (parts, volume) => ({ ...parts, volume }) },
  }),
  side_stories: defineMedium<UnitKeyPartsOf<"side_stories">>({
    pattern: unitKeyPatterns.side_stories,
    parts: ([slug = ""]) => ({ medium: "side_stories", slug }),
    key: ({ slug }) => sideStoryKey(slug),
    reading: { inOrder: false },
  }),
  anime: defineMedium<UnitKeyPartsOf<"anime">>({
    pattern: unitKeyPatterns.anime,
    parts: ([season = "", recut, episode = ""]) =>
      recut === undefined
        ? { medium: "anime", season: Number(season), episode: Number(episode) }
        : { medium: "anime", season: Number(season), episode: Number(episode), recut: Number(recut) },
    key: ({ season, episode, recut }) =>
      recut === undefined ? episodeKey(season, episode) : recutEpisodeKey(season, recut, episode),
    reading: {
      inOrder: true,
      // A recut is a line of its own: watching it says nothing of the season's episodes or later seasons.
      line: ({ season, recut }) => (recut === undefined ? "anime" : recutLine(season, recut)),
      position: ({ season, episode, recut }) => (recut === undefined ? [season, episode] : [episode]),
      at: (parts, position) =>
        parts.recut === undefined
          ? { ...parts, season: position[0] ?? 0, episode: position[1] ?? 0 }
          : { ...parts, episode: position[0] ?? 0 },
    },
    numbering: { number: ({ episode }) => episode, at: (parts, episode) => ({ ...parts, episode }) },
  }),
  break_time: defineMedium<UnitKeyPartsOf<"break_time">>({
    pattern: unitKeyPatterns.break_time,
    parts: (groups) => {
      const [season = 0, number = 0] = numbers(groups);
      return { medium: "break_time", season, number };
    },
    key: ({ season, number }) => breakTimeKey(season, number),
    reading: { inOrder: false },
    numbering: { number: ({ number }) => number, at: (parts, number) => ({ ...parts, number }) },
  }),
  anime_specials: defineMedium<UnitKeyPartsOf<"anime_specials">>({
    pattern: unitKeyPatterns.anime_specials,
    parts: ([slug = ""]) => ({ medium: "anime_specials", slug }),
    key: ({ slug }) => animeSpecialKey(slug),
    // Watched on its own, wherever it sits in watch order: it stands for no episode.
    reading: { inOrder: false },
  }),
  manga: defineMedium<UnitKeyPartsOf<"manga">>({
    pattern: unitKeyPatterns.manga,
    parts: ([series = "", chapter = ""]) => ({ medium: "manga", series, chapter: Number(chapter) }),
    key: ({ series, chapter }) => mangaChapterKey(series, chapter),
    reading: {
      inOrder: true,
      // Each series (one per arc) is a line of its own: reading one says nothing of another.
      line: ({ series }) => mangaLine(series),
      position: ({ chapter }) => [chapter],
      at: (parts, [chapter = 0]) => ({ ...parts, chapter }),
    },
    numbering: { number: ({ chapter }) => chapter, at: (parts, chapter) => ({ ...parts, chapter }) },
  }),
};

/**
 * Where the site's units sit, by key, as read once: the shield and the spoiler lint ask it of the same
 * keys again and again (every crossing's reader, at every unit of every text). Bounded, since a request
 * may name keys of its own.
 */
const locations = new Map<string, Readonly<UnitLocation> | undefined>();
const rememberedLocations = 20_000;

/** Where a key's unit sits in a table of media, on a line and in a run; undefined when it is no unit's key. */
export function unitLocation(key: string, table: UnitTable = unitMedia): Readonly<UnitLocation> | undefined {
  if (table === unitMedia && locations.has(key)) return locations.get(key);
  let found: UnitLocation | undefined;
  for (const medium of Object.values(table)) {
    found = medium.locate(key);
    if (found) break;
  }
  if (table === unitMedia) {
    if (locations.size >= rememberedLocations) locations.clear();
    locations.set(key, found);
  }
  return found;
}

/** Where a key's unit sits in a table of media: on a line, null on a checklist, undefined when it is no unit's key. */
export function unitPlace(key: string, table: UnitTable = unitMedia): LinePlace | null | undefined {
  return unitLocation(key, table)?.place;
}

/** Where a key's unit sits in its run in a table of media: null in none (a side story), undefined when it is no unit's key. */
export function unitRun(key: string, table: UnitTable = unitMedia): RunPlace | null | undefined {
  return unitLocation(key, table)?.run;
}

/** The key of a unit given by its parts; the inverse of parseUnitKey. */
export function unitKey(parts: UnitKeyParts): string {
  switch (parts.medium) {
    case "web_novel":
      return chapterKey(parts.arc, parts.chapter);
    case "light_novels":
      return volumeKey(parts.collection, parts.volume);
    case "side_stories":
      return sideStoryKey(parts.slug);
    case "anime":
      return unitMedia.anime.key(parts);
    case "break_time":
      return breakTimeKey(parts.season, parts.number);
    case "anime_specials":
      return animeSpecialKey(parts.slug);
    case "manga":
      return mangaChapterKey(parts.series, parts.chapter);
  }
}

/**
 * A key's parts, or null for anything that is not a well-formed key (of the given medium, when one
 * is given). Keys reach here from files, URLs and browser storage, so nothing is assumed.
 */
export function parseUnitKey<M extends Medium>(key: string, medium: M): UnitKeyPartsOf<M> | null;
export function parseUnitKey(key: string): UnitKeyParts | null;
export function parseUnitKey(key: string, only?: Medium): UnitKeyParts | null {
  for (const medium of only ? [only] : media) {
    const parts = unitMedia[medium].read(key);
    if (parts) return parts;
  }
  return null;
}

/**
 * The units that reveal an item, by key: it is shown to a reader who consumed any of them. Null: it
 * spoils nothing and everyone sees it; empty: nothing a reader can consume reveals it (only the
 * shield turned off shows it). Read once where it enters (a model row: app/models/db.server.ts); the spoiler rule, app/lib/shield/knowledge.ts, says what they mean.
 */
export type Revealers = readonly string[] | null;

/**
 * Revealers as the pack stores them in the database: unit keys joined by spaces, NULL when the item
 * spoils nothing. Read once, as a row leaves the database (app/models/db.server.ts).
 */
export function readRevealers(stored: string): readonly string[];
export function readRevealers(stored: string | null): Revealers;
export function readRevealers(stored: string | null): Revealers {
  return stored === null ? null : stored.split(" ").filter((unit) => unit !== "");
}

/**
 * The units that reveal a unit by being it, where the import starts its revealers (pack/reveals.ts): the
 * unit, and for a Break Time short also the episode it aired with (`airedWith`), whose viewers watched it
 * with that episode. The import adds what tells the same part of the story in other media and stores the
 * whole as the unit's `revealed_by`, which pages and discussions gate by.
 */
export function unitRevealers(unit: string, airedWith: string | null = null): readonly string[] {
  return airedWith ? [unit, airedWith] : [unit];
}

export function isUnitKey(key: string, medium?: Medium): boolean {
  return (medium ? unitKeyPatterns[medium] : unitKeyPattern).test(key);
}

/** The media of keys as read once (a page asks it of every character's revealers, 650 of them at 10× content). Bounded, as `locations`. */
const keyMedia = new Map<string, Medium | null>();

/** The medium a key names, or null when it is not a unit key. */
export function mediumOf(key: string): Medium | null {
  let medium = keyMedia.get(key);
  if (medium === undefined) {
    medium = parseUnitKey(key)?.medium ?? null;
    if (keyMedia.size >= rememberedLocations) keyMedia.clear();
    keyMedia.set(key, medium);
  }
  return medium;
}

/**
 * The element id a unit has on its page: wn:2-14 → wn-2-14; an episode as viewers write it, anime:1-5 →
 * s1e5; a manga chapter manga:wick-7 → manga-wick-7.
 */
export function unitAnchor(key: string) {
  const parts = parseUnitKey(key);
  // Only validated keys reach the pages; anything else still gets a usable, distinct id.
  if (!parts) return key.replace(/[^a-z0-9-]/g, "-");
  if (parts.medium === "anime")
    return parts.recut === undefined
      ? `s${parts.season}e${parts.episode}`
      : `s${parts.season}r${parts.recut}e${parts.episode}`;
  return unitKey(parts).replace(":", "-");
}

/** Volumes on one page of the light novels page: volumes 1–12 on page 1, 13–24 on page 2. */
export const LN_VOLUMES_PER_PAGE = 12;

/**
 * The page that lists a unit, with its anchor. The web novel is shown an arc at a time, the light
 * novels a collection at a time, the anime and Break Time a season at a time and side stories a page at a
 * time, so those links name which (a side story by its slug: the page that holds it opens). The anime's
 * OVAs, specials and films are on every view of the anime page.
 */
export function unitPath(key: string) {
  const parts = parseUnitKey(key);
  // Keys on pages come from validated content; a broken one links home rather than failing the page.
  if (!parts) return "/";
  const anchor = unitAnchor(key);
  switch (parts.medium) {
    case "web_novel":
      return `/web_novel?arc=${parts.arc}#${anchor}`;
    case "light_novels": {
      // The light novels page shows a collection's volumes a page at a time, by number.
      const page = Math.ceil(parts.volume / LN_VOLUMES_PER_PAGE);
      return `/light_novels?collection=${parts.collection}${page > 1 ? `&page=${page}` : ""}#${anchor}`;
    }
    case "side_stories":
      return `/side_stories?story=${parts.slug}#${anchor}`;
    case "anime":
      return `/anime?season=${parts.season}#${anchor}`;
    case "break_time":
      return `/break_time?season=${parts.season}#${anchor}`;
    case "anime_specials":
      // Listed a page at a time in the pack's order, which the key does not hold: the page asks for the
      // one holding the special named.
      return `/anime/specials?special=${parts.slug}#${anchor}`;
    case "manga":
      return `/manga?series=${parts.series}#${anchor}`;
  }
}

/** A unit's discussion thread (app/routes/discuss.tsx): keys are safe in a path as they are. */
export const discussionPath = (key: string) => `/discuss/${key}`;
