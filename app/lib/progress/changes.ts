import { type Medium, mediumOf, parseUnitKey } from "../content/units";
import { hasConsumed, knowledgeOfUnits } from "../shield/knowledge";
import {
  emptyProgress,
  furthestRecutEpisodes,
  furthestMangaChapters,
  furthestVolumes,
  knowledgeOf,
  mangaSeriesOf,
  type Progress,
  reachedUnits,
  recutOf,
} from "./record";
import { positionsOf, type TrackerUnit } from "./tracker-units";

/* How a reader's progress record (./progress-record) changes: merging two, reading up to a unit, ticking one. */

/** A chapter's or episode's place within its medium: wn:2-14 → [2, 14]. */
function orderInMedium(unitKey: string): [number, number] {
  const parts = parseUnitKey(unitKey);
  if (parts?.medium === "web_novel") return [parts.arc, parts.chapter];
  if (parts?.medium === "anime") return [parts.season, parts.episode];
  return [0, 0];
}

/** The later of two chapters (or two episodes), compared by number, not as text. */
function later(a: string | null, b: string | null) {
  if (!a) return b;
  if (!b) return a;
  const [a1, a2] = orderInMedium(a);
  const [b1, b2] = orderInMedium(b);
  return a1 > b1 || (a1 === b1 && a2 >= b2) ? a : b;
}

/** The record with only the skipped units that lie before its places (others are unread anyway), sorted. */
function withSkippedBehind(progress: Progress): Progress {
  const reached = knowledgeOfUnits(reachedUnits(progress));
  return { ...progress, skipped: [...new Set(progress.skipped)].filter((key) => hasConsumed(reached, key)).sort() };
}

/**
 * Merges two progress records, as on sign-in on a new device: the furthest progress wins in each
 * medium, checklists are united, nothing is lost. A unit one record skipped stays skipped unless the
 * other has read it.
 */
export function mergeProgress(a: Progress, b: Progress): Progress {
  const [knowsA, knowsB] = [knowledgeOf(a), knowledgeOf(b)];
  return withSkippedBehind({
    version: 2,
    webNovel: later(a.webNovel, b.webNovel),
    lightNovels: furthestVolumes([...a.lightNovels, ...b.lightNovels]),
    sideStories: [...new Set([...a.sideStories, ...b.sideStories])].sort(),
    anime: later(a.anime, b.anime),
    recuts: furthestRecutEpisodes([...a.recuts, ...b.recuts]),
    breakTime: [...new Set([...a.breakTime, ...b.breakTime])].sort(),
    animeSpecials: [...new Set([...a.animeSpecials, ...b.animeSpecials])].sort(),
    manga: furthestMangaChapters([...a.manga, ...b.manga]),
    skipped: [...a.skipped, ...b.skipped].filter((key) => !hasConsumed(knowsA, key) && !hasConsumed(knowsB, key)),
    position: Math.max(a.position, b.position),
    updatedAt: a.updatedAt > b.updatedAt ? a.updatedAt : b.updatedAt,
  });
}

/** Whether `a` already holds all the progress `b` does (merging `b` in would change nothing). */
export function holdsProgress(a: Progress, b: Progress) {
  return sameProgress(mergeProgress(a, b), mergeProgress(a, a));
}

/** Whether two records hold the same progress (when each was last changed does not count). */
export function sameProgress(a: Progress, b: Progress) {
  const { updatedAt: _a, ...left } = a;
  const { updatedAt: _b, ...right } = b;
  return JSON.stringify(left) === JSON.stringify(right);
}

/** The furthest timeline position reached, given each unit's position. */
export function progressPosition(progress: Progress, positionOf: (unitKey: string) => number | undefined) {
  return Math.max(0, ...reachedUnits(progress).map((unit) => positionOf(unit) ?? 0));
}

/** The record with its position worked out from the tracker's timeline. */
export function withPosition(progress: Progress, units: readonly TrackerUnit[]): Progress {
  return { ...progress, position: progressPosition(progress, positionsOf(units)) };
}

/** The record as kept after the reader changes it: position worked out, skipped units tidied, stamped with the time. */
export function changedProgress(progress: Progress, units: readonly TrackerUnit[], now = new Date()): Progress {
  return { ...withPosition(withSkippedBehind(progress), units), updatedAt: now.toISOString() };
}

