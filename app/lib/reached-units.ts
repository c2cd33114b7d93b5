import { volumeKey } from "./content/units";
import type { Progress } from "./progress";

/**
 * The unit keys a progress record has reached (for positions, and for what the reader knows). Apart
 * from ./progress, whose tracker helpers the pages that only read progress do not load.
 */
export function reachedUnits(progress: Progress) {
  return [
    progress.webNovel,
    ...Object.entries(progress.lightNovels).map(([collection, volume]) => volumeKey(collection, volume)),
    ...progress.sideStories,
    progress.anime,
    ...progress.breakTime,
  ].filter((unit): unit is string => Boolean(unit));
}
