import { markRead, readUpTo } from "~/lib/progress/changes";
import { mediumOf } from "~/lib/content/units";
import { emptyProgress, type Progress } from "~/lib/progress/record";
import { readStoredProgress } from "~/browser/read-stored-progress";

/**
 * What "I have read up to here" works out once clicked, loaded then rather than with every page that
 * shows the button: the progress this browser had, and that progress moved up to the unit (never back).
 */
export function progressUpTo(unit: { key: string; position: number }): { before: Progress | null; progress: Progress } {
  const before = readStoredProgress();
  // An OVA, special or film is ticked on its own, as the tracker ticks it.
  if (mediumOf(unit.key) === "anime_specials")
    return { before, progress: { ...markRead(before ?? emptyProgress, unit), updatedAt: new Date().toISOString() } };
  return { before, progress: readUpTo(before ?? emptyProgress, unit) };
}