/** The record with a collection's last volume set from a volume key (null: not started). */
export function withLastVolume(progress: Progress, collection: string, unitKey: string | null): Progress {
  const others = progress.lightNovels.filter((key) => parseUnitKey(key, "light_novels")?.collection !== collection);
  const set = unitKey !== null && parseUnitKey(unitKey, "light_novels")?.collection === collection;
  return { ...progress, lightNovels: set ? [...others, unitKey].sort() : others };
}

/** The record with a recut's ("1r1") last episode watched set from an episode key (null: not started). */
export function withRecutEpisode(progress: Progress, recut: string, unitKey: string | null): Progress {
  const others = progress.recuts.filter((key) => recutOf(key) !== recut);
  const set = unitKey !== null && recutOf(unitKey) === recut;
  return { ...progress, recuts: set ? [...others, unitKey].sort() : others };
}

/** The record with a manga series' ("wick") last chapter read set from a chapter key (null: not started). */
export function withMangaChapter(progress: Progress, series: string, unitKey: string | null): Progress {
  const others = progress.manga.filter((key) => mangaSeriesOf(key) !== series);
  const set = unitKey !== null && mangaSeriesOf(unitKey) === series;
  return { ...progress, manga: set ? [...others, unitKey].sort() : others };
}

/** A checklist (side stories, Break Time) with one unit ticked or unticked, sorted like a merge. */
export function withTicked(checked: readonly string[], unitKey: string, ticked: boolean) {
  const next = new Set(checked);
  if (ticked) next.add(unitKey);
  else next.delete(unitKey);
  return [...next].sort();
}

/**
 * "I have read up to here" from a chapter, volume or episode on any page: that medium's progress
 * moves up to the unit (never back) and the position with it, without the tracker's timeline. Other
 * keys (side stories, Break Time) leave the record as it is. At or before the reader's place it reads
 * the skipped units up to the unit (the reader is filling the gaps); past the place it moves on and
 * the skipped units stay unread (reading the next chapter after a crossing reads nothing it skipped).
 */
export function readUpTo(progress: Progress, unit: { key: string; position: number }, now = new Date()): Progress {
  const parts = parseUnitKey(unit.key);
  const reached: Progress = { ...emptyProgress, position: unit.position, updatedAt: now.toISOString() };
  if (parts?.medium === "web_novel") reached.webNovel = unit.key;
  else if (parts?.medium === "anime" && parts.recut !== undefined) reached.recuts = [unit.key];
  else if (parts?.medium === "anime") reached.anime = unit.key;
  else if (parts?.medium === "light_novels") reached.lightNovels = [unit.key];
  else if (parts?.medium === "manga") reached.manga = [unit.key];
  else return progress;
  const merged = mergeProgress(progress, reached);
  const movesOn = !hasConsumed(knowledgeOfUnits(reachedUnits(progress)), unit.key);
  return movesOn ? withSkippedBehind({ ...merged, skipped: progress.skipped }) : merged;
}

/**
 * The media a reader follows: side stories always; the web novel once started, or while neither the
 * anime nor a light novel is (a new reader starts there); the anime with its Break Time shorts and its
 * OVAs, specials and films once any of them is started. Light novels count per collection, in upNext.
 */
export function followedMedia(progress: Progress): Set<Medium> {
  const followed = new Set<Medium>(["side_stories"]);
  const watches = progress.anime || progress.recuts.length;
  if (progress.webNovel || (!watches && !progress.lightNovels.length && !progress.manga.length))
    followed.add("web_novel");
  if (progress.manga.length) followed.add("manga");
  if (watches || progress.breakTime.length || progress.animeSpecials.length)
    followed.add("anime").add("break_time").add("anime_specials");
  return followed;
}

/**
 * "Mark as read" (or watched) on one unit the tracker offers: a skipped chapter or volume is read,
 * that one alone; a chapter, volume or episode moves its medium's progress up to it (readUpTo); a side
 * story, a Break Time short or an OVA, special or film is ticked. Other media are never touched.
 */
export function markRead(progress: Progress, unit: { key: string; position: number }): Progress {
  if (progress.skipped.includes(unit.key))
    return { ...progress, skipped: progress.skipped.filter((key) => key !== unit.key) };
  const medium = mediumOf(unit.key);
  if (medium === "side_stories") return { ...progress, sideStories: withTicked(progress.sideStories, unit.key, true) };
  if (medium === "break_time") return { ...progress, breakTime: withTicked(progress.breakTime, unit.key, true) };
  if (medium === "anime_specials")
    return { ...progress, animeSpecials: withTicked(progress.animeSpecials, unit.key, true) };
  return readUpTo(progress, unit);
}
