/**
 * Units of the story and the keys that name them, in one place: the pack schema, the importer, the
 * progress file, the routes and the pages all build, parse and check keys through this module.
 *
 *   wn:<arc>-<chapter>          a web novel chapter    wn:2-14
 *   ln:<collection>-<volume>    a light novel volume   ln:main-3
 *   ss:<slug>                   a side story           ss:festival-night
 *   anime:<season>-<episode>    an anime episode       anime:1-5
 *   bt:<season>-<number>        a Break Time short     bt:1-5
 */

import { media, type Medium } from "../vocabulary";

export { media, type Medium };

export const mediumLabels: Record<Medium, string> = {
  web_novel: "Web novel",
  light_novels: "Light novels",
  side_stories: "Side stories",
  anime: "Anime",
  break_time: "Break Time",
};

/** What one unit of a medium is, for a card that names one: "Light novel", not "Light novels". */
export const unitMediumLabels: Record<Medium, string> = {
  web_novel: "Web novel",
  light_novels: "Light novel",
  side_stories: "Side story",
  anime: "Anime",
  break_time: "Break Time",
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
/** Lowercase words joined by single dashes: festival-night, aria-vell. Also character slugs and entry ids. */
export const slugPattern = new RegExp(`^${slug}$`);

export const unitKeyPatterns: Record<Medium, RegExp> = {
  web_novel: new RegExp(`^wn:(${wholeNumber})-(${wholeNumber})$`),
  light_novels: new RegExp(`^ln:(${collectionCode})-(${wholeNumber})$`),
  side_stories: new RegExp(`^ss:(${slug})$`),
  anime: new RegExp(`^anime:(${wholeNumber})-(${wholeNumber})$`),
  break_time: new RegExp(`^bt:(${wholeNumber})-(${wholeNumber})$`),
};
/** Any unit key. */
export const unitKeyPattern = new RegExp(media.map((medium) => `(?:${unitKeyPatterns[medium].source})`).join("|"));

export type UnitKeyParts =
  | { medium: "web_novel"; arc: number; chapter: number }
  | { medium: "light_novels"; collection: string; volume: number }
  | { medium: "side_stories"; slug: string }
  | { medium: "anime"; season: number; episode: number }
  | { medium: "break_time"; season: number; number: number };

export type UnitKeyPartsOf<M extends Medium> = Extract<UnitKeyParts, { medium: M }>;

export const chapterKey = (arc: number, chapter: number) => `wn:${arc}-${chapter}`;
export const volumeKey = (collection: string, volume: number) => `ln:${collection}-${volume}`;
export const sideStoryKey = (slug: string) => `ss:${slug}`;
export const episodeKey = (season: number, episode: number) => `anime:${season}-${episode}`;
export const breakTimeKey = (season: number, number: number) => `bt:${season}-${number}`;

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
      return episodeKey(parts.season, parts.episode);
    case "break_time":
      return breakTimeKey(parts.season, parts.number);
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
    const match = unitKeyPatterns[medium].exec(key);
    if (!match) continue;
    const [, first = "", second = ""] = match;
    switch (medium) {
      case "web_novel":
        return { medium, arc: Number(first), chapter: Number(second) };
      case "light_novels":
        return { medium, collection: first, volume: Number(second) };
      case "side_stories":
        return { medium, slug: first };
      case "anime":
        return { medium, season: Number(first), episode: Number(second) };
      case "break_time":
        return { medium, season: Number(first), number: Number(second) };
    }
  }
  return null;
}

export function isUnitKey(key: string, medium?: Medium): boolean {
  return (medium ? unitKeyPatterns[medium] : unitKeyPattern).test(key);
}

/** The medium a key names, or null when it is not a unit key. */
export function mediumOf(key: string): Medium | null {
  return parseUnitKey(key)?.medium ?? null;
}

/** The element id a unit has on its page: wn:2-14 → wn-2-14; an episode as viewers write it, anime:1-5 → s1e5. */
export function unitAnchor(key: string) {
  const parts = parseUnitKey(key);
  // Only validated keys reach the pages; anything else still gets a usable, distinct id.
  if (!parts) return key.replace(/[^a-z0-9-]/g, "-");
  if (parts.medium === "anime") return `s${parts.season}e${parts.episode}`;
  return unitKey(parts).replace(":", "-");
}

/** Volumes on one page of the light novels page: volumes 1–12 on page 1, 13–24 on page 2. */
export const LN_VOLUMES_PER_PAGE = 12;

/**
 * The page that lists a unit, with its anchor. The web novel is shown an arc at a time, the light
 * novels a collection at a time, the anime and Break Time a season at a time and side stories a page at a
 * time, so those links name which (a side story by its slug: the page that holds it opens).
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
  }
}
