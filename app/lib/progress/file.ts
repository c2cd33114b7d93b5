import {
  collectionCodePattern,
  isUnitKey,
  MAX_UNIT_NUMBER,
  type Medium,
  parseUnitKey,
  UNIT_KEY_MAX_LENGTH,
  volumeKey,
} from "../content/units";
import type { Progress } from "./record";

/*
 * The one check of a progress record, wherever it comes from: this browser's storage, an exported
 * file, a save to the account, the account's saved record. Written without a schema library because
 * the spoiler shield reads stored progress on every page, and zod stays out of public pages'
 * first-load JavaScript.
 */

/** What is wrong with a record: where (a dotted path, empty for the whole record) and why. */
export interface ProgressProblem {
  path: string;
  message: string;
}

export type CheckedProgress = { progress: Progress; problem: null } | { progress: null; problem: ProgressProblem };

const fields = [
  "version",
  "webNovel",
  "lightNovels",
  "sideStories",
  "anime",
  "recuts",
  "breakTime",
  "animeSpecials",
  "manga",
  "skipped",
  "position",
  "updatedAt",
];
/** Far more than any series has; keeps a hostile file from making every page slow. */
const MAX_CHECKED = 5000;
/** An ISO timestamp in UTC, as toISOString() writes it (seconds and fractions optional). */
const timestampPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z$/;

class Refusal extends Error {
  constructor(readonly problem: ProgressProblem) {
    super(problem.message);
  }
}

function refuse(path: string, message: string): never {
  throw new Refusal({ path, message });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function unitKeyOf(medium: Medium, value: unknown, path: string): string {
  if (typeof value !== "string" || value.length > UNIT_KEY_MAX_LENGTH || !isUnitKey(value, medium))
    refuse(path, `expected a ${medium.replace("_", " ")} key`);
  return value;
}

function lastUnit(medium: Medium, value: unknown, path: string): string | null {
  return value === null ? null : unitKeyOf(medium, value, path);
}

function checklist(medium: Medium, value: unknown, path: string): string[] {
  if (!Array.isArray(value)) refuse(path, "expected a list");
  if (value.length > MAX_CHECKED) refuse(path, `expected at most ${MAX_CHECKED} entries`);
  return value.map((key, index) => unitKeyOf(medium, key, `${path}.${index}`));
}

/** The season's own last episode watched: a recut's episode has its own field. */
function lastEpisode(value: unknown, path: string): string | null {
  const key = lastUnit("anime", value, path);
  if (key !== null && parseUnitKey(key, "anime")?.recut !== undefined)
    refuse(path, "expected a season's episode (a recut's episode goes in recuts)");
  return key;
}

/** The last episode of each recut; one per recut. Records from before recuts have none. */
function lastRecutEpisodes(value: unknown, path: string): string[] {
  if (value === undefined) return [];
  const keys = checklist("anime", value, path);
  const recuts = new Set<string>();
  keys.forEach((key, index) => {
    const parts = parseUnitKey(key, "anime")!;
    if (parts.recut === undefined) refuse(`${path}.${index}`, "expected a recut's episode key (anime:1r1-2)");
    const recut = `${parts.season}r${parts.recut}`;
    if (recuts.has(recut)) refuse(`${path}.${index}`, "expected one episode per recut");
    recuts.add(recut);
  });
  return keys.sort();
}

/** The last chapter of each manga series; one per series. */
function lastMangaChapters(value: unknown, path: string): string[] {
  const keys = checklist("manga", value, path);
  const series = new Set<string>();
  keys.forEach((key, index) => {
    const code = parseUnitKey(key, "manga")!.series;
    if (series.has(code)) refuse(`${path}.${index}`, "expected one chapter per manga series");
    series.add(code);
  });
  return keys.sort();
}

/** The media whose units a crossing can skip: the web novel's chapters, the light novels' volumes, the manga's chapters. */
const skippable: readonly Medium[] = ["web_novel", "light_novels", "manga"];

/** Skipped chapters and volumes; records from before there were any (and older files) have none. */
function skippedUnits(value: unknown, path: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) refuse(path, "expected a list");
  if (value.length > MAX_CHECKED) refuse(path, `expected at most ${MAX_CHECKED} entries`);
  return value.map((key, index) => {
    const medium = skippable.find((one) => typeof key === "string" && isUnitKey(key, one)) ?? "web_novel";
    return unitKeyOf(medium, key, `${path}.${index}`);
  });
}

