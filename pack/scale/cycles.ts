import { dateEnd, datePrecision, dateStart } from "../../app/lib/content/dates";
import { parseUnitKey, unitKey } from "../../app/lib/content/units";
import type { RevealIn } from "../schema/fields";
import type { ContentPack } from "../schema/files";
import { isbnCheckDigit } from "../schema/isbn";

/*
 * Where each cycle of a scaled pack sits (numbered and dated after the one before), and how single
 * values move into it: keys, slugs, titles, dates, ISBNs. Cycle 1 leaves everything as it is.
 */

const DAY_MS = 86_400_000;

/** How much one cycle of the story takes up, so the next can be numbered and dated after it. */
interface CycleSize {
  arcs: number;
  volumesByCollection: Map<string, number>;
  seasons: number;
  /** Whole weeks, longer than the pack's span of dates, so weekly schedules keep their weekday. */
  days: number;
  /**
   * Room between ISBNs of one cycle and the next: the spread of the pack's ISBNs in each registration
   * group (978-4 for Japan, 978-1 for English), so a Japanese and an English edition do not make it vast.
   */
  isbnsByGroup: Map<string, number>;
  /** The web novel's largest serial number: the next cycle's entries are numbered on from it. */
  serialNumbers: number;
}

/** Where cycle `index` (1-based) of the story sits: the shifts applied to everything in it. */
export interface Cycle {
  index: number;
  arcShift: number;
  volumeShift: (collection: string) => number;
  seasonShift: number;
  dayShift: number;
  isbnShift: (isbn: string) => number;
  serialShift: number;
}

export function measureCycle(pack: ContentPack): CycleSize {
  const volumesByCollection = new Map<string, number>();
  for (const collection of pack.lightNovels.collections) {
    const largest = Math.max(0, ...collection.volumes.map((volume) => volume.number));
    volumesByCollection.set(collection.code, Math.max(largest, volumesByCollection.get(collection.code) ?? 0));
  }
  const times = packDates(pack).flatMap((date) => [dayNumber(dateStart(date)), dayNumber(dateEnd(date))]);
  const span = Math.max(...times) - Math.min(...times);
  const isbnsByGroup = new Map<string, number>();
  for (const [group, serials] of groupedIsbnSerials(pack))
    isbnsByGroup.set(group, Math.max(...serials) - Math.min(...serials) + 1);
  return {
    arcs: Math.max(0, ...pack.webNovel.arcs.map((arc) => arc.number)),
    volumesByCollection,
    // Break Time names its season too; a short may belong to a season with no main episodes listed.
    seasons: Math.max(
      0,
      ...pack.anime.seasons.map((season) => season.number),
      ...pack.anime.breakTime.map((short) => short.season),
    ),
    days: (Math.floor(span / 7) + 1) * 7,
    isbnsByGroup,
    serialNumbers: Math.max(
      0,
      ...pack.webNovel.arcs.flatMap((arc) => arc.chapters.map((chapter) => chapter.serialNumber ?? 0)),
    ),
  };
}

export function cycleAt(size: CycleSize, index: number): Cycle {
  const before = index - 1;
  return {
    index,
    arcShift: size.arcs * before,
    volumeShift: (collection) => (size.volumesByCollection.get(collection) ?? 0) * before,
    seasonShift: size.seasons * before,
    dayShift: size.days * before,
    isbnShift: (isbn) => (size.isbnsByGroup.get(isbnGroup(isbn)) ?? 0) * before,
    serialShift: size.serialNumbers * before,
  };
}

function packDates(pack: ContentPack) {
  return [
    ...pack.webNovel.arcs.flatMap((arc) => arc.chapters.map((chapter) => chapter.publishedOn)),
    ...pack.lightNovels.collections.flatMap((collection) =>
      collection.volumes.flatMap((volume) => [
        volume.releasedJp,
        volume.releasedEn,
        ...volume.editions.map((edition) => edition.releasedOn),
      ]),
    ),
    ...pack.sideStories.sideStories.map((story) => story.publishedOn),
    ...pack.anime.seasons.flatMap((season) => season.episodes.map((episode) => episode.airedOn)),
    ...pack.anime.seasons.flatMap((season) =>
      season.recuts.flatMap((recut) => [
        recut.airedFrom,
        recut.airedTo,
        ...recut.episodes.map((episode) => episode.airedOn),
      ]),
    ),
    ...pack.anime.breakTime.map((short) => short.airedOn),
    ...pack.anime.specials.map((special) => special.releasedOn),
    ...pack.manga.series.flatMap((series) =>
      series.volumes.flatMap((volume) => [
        volume.releasedOn,
        volume.releasedEn,
        ...volume.chapters.map((chapter) => chapter.publishedOn),
      ]),
    ),
    ...[...pack.mistakes.lightNovel, ...pack.mistakes.anime].flatMap((mistake) => [mistake.addedOn, mistake.updatedOn]),
  ].filter((date): date is string => typeof date === "string");
}

/** The serials of the pack's ISBNs, by registration group. */
function groupedIsbnSerials(pack: ContentPack) {
  const groups = new Map<string, number[]>();
  for (const isbn of packIsbns(pack))
    groups.set(isbnGroup(isbn), [...(groups.get(isbnGroup(isbn)) ?? []), isbnSerial(isbn)]);
  return groups;
}

