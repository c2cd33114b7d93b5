import { mediumOf, parseUnitKey, readRevealers } from "../app/lib/content/units";
import { type Crossing, crossingsOn } from "../app/lib/progress/media-crossing";
import { emptyProgress, type Progress } from "../app/lib/progress/record";
import type { TrackerUnit } from "../app/lib/progress/tracker-units";
import { gated } from "../app/lib/shield/gated";
import type { ContentPack } from "./schema/files";

/*
 * The media crossings a pack lets readers make, as the reading tracker offers them
 * (app/lib/progress/media-crossing.ts): "I finished this episode (or volume): continue in the web novel
 * or the light novels". A reader who crosses skips what their medium left out on the way, and what a
 * skipped unit reveals stays unknown to them however far they read on; the spoiler lint judges texts
 * with these readers too. One crossing per place a reader can cross from, each worked out by the
 * tracker's own rule: their number grows with the pack's episodes and volumes, never with what they skip.
 */

/**
 * The tracker's units over the pack's timeline, as the site reads them from the imported rows
 * (app/models/timeline.server.ts) with what crossings read: each unit's place, its light novel
 * collection and the units that cover its place in the story. Titles are not read; each carries its key.
 */
export function trackerUnitsOf(
  pack: ContentPack,
  revealersOf: (unitKey: string) => string,
  positions: ReadonlyMap<string, number>,
): TrackerUnit[] {
  const collectionNames = new Map(pack.lightNovels.collections.map((collection) => [collection.code, collection.name]));
  const units: TrackerUnit[] = [];
  for (const [key, position] of positions) {
    const medium = mediumOf(key);
    if (!medium) continue;
    const collection = parseUnitKey(key, "light_novels")?.collection ?? null;
    units.push({
      key,
      medium,
      position,
      label: key,
      title: gated(null, key),
      group: (collection && collectionNames.get(collection)) ?? medium,
      collection,
      coveredBy: readRevealers(revealersOf(key)),
    });
  }
  // In story order, as the tracker gets them.
  return units.sort((a, b) => a.position - b.position || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** A reader's record who has watched up to this episode or read up to this volume, and nothing else. */
function progressAt(unit: TrackerUnit): Progress {
  return unit.medium === "anime"
    ? { ...emptyProgress, anime: unit.key }
    : { ...emptyProgress, lightNovels: [unit.key] };
}

/**
 * Every crossing the tracker offers a reader who comes from one place: after each anime episode and
 * each light novel volume, into the web novel and each other light novel collection, in story order of
 * the places crossed from.
 */
export function packCrossings(units: readonly TrackerUnit[]): Crossing[] {
  const crossingsFrom = crossingsOn(units);
  return units
    .filter((unit) => unit.medium === "anime" || unit.medium === "light_novels")
    .flatMap((unit) => crossingsFrom(progressAt(unit)));
}
