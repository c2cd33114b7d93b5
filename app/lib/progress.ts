import { labelWithTitle, titleAfterLabel } from "./content/labels";
import { type Medium, mediumOf, parseUnitKey, volumeKey } from "./content/units";
import type { Gated } from "./gated";
import { hasConsumed, knowledgeOfUnits } from "./knowledge";
import { knowledgeOf, reachedUnits } from "./reached-units";

/**
 * A reader's progress in every medium. Kept in the browser for everyone and, for signed-in readers,
 * in D1 too. `position` is derived (the furthest point on the story timeline reached in any medium)
 * and stays in the stored record so older files keep importing; the spoiler shield never reads it (what a reader
 * knows is worked out per medium: ./knowledge).
 */
export interface Progress {
  version: 1;
  /** The last web novel chapter read, e.g. wn:2-14. */
  webNovel: string | null;
  /** Per light novel collection, the last volume read. */
  lightNovels: Record<string, number>;
  /** Side stories read, by unit key (ss:slug). */
  sideStories: string[];
  /** The last anime episode watched, e.g. anime:1-5. */
  anime: string | null;
  /** Break Time shorts watched, by unit key (bt:1-5). */
  breakTime: string[];
  /**
   * Web novel chapters and light novel volumes before the reader's place that they have not read, by
   * unit key: what they passed over when they crossed from another medium (./media-crossing). They
   * stay unread, and what they reveal stays hidden, until the reader marks them read.
   */
  skipped: string[];
  position: number;
  updatedAt: string;
}

/** A unit the reading tracker offers; the tracker gets them all in story order. */
export interface TrackerUnit {
  key: string;
  medium: Medium;
  position: number;
  label: string;
  /** The title, gated where it spoils (its content left out of responses for readers who do not know it). */
  title: Gated<string>;
  /** The arc, collection or season it is listed under. */
  group: string;
  /** The light novel collection's code; null outside the light novels. */
  collection: string | null;
  /**
   * The units that cover this unit's place in the story, joined by spaces: itself, the web novel chapter
   * it reaches, and every unit of another medium that covers that chapter (the pack's cross-media map).
   */
  coveredBy: string;
}

export const emptyProgress: Progress = {
  version: 1,
  webNovel: null,
  lightNovels: {},
  sideStories: [],
  anime: null,
  breakTime: [],
  skipped: [],
  position: 0,
  updatedAt: "1970-01-01T00:00:00.000Z",
};

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
  const lightNovels: Record<string, number> = { ...a.lightNovels };
  for (const [collection, volume] of Object.entries(b.lightNovels))
    lightNovels[collection] = Math.max(lightNovels[collection] ?? 0, volume);
  const [knowsA, knowsB] = [knowledgeOf(a), knowledgeOf(b)];
  return withSkippedBehind({
    version: 1,
    webNovel: later(a.webNovel, b.webNovel),
    lightNovels,
    sideStories: [...new Set([...a.sideStories, ...b.sideStories])].sort(),
    anime: later(a.anime, b.anime),
    breakTime: [...new Set([...a.breakTime, ...b.breakTime])].sort(),
    skipped: [...a.skipped, ...b.skipped].filter((key) => !hasConsumed(knowsA, key) && !hasConsumed(knowsB, key)),
    position: Math.max(a.position, b.position),
    updatedAt: a.updatedAt > b.updatedAt ? a.updatedAt : b.updatedAt,
  });
}

/** Whether two records hold the same progress (when each was last changed does not count). */
export function sameProgress(a: Progress, b: Progress) {
  const { updatedAt: _a, ...left } = a;
  const { updatedAt: _b, ...right } = b;
  return JSON.stringify(left) === JSON.stringify(right);
}

/**
 * This browser's progress and the account's, brought together: the merged record, whether this
 * browser must store it and whether the account must (never an empty record).
 */
export function reconcileProgress(local: Progress, saved: Progress | null) {
  const progress = saved ? mergeProgress(local, saved) : local;
  return {
    progress,
    storeLocally: !sameProgress(progress, local),
    sendToAccount: !sameProgress(progress, saved ?? emptyProgress),
  };
}

// Apart, so the pages that read progress (the shield) do not load the tracker's helpers below.
export { knowledgeOf, reachedUnits } from "./reached-units";

/** The furthest timeline position reached, given each unit's position. */
export function progressPosition(progress: Progress, positionOf: (unitKey: string) => number | undefined) {
  return Math.max(0, ...reachedUnits(progress).map((unit) => positionOf(unit) ?? 0));
}

/** Looks up units' positions on the timeline by key. */
function positionsOf(units: readonly TrackerUnit[]) {
  const positions = new Map(units.map((unit) => [unit.key, unit.position]));
  return (unitKey: string) => positions.get(unitKey);
}

/** The record with its position worked out from the tracker's timeline. */
export function withPosition(progress: Progress, units: readonly TrackerUnit[]): Progress {
  return { ...progress, position: progressPosition(progress, positionsOf(units)) };
}

