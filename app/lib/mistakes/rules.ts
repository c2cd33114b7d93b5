import { oneOf, parseOptionalNumber } from "../http/params";
import { collectionCodePattern, parseUnitKey, wholeNumberPattern } from "../content/units";
import {
  type AnimeTrack,
  type MistakeCategory,
  mistakeSeverities,
  type MistakeSeverity,
  type MistakeStatus,
} from "../vocabulary";

/** The words and rules of the translation-mistake pages, shared by pages, forms and the feed. */

export const mistakeCategoryLabels = {
  mistranslation: "Mistranslation",
  omission: "Omission",
  addition: "Addition",
  name_or_term: "Name or term",
  softened: "Softened or censored",
  typo: "Typo",
  localization_choice: "Localization choice",
} as const satisfies Record<MistakeCategory, string>;

export const mistakeSeverityLabels = {
  minor: "Minor",
  meaning_changing: "Meaning-changing",
  plot_relevant: "Plot-relevant",
} as const satisfies Record<MistakeSeverity, string>;

export const mistakeStatusLabels = {
  confirmed: "Confirmed",
  fixed_in_later_printing: "Fixed in a later release",
  disputed: "Disputed",
} as const satisfies Record<MistakeStatus, string>;

export const animeTrackLabels = {
  subtitles: "Subtitles",
  dub: "Dub",
  captions: "Captions",
} as const satisfies Record<AnimeTrack, string>;

export type { MistakeCategory, MistakeSeverity, MistakeStatus };

export const severities = mistakeSeverities;

export interface MistakeFilters {
  category: MistakeCategory | null;
  severity: MistakeSeverity | null;
  status: MistakeStatus | null;
}

/** Whether a reader chose any filter. */
export const anyFilter = (filters: MistakeFilters) =>
  filters.category !== null || filters.severity !== null || filters.status !== null;

const pick = <T extends string>(labels: Record<T, string>, value: string | null) =>
  oneOf(Object.keys(labels) as T[], value);

/** Filters from the URL; a value the page does not know is simply no filter. */
export function parseMistakeFilters(params: URLSearchParams): MistakeFilters {
  return {
    category: pick(mistakeCategoryLabels, params.get("category")),
    severity: pick(mistakeSeverityLabels, params.get("severity")),
    status: pick(mistakeStatusLabels, params.get("status")),
  };
}

/**
 * The address of one volume's page: /translation_meta/ln_mistls/main_v3. Parsing is strict: a
 * collection code of lowercase letters and digits, "_v", and a volume number without leading zeros.
 */
function volumeSlug(collectionCode: string, volumeNumber: number) {
  return `${collectionCode}_v${volumeNumber}`;
}

export type LnMistakePageSlug = { kind: "collection"; code: string } | { kind: "volume"; code: string; number: number };

export function parseLnMistakeSlug(slug: string): LnMistakePageSlug | null {
  // A code holds no underscore, so "_v" can only separate the code from the number.
  const [code = "", number, ...rest] = slug.split("_v");
  if (!collectionCodePattern.test(code) || rest.length) return null;
  if (number === undefined) return { kind: "collection", code };
  return wholeNumberPattern.test(number) ? { kind: "volume", code, number: Number(number) } : null;
}

/** ln:main-3 → main_v3 */
export function volumeSlugFromKey(key: string) {
  const volume = parseUnitKey(key, "light_novels");
  return volume ? volumeSlug(volume.collection, volume.volume) : null;
}

/**
 * Where an anime entry's line is spoken: minutes:seconds (12:34, 75:30 into a film) or
 * hours:minutes:seconds (1:02:03), seconds (and minutes after hours) below 60.
 */
export const mistakeTimestampPattern = /^(?:\d{1,2}:[0-5]\d|\d{1,2}):[0-5]\d$/;

/**
 * Where in a light novel a passage is, as readers write it: a page of the print edition ("p. 112",
 * "page 112", "112"), a percentage through an ebook ("43%", "43.5%") or a Kindle location ("loc. 1234").
 * A reader's location is published with their accepted report, so it is one of these and nothing else:
 * free text there would be shown to every reader beside the entry, behind no shield.
 */
const bookPage = /^(?:(?:p|pp|pg|page)\.?\s*)?([1-9]\d{0,4})$/i;
// A decimal point or comma (43,5% as much of Europe writes it); 100 only as itself or 100.0.
const ebookPercentage = /^(100(?:[.,]0{1,2})?|\d{1,2}(?:[.,]\d{1,2})?|[.,]\d{1,2})\s*%$/;
const kindleLocation = /^(?:loc|location)\.?:?\s*([1-9]\d{0,7})$/i;

export const bookLocationPattern = new RegExp(
  [bookPage, ebookPercentage, kindleLocation].map((pattern) => pattern.source).join("|"),
  "i",
);
export const bookLocationMessage = "Write a page (p. 112), a percentage (43%) or a Kindle location (loc. 1234).";

/** A passage's place in its volume: a page, or a position in an ebook as the site writes it ("43%", "loc. 1234"). */
export type BookLocation = { page: number; ebookPosition: null } | { page: null; ebookPosition: string };

/** A location as a reader wrote it, read into a page or an ebook position; null when it is neither. */
export function parseBookLocation(text: string): BookLocation | null {
  const location = text.trim();
  const page = bookPage.exec(location);
  if (page) return { page: Number(page[1]), ebookPosition: null };
  const percentage = ebookPercentage.exec(location);
  if (percentage) return { page: null, ebookPosition: `${Number(percentage[1]!.replace(",", "."))}%` };
  const kindle = kindleLocation.exec(location);
  if (kindle) return { page: null, ebookPosition: `loc. ${kindle[1]}` };
  return null;
}

