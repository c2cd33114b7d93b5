import { volumeKey } from "./content/units";
import { type Knowledge, knowledgeOfUnits, noKnowledge } from "./knowledge";
import type { Progress } from "./progress";

/*
 * What a progress record has reached, and what that makes known. Apart from ./progress, whose tracker
 * helpers the pages that only read progress (the shield on every page) do not load.
 */

/** The unit keys a progress record has reached (for positions, and for what the reader knows). */
export function reachedUnits(progress: Progress) {
  return [
    progress.webNovel,
    ...Object.entries(progress.lightNovels).map(([collection, volume]) => volumeKey(collection, volume)),
    ...progress.sideStories,
    progress.anime,
    ...progress.breakTime,
  ].filter((unit): unit is string => Boolean(unit));
}

/** What a reader with this progress knows (./knowledge): every place but the units skipped on the way. */
export function knowledgeOf(progress: Progress | null): Knowledge {
  return progress ? knowledgeOfUnits(reachedUnits(progress), progress.skipped) : noKnowledge;
}