/** The record as kept after the reader changes it: position worked out, skipped units tidied, stamped with the time. */
export function changedProgress(progress: Progress, units: readonly TrackerUnit[], now = new Date()): Progress {
  return { ...withPosition(withSkippedBehind(progress), units), updatedAt: now.toISOString() };
}

/** The tracker's units per medium, each list in story order. */
export function unitsByMedium(units: readonly TrackerUnit[]) {
  const groups: Record<Medium, TrackerUnit[]> = {
    web_novel: [],
    light_novels: [],
    side_stories: [],
    anime: [],
    break_time: [],
  };
  for (const unit of units) groups[unit.medium].push(unit);
  return groups;
}

/**
 * An arc's or season's name with its title, without saying the same thing twice: "Arc 3" and
 * "Cinder Academy" read "Arc 3: Cinder Academy"; "Season 2" and "Lanternfall Season 2: Cinder Academy"
 * read the title alone.
 */
export function groupName(name: string, title: string) {
  return labelWithTitle(name, title);
}

/** The arcs (or seasons) of one medium's units, in story order, each with its units. */
export function unitGroups(units: readonly TrackerUnit[]) {
  const groups = new Map<string, TrackerUnit[]>();
  for (const unit of units) {
    const list = groups.get(unit.group);
    if (list) list.push(unit);
    else groups.set(unit.group, [unit]);
  }
  return [...groups].map(([name, list]) => ({ name, units: list }));
}

/** A unit's name within its arc, collection or season: "Chapter 14", "Prologue", "Volume 3", "Episode 5". */
export function unitName(unit: TrackerUnit) {
  const parts = parseUnitKey(unit.key);
  if (parts?.medium === "light_novels") return `Volume ${parts.volume}`;
  const within = unit.label.indexOf(" · ");
  return within === -1 ? unit.label : unit.label.slice(within + " · ".length);
}

/**
 * A unit's title without its own label or its group's name in front ("Lanternfall 1: The Unburnt Wick"
 * → "The Unburnt Wick"); "" where the response left the title out.
 */
export function bareTitle(unit: TrackerUnit) {
  const title = unit.title.content ?? "";
  for (const prefix of [unit.label, unit.group]) {
    if (title.startsWith(`${prefix}: `)) return title.slice(prefix.length + 2);
  }
  return title;
}

/**
 * How the tracker's pickers name a unit within its group: "Chapter 14 · The Ash Warden", or
 * "Chapter 14" alone when the title may not be shown (the shield's rule decides), was left out of the
 * response, or adds nothing.
 * With `withGroup`, the arc or season comes first, for lists that mix groups ("Arc 3 · Chapter 14 · …").
 */
export function pickerLabel(unit: TrackerUnit, titleShown: boolean, { withGroup = false } = {}) {
  const name = withGroup ? unit.label : unitName(unit);
  const title = titleShown ? (titleAfterLabel(unitName(unit), bareTitle(unit)) ?? bareTitle(unit)) : "";
  return title ? `${name} · ${title}` : name;
}

/** The light novel collections, in the order their first volumes come in the story, each with its volumes. */
export function lightNovelCollections(units: readonly TrackerUnit[]) {
  const volumes = new Map<string, TrackerUnit[]>();
  for (const unit of units) {
    if (unit.medium !== "light_novels" || !unit.collection) continue;
    const list = volumes.get(unit.collection);
    if (list) list.push(unit);
    else volumes.set(unit.collection, [unit]);
  }
  return [...volumes].map(([code, list]) => ({ code, name: list[0]?.group ?? code, volumes: list }));
}

/** The key of the last volume read in a collection, or null when none is. */
export function lastVolumeKey(progress: Progress, collection: string) {
  const volume = progress.lightNovels[collection];
  return volume ? volumeKey(collection, volume) : null;
}

/** The record with a collection's last volume set from a volume key (null: not started). */
export function withLastVolume(progress: Progress, collection: string, unitKey: string | null): Progress {
  const lightNovels = { ...progress.lightNovels };
  const volume = unitKey ? parseUnitKey(unitKey, "light_novels") : null;
  if (volume?.collection === collection) lightNovels[collection] = volume.volume;
  else delete lightNovels[collection];
  return { ...progress, lightNovels };
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
  else if (parts?.medium === "anime") reached.anime = unit.key;
  else if (parts?.medium === "light_novels") reached.lightNovels = { [parts.collection]: parts.volume };
  else return progress;
  const merged = mergeProgress(progress, reached);
  const movesOn = !hasConsumed(knowledgeOfUnits(reachedUnits(progress)), unit.key);
  return movesOn ? withSkippedBehind({ ...merged, skipped: progress.skipped }) : merged;
}

/**
 * The media a reader follows: side stories always; the web novel once started, or while neither the
 * anime nor a light novel is (a new reader starts there); the anime with its Break Time shorts once
 * either is started. Light novels count per collection, in upNext.
 */
