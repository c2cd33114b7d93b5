import { labelWithTitle, titleAfterLabel } from "./content/labels";
import { type Medium, parseUnitKey, volumeKey } from "./content/units";
import type { Gated } from "./gated";
import { reachedUnits } from "./reached-units";

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
}

export const emptyProgress: Progress = {
  version: 1,
  webNovel: null,
  lightNovels: {},
  sideStories: [],
  anime: null,
  breakTime: [],
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

/**
 * Merges two progress records, as on sign-in on a new device: the furthest progress wins in each
 * medium, checklists are united, nothing is lost.
 */
export function mergeProgress(a: Progress, b: Progress): Progress {
  const lightNovels: Record<string, number> = { ...a.lightNovels };
  for (const [collection, volume] of Object.entries(b.lightNovels)) lightNovels[collection] = Math.max(lightNovels[collection] ?? 0, volume);
  return {
    version: 1,
    webNovel: later(a.webNovel, b.webNovel),
    lightNovels,
    sideStories: [...new Set([...a.sideStories, ...b.sideStories])].sort(),
    anime: later(a.anime, b.anime),
    breakTime: [...new Set([...a.breakTime, ...b.breakTime])].sort(),
    position: Math.max(a.position, b.position),
    updatedAt: a.updatedAt > b.updatedAt ? a.updatedAt : b.updatedAt,
  };
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
export { reachedUnits } from "./reached-units";

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

/** The record as kept after the reader changes it: position worked out, stamped with the time. */
export function changedProgress(progress: Progress, units: readonly TrackerUnit[], now = new Date()): Progress {
  return { ...withPosition(progress, units), updatedAt: now.toISOString() };
}

/** The tracker's units per medium, each list in story order. */
export function unitsByMedium(units: readonly TrackerUnit[]) {
  const groups: Record<Medium, TrackerUnit[]> = { web_novel: [], light_novels: [], side_stories: [], anime: [], break_time: [] };
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
 * "Mark everything up to here as read": every medium up to this point of the story, merged into the
 * record, so nothing read further on is lost.
 */
export function markUpTo(progress: Progress, units: readonly TrackerUnit[], position: number): Progress {
  const reached = unitsByMedium(units.filter((unit) => unit.position <= position));
  const lightNovels: Record<string, number> = {};
  for (const unit of reached.light_novels) {
    const volume = parseUnitKey(unit.key, "light_novels");
    if (volume) lightNovels[volume.collection] = Math.max(lightNovels[volume.collection] ?? 0, volume.volume);
  }
  return mergeProgress(progress, {
    ...emptyProgress,
    webNovel: reached.web_novel.at(-1)?.key ?? null,
    lightNovels,
    sideStories: reached.side_stories.map((unit) => unit.key),
    anime: reached.anime.at(-1)?.key ?? null,
    breakTime: reached.break_time.map((unit) => unit.key),
  });
}

/**
 * "I have read up to here" from a chapter, volume or episode on any page: that medium's progress
 * moves up to the unit (never back) and the position with it, without the tracker's timeline. Other
 * keys (side stories, Break Time) leave the record as it is.
 */
export function readUpTo(progress: Progress, unit: { key: string; position: number }, now = new Date()): Progress {
  const parts = parseUnitKey(unit.key);
  const reached: Progress = { ...emptyProgress, position: unit.position, updatedAt: now.toISOString() };
  if (parts?.medium === "web_novel") reached.webNovel = unit.key;
  else if (parts?.medium === "anime") reached.anime = unit.key;
  else if (parts?.medium === "light_novels") reached.lightNovels = { [parts.collection]: parts.volume };
  else return progress;
  return mergeProgress(progress, reached);
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
 * The next things to read or watch, in story order: what is unread in the media the reader follows,
 * side stories included; light novels only in the collections the reader has started.
 */
export function upNext(progress: Progress, units: readonly TrackerUnit[], count = 8) {
  const positionOf = positionsOf(units);
  const reachedAt = (unitKey: string | null) => (unitKey ? (positionOf(unitKey) ?? 0) : -1);
  const followed = followedMedia(progress);
  const checked = new Set([...progress.sideStories, ...progress.breakTime]);
  const unread = (unit: TrackerUnit) => {
    switch (unit.medium) {
      case "web_novel":
        return followed.has("web_novel") && unit.position > reachedAt(progress.webNovel);
      case "anime":
        return followed.has("anime") && unit.position > reachedAt(progress.anime);
      case "light_novels": {
        const volume = parseUnitKey(unit.key, "light_novels");
        if (!volume || !Object.hasOwn(progress.lightNovels, volume.collection)) return false;
        return volume.volume > (progress.lightNovels[volume.collection] ?? 0);
      }
      default:
        return followed.has(unit.medium) && !checked.has(unit.key);
    }
  };
  return units.filter(unread).slice(0, count);
}