/** 1:02:03 or 12:34 → seconds. */
export function timestampSeconds(timestamp: string) {
  return timestamp.split(":").reduce((total, part) => total * 60 + Number(part), 0);
}

/**
 * The latest time a reader may name in an episode that runs `runtime` minutes. A series' runtime is its
 * usual length in whole minutes, and the file a reader watches often runs longer (a 24-minute episode at
 * 24:50, an ending or a preview a stream keeps): so 10% past it, and at least 2 minutes past a short one
 * (a 3-minute short to 5:00). A time past that is not in the episode (59:59 in a 24-minute one).
 */
export function latestTimestampSeconds(runtime: number) {
  return runtime * 60 + Math.max(120, runtime * 6);
}

/** Whether a well-formed timestamp falls within an episode's runtime in minutes; any does where it is unknown (null). */
export function timestampWithinRuntime(timestamp: string, runtime: number | null) {
  return runtime === null || timestampSeconds(timestamp) <= latestTimestampSeconds(runtime);
}

/**
 * The shortest runtime, in whole minutes, within which a timestamp falls: the stored runtime the server
 * asks of the named episode as it files a report (one condition in the batch that stores it, so the rule
 * above stays the only statement of the margin).
 */
export function shortestRuntimeFor(timestamp: string) {
  const seconds = timestampSeconds(timestamp);
  // latestTimestampSeconds(r) is at most 66r + 120, so no shorter runtime can hold it; counting up from
  // there takes a step or two.
  let runtime = Math.max(0, Math.floor((seconds - 120) / 66));
  while (!timestampWithinRuntime(timestamp, runtime)) runtime += 1;
  return runtime;
}

/** Why a timestamp is refused, by the episode's label ("Season 1 · Episode 3") and usual length. */
export function timestampPastRuntimeMessage(episodeLabel: string, runtime: number) {
  return `${episodeLabel} runs about ${runtime} ${runtime === 1 ? "minute" : "minutes"}: give a time within it.`;
}

/** 754 seconds → 12:34; an hour or more → 1:02:03 */
export function formatTimestamp(seconds: number) {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/**
 * An entry's id as the site shows it, in its anchor, its address and its data: a pack's id is often
 * made of the entry's own lines ("main-3-his-sisters-face") and would spell them to every reader, in a
 * feed, a link or a page's source, whatever they have seen. So it is shown only as this handle, the
 * same for the same id (FNV-1a, 32 bits, base 36): links to an entry keep working as its pack is
 * imported again, and the import refuses two ids with one handle.
 */
export function entryHandle(id: string) {
  let hash = 0x811c9dc5;
  for (const unit of new TextEncoder().encode(id)) hash = Math.imul(hash ^ unit, 0x01000193) >>> 0;
  return `n${hash.toString(36).padStart(7, "0")}`;
}

/** An entry's anchor on its page, by its handle (entryHandle). */
export function mistakeAnchor(handle: string) {
  return `entry-${handle}`;
}

/** A volume's entries per page: a volume's mistakes could grow past what one page should carry. */
export const LN_ENTRIES_PER_PAGE = 50;

/**
 * The address of a light novel entry: its volume's page, on the page of the volume's (unfiltered)
 * list that holds it, given how many entries come before it in reading order.
 */
export function lnMistakePath(volumeKey: string, handle: string, entriesBefore: number) {
  const page = Math.floor(entriesBefore / LN_ENTRIES_PER_PAGE) + 1;
  return `/translation_meta/ln_mistls/${volumeSlugFromKey(volumeKey)}${page > 1 ? `?page=${page}` : ""}#${mistakeAnchor(handle)}`;
}

/**
 * The anime entries' page lists one season's entries at a time, by episode, and the OVAs', specials' and
 * films' in a section of their own: an entry's address names its season or that section.
 */
export function animeMistakePath(handle: string, episodeKey: string) {
  return `${animeMistakesSeasonPath(episodeKey)}#${mistakeAnchor(handle)}`;
}

/** The anime mistakes page's section of OVAs, specials and films, beside the seasons: `?season=specials`. */
export const ANIME_SPECIALS_SECTION = "specials";

/**
 * The section `?season=` asks the anime mistakes page for: a season's number or the specials; undefined
 * when absent (the page shows its first season with entries), null when it is neither (a 404).
 */
export function parseAnimeMistakeSection(
  params: URLSearchParams,
): number | typeof ANIME_SPECIALS_SECTION | null | undefined {
  return params.get("season") === ANIME_SPECIALS_SECTION
    ? ANIME_SPECIALS_SECTION
    : parseOptionalNumber(params, "season");
}

/** The anime mistakes page of an episode's season, or its section of specials for an OVA, special or film. */
export function animeMistakesSeasonPath(unitKey: string) {
  const path = "/translation_meta/anime_mistls";
  if (parseUnitKey(unitKey, "anime_specials")) return `${path}?season=${ANIME_SPECIALS_SECTION}`;
  const parts = parseUnitKey(unitKey, "anime");
  return `${path}${parts ? `?season=${parts.season}` : ""}`;
}

/**
 * What an anime translation note or report may name as its platform besides the series' own (anime.json
 * `platforms`): the form offers it after them, and the import takes it in a note.
 */
export const OTHER_PLATFORM = "Other";