function packIsbns(pack: ContentPack) {
  return pack.lightNovels.collections.flatMap((collection) =>
    collection.volumes.flatMap((volume) =>
      [volume.isbn, ...volume.editions.map((edition) => edition.isbn)].filter((isbn) => isbn !== undefined),
    ),
  );
}

export const retitle = (title: string, cycle: Cycle) => (cycle.index === 1 ? title : `${title} (cycle ${cycle.index})`);
/**
 * A volume's label in another cycle, where the volumes are numbered on: its leading number moved as the
 * volume's number is ("7.5" in cycle 2 of a 14-volume collection is "21.5"); one without ("EX") takes
 * the cycle's number, "EX-2", so no two volumes of the collection share a name.
 */
export function moveVolumeLabel(label: string, shift: number, cycle: Cycle) {
  if (cycle.index === 1) return label;
  const number = /^\d+/.exec(label)?.[0];
  return number === undefined ? `${label}-${cycle.index}` : `${Number(number) + shift}${label.slice(number.length)}`;
}
/** A manga series' code in another cycle: wick, wick2, wick3 (a code has no dashes). */
export const moveMangaSeries = (code: string, cycle: Cycle) => (cycle.index === 1 ? code : `${code}${cycle.index}`);
export const moveSlug = (slug: string, cycle: Cycle) => (cycle.index === 1 ? slug : `${slug}-${cycle.index}`);
export const maybe = <T, R>(value: T | undefined, move: (value: T) => R) =>
  value === undefined ? undefined : move(value);
/** An English edition's date in another cycle: null (no English edition yet) stays a statement, not an unknown. */
export const moveEnglishRelease = (date: string | null | undefined, cycle: Cycle) =>
  date === null ? null : maybe(date, (day) => moveDate(day, cycle));

/** The same unit in another cycle: wn:2-14 in cycle 3 of a 7-arc story is wn:16-14. */
export function moveKey(key: string, cycle: Cycle) {
  const unit = parseUnitKey(key);
  // The schema only lets unit keys through, so this means the schema and the key module disagree.
  if (!unit) throw new Error(`Cannot move ${key} to another cycle: not a unit key`);
  switch (unit.medium) {
    case "web_novel":
      return unitKey({ ...unit, arc: unit.arc + cycle.arcShift });
    case "light_novels":
      return unitKey({ ...unit, volume: unit.volume + cycle.volumeShift(unit.collection) });
    case "side_stories":
    case "anime_specials":
      return unitKey({ ...unit, slug: moveSlug(unit.slug, cycle) });
    case "anime":
    case "break_time":
      return unitKey({ ...unit, season: unit.season + cycle.seasonShift });
    case "manga":
      return unitKey({ ...unit, series: moveMangaSeries(unit.series, cycle) });
  }
}

/** Where each medium reveals something, moved into the cycle (null stays null: that medium never reveals it). */
export function moveRevealIn(revealIn: RevealIn | undefined, cycle: Cycle): RevealIn | undefined {
  if (!revealIn) return undefined;
  return Object.fromEntries(Object.entries(revealIn).map(([medium, key]) => [medium, key ? moveKey(key, cycle) : key]));
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

export function moveDate(date: string, cycle: Cycle) {
  if (cycle.dayShift === 0) return date;
  const moved = new Date((dayNumber(dateStart(date)) + cycle.dayShift) * DAY_MS);
  if (moved.getUTCFullYear() > 9999)
    throw new RangeError("That scale moves dates past the year 9999; use a smaller --scale.");
  // A month, a quarter or a year stays one: its first day moves, and the copy keeps the precision the pack
  // gave (the quarter is the one its moved first day falls in).
  if (datePrecision(date) === "quarter") return `${moved.getUTCFullYear()}-Q${Math.floor(moved.getUTCMonth() / 3) + 1}`;
  return moved.toISOString().slice(0, date.length);
}

/** An ISBN's digits without its 97x prefix (an ISBN-10 has none) and its check digit: the nine that name the book. */
const isbnSerial = (isbn: string) => Number(isbnPrefixAndSerial(isbn).serial);
/** An ISBN's prefix and the first digit of its group: "9784" for 978-4-86716-101-2. */
const isbnGroup = (isbn: string) => {
  const { prefix, serial } = isbnPrefixAndSerial(isbn);
  return prefix + serial.slice(0, 1);
};

function isbnPrefixAndSerial(isbn: string) {
  const digits = isbn.replace(/-/g, "");
  const prefix = digits.length === 13 ? digits.slice(0, 3) : "";
  return { prefix, serial: digits.slice(prefix.length, -1) };
}

/** A different, still valid ISBN for the copy, keeping the original's hyphenation. */
export function moveIsbn(isbn: string, cycle: Cycle) {
  const shift = cycle.isbnShift(isbn);
  if (shift === 0) return isbn;
  const serial = isbnSerial(isbn) + shift;
  if (serial >= 1e9) throw new RangeError("That scale runs out of ISBNs; use a smaller --scale.");
  const body = isbnPrefixAndSerial(isbn).prefix + String(serial).padStart(9, "0");
  const digits = [...body, isbnCheckDigit(body)];
  return isbn.replace(/[\dX]/g, () => digits.shift()!);
}
