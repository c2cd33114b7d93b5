import { machineDate } from "~/lib/content/dates";
import { formatDate } from "~/lib/format";

/**
 * A date of the story at the precision the pack knows it ("12 Oct 2016", "Oct 2016", "Apr–Jun 2027", "2018"), or
 * "date unknown" where it knows none: never a day made up (app/lib/content/dates.ts). `alone` where it stands
 * by itself, as a table's value beside "Not yet" does: "Date unknown".
 */
export function StoryDate({ date, alone = false }: { date: string | null; alone?: boolean }) {
  if (!date) return <>{alone ? "Date unknown" : "date unknown"}</>;
  return <time dateTime={machineDate(date)}>{formatDate(date)}</time>;
}
