import { machineDate } from "~/lib/content/dates";
import { formatDate } from "~/lib/format";

/**
 * A date of the story at the precision the pack knows it ("12 Oct 2016", "Oct 2016", "Apr–Jun 2027", "2018"), or
 * "date unknown" where it knows none: never a day made up (app/lib/content/dates.ts).
 */
export function StoryDate({ date }: { date: string | null }) {
  if (!date) return <>date unknown</>;
  return <time dateTime={machineDate(date)}>{formatDate(date)}</time>;
}
