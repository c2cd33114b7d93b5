import { mediumOf, parseUnitKey, readRevealers } from "../app/lib/content/units";
import type { TrackerUnit } from "../app/lib/progress/tracker-units";
import { gated } from "../app/lib/shield/gated";
import type { PackRows } from "./rows";
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
  return inStoryOrder(
    [...positions].map(([key, position]) => ({ key, position, label: key, revealedBy: revealersOf(key) })),
    collectionNames,
  );
}

/** The same units from the rows a pack resolved to, each named by its label: for an import judging what it keeps. */
export function trackerUnitsOfRows(rows: Pick<PackRows, "story_units" | "ln_collections">): TrackerUnit[] {
  const collectionNames = new Map(rows.ln_collections.map((collection) => [collection.code, collection.name]));
  return inStoryOrder(
    rows.story_units.map((unit) => ({ ...unit, revealedBy: unit.revealed_by })),
    collectionNames,
  );
}

function inStoryOrder(
  placed: ReadonlyArray<{ key: string; position: number; label: string; revealedBy: string }>,
  collectionNames: ReadonlyMap<string, string>,
): TrackerUnit[] {
  const units: TrackerUnit[] = [];
  for (const { key, position, label, revealedBy } of placed) {
    const medium = mediumOf(key);
    if (!medium) continue;
    const collection = parseUnitKey(key, "light_novels")?.collection ?? null;
    units.push({
      key,
      medium,
      position,
      label,
      title: gated(null, key),
      group: (collection && collectionNames.get(collection)) ?? medium,
      collection,
      coveredBy: readRevealers(revealedBy),
    });
  }
  // In story order, as the tracker gets them.
  return units.sort((a, b) => a.position - b.position || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