export function followedMedia(progress: Progress): Set<Medium> {
  const followed = new Set<Medium>(["side_stories"]);
  if (progress.webNovel || (!progress.anime && !Object.keys(progress.lightNovels).length)) followed.add("web_novel");
  if (progress.anime || progress.breakTime.length) followed.add("anime").add("break_time");
  return followed;
}

/**
 * "Mark as read" (or watched) on one unit the tracker offers: a skipped chapter or volume is read,
 * that one alone; a chapter, volume or episode moves its medium's progress up to it (readUpTo); a side
 * story or a Break Time short is ticked. Other media are never touched.
 */
export function markRead(progress: Progress, unit: { key: string; position: number }): Progress {
  if (progress.skipped.includes(unit.key))
    return { ...progress, skipped: progress.skipped.filter((key) => key !== unit.key) };
  const medium = mediumOf(unit.key);
  if (medium === "side_stories") return { ...progress, sideStories: withTicked(progress.sideStories, unit.key, true) };
  if (medium === "break_time") return { ...progress, breakTime: withTicked(progress.breakTime, unit.key, true) };
  return readUpTo(progress, unit);
}

/** What the tracker offers next: `next` to read or watch, then what the reader `passed` on the way. */
export interface UpNextUnits {
  /** The next chapter, volume (per collection started) and episode of each medium the reader follows, with the side stories and Break Time shorts that come right there. */
  next: TrackerUnit[];
  /** Unread units behind the reader's places, in story order: skipped chapters and volumes, side stories, Break Time shorts. */
  passed: TrackerUnit[];
  /** How many more were passed than `passed` lists. */
  morePassed: number;
}

/** How many side stories (and, apart, shorts) Up next offers at the reader's place. */
const COMING_RIGHT_THERE = 3;

/**
 * The next things to read or watch: the next unit of every medium the reader follows (light novels in
 * the collections started), and the side stories and Break Time shorts that sit between the reader's
 * place and those; then what the reader passed on the way and has not read (first what a crossing from
 * another medium skipped, then side stories and shorts that belong before), at most `passedCount`.
 */
export function upNext(progress: Progress, units: readonly TrackerUnit[], passedCount = 6): UpNextUnits {
  const positionOf = positionsOf(units);
  const placeOf = (unitKey: string | null) => (unitKey ? (positionOf(unitKey) ?? -1) : -1);
  const followed = followedMedia(progress);
  const byMedium = unitsByMedium(units);
  const after = (list: readonly TrackerUnit[], place: number) => list.find((unit) => unit.position > place);

  const next: TrackerUnit[] = [];
  if (followed.has("web_novel"))
    next.push(...[after(byMedium.web_novel, placeOf(progress.webNovel))].filter((unit) => unit !== undefined));
  for (const collection of lightNovelCollections(units)) {
    if (!Object.hasOwn(progress.lightNovels, collection.code)) continue;
    const volume = collection.volumes.find(
      (unit) => (parseUnitKey(unit.key, "light_novels")?.volume ?? 0) > (progress.lightNovels[collection.code] ?? 0),
    );
    if (volume) next.push(volume);
  }
  const animePlace = placeOf(progress.anime);
  const nextEpisode = followed.has("anime") ? after(byMedium.anime, animePlace) : undefined;
  if (nextEpisode) next.push(nextEpisode);

  // Side stories come at the reader's furthest place in what they follow; shorts with the episodes.
  const places = [
    followed.has("web_novel") ? placeOf(progress.webNovel) : -1,
    ...Object.entries(progress.lightNovels).map(([collection, volume]) => placeOf(volumeKey(collection, volume))),
    followed.has("anime") ? animePlace : -1,
  ];
  const furthest = Math.max(...places);
  const upcoming = Math.min(...next.map((unit) => unit.position), Infinity);
  const checked = new Set([...progress.sideStories, ...progress.breakTime]);
  const unchecked = (list: readonly TrackerUnit[]) => list.filter((unit) => !checked.has(unit.key));
  const sideStories = unchecked(byMedium.side_stories);
  const shorts = followed.has("anime") ? unchecked(byMedium.break_time) : [];
  // A few at a time: a reader at the end of what they follow is not handed the rest of the story.
  next.push(
    ...sideStories.filter((unit) => unit.position > furthest && unit.position <= upcoming).slice(0, COMING_RIGHT_THERE),
  );
  next.push(
    ...shorts
      .filter((unit) => unit.position > animePlace && unit.position <= (nextEpisode?.position ?? Infinity))
      .slice(0, COMING_RIGHT_THERE),
  );

  // The gaps in the chapters and volumes first, as they matter most to the story; then side stories; shorts last.
  const skipped = new Set(progress.skipped);
  const passed = [
    ...units.filter((unit) => skipped.has(unit.key)),
    ...sideStories.filter((unit) => unit.position <= furthest),
    ...shorts.filter((unit) => unit.position <= animePlace),
  ];
  return {
    next: next.sort((a, b) => a.position - b.position),
    passed: passed.slice(0, passedCount),
    morePassed: Math.max(0, passed.length - passedCount),
  };
}