/** The last volume of each collection, by unit key; one per collection. */
function lastVolumes(value: unknown, path: string): string[] {
  const keys = checklist("light_novels", value, path);
  const collections = new Set<string>();
  keys.forEach((key, index) => {
    const collection = parseUnitKey(key, "light_novels")!.collection;
    if (collections.has(collection)) refuse(`${path}.${index}`, "expected one volume per light novel collection");
    collections.add(collection);
  });
  return keys.sort();
}

/** Version 1 kept each collection's last volume as a number (`{"main": 3}`); read as version 2's keys. */
function lastVolumesOfVersion1(value: unknown, path: string): string[] {
  if (!isRecord(value)) refuse(path, "expected an object");
  if (Object.keys(value).length > MAX_CHECKED) refuse(path, `expected at most ${MAX_CHECKED} entries`);
  const keys: string[] = [];
  for (const [collection, volume] of Object.entries(value)) {
    if (!collectionCodePattern.test(collection))
      refuse(`${path}.${collection}`, "expected a light novel collection code");
    if (typeof volume !== "number" || !Number.isInteger(volume) || volume < 1 || volume > MAX_UNIT_NUMBER)
      refuse(`${path}.${collection}`, "expected a volume number");
    keys.push(volumeKey(collection, volume));
  }
  return keys.sort();
}

function timestamp(value: unknown, path: string): string {
  if (typeof value !== "string" || !timestampPattern.test(value) || Number.isNaN(Date.parse(value)))
    refuse(path, "expected an ISO timestamp");
  return value;
}

function readProgress(value: unknown): Progress {
  if (!isRecord(value)) refuse("", "expected an object");
  const unknownField = Object.keys(value).find((field) => !fields.includes(field));
  if (unknownField !== undefined) refuse("", `unknown field "${unknownField}"`);
  if (value.version !== 1 && value.version !== 2) refuse("version", "expected 1 or 2");
  const position = value.position;
  if (typeof position !== "number" || !Number.isFinite(position) || position < 0 || position > 1e9)
    refuse("position", "expected a story position");
  // Built field by field in one order, so equal records serialise alike (sameProgress relies on it).
  return {
    version: 2,
    webNovel: lastUnit("web_novel", value.webNovel, "webNovel"),
    lightNovels:
      value.version === 1
        ? lastVolumesOfVersion1(value.lightNovels, "lightNovels")
        : lastVolumes(value.lightNovels, "lightNovels"),
    sideStories: checklist("side_stories", value.sideStories, "sideStories"),
    anime: lastEpisode(value.anime, "anime"),
    recuts: lastRecutEpisodes(value.recuts, "recuts"),
    breakTime: checklist("break_time", value.breakTime, "breakTime"),
    // Records and files from before OVAs, specials and films were tracked have none.
    animeSpecials:
      value.animeSpecials === undefined ? [] : checklist("anime_specials", value.animeSpecials, "animeSpecials"),
    // Records and files from before the manga was tracked have none.
    manga: value.manga === undefined ? [] : lastMangaChapters(value.manga, "manga"),
    skipped: skippedUnits(value.skipped, "skipped"),
    position,
    updatedAt: timestamp(value.updatedAt, "updatedAt"),
  };
}

/** A progress record, or the first problem with it; anything not exactly a record is refused. */
export function checkProgress(value: unknown): CheckedProgress {
  try {
    return { progress: readProgress(value), problem: null };
  } catch (error) {
    if (error instanceof Refusal) return { progress: null, problem: error.problem };
    throw error;
  }
}

/** Stored or saved progress (JSON), or null when it is missing or unreadable. */
export function parseStoredProgress(json: string | null | undefined): Progress | null {
  if (!json) return null;
  try {
    return checkProgress(JSON.parse(json)).progress;
  } catch {
    return null;
  }
}
