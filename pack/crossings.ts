import { mediumOf, parseUnitKey, readRevealers } from "../app/lib/content/units";
import type { TrackerUnit } from "../app/lib/progress/tracker-units";
import { gated } from "../app/lib/shield/gated";
import type { ContentPack } from "./schema/files";

/*
 * The pack's timeline as the reading tracker reads it, for the media crossings the spoiler lint judges
 * texts with (app/lib/progress/crossed-readers.ts): "I finished this episode (or volume): continue in
 * the web novel or the light novels".
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
