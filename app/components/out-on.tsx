import { useSyncExternalStore } from "react";
import { StoryDate } from "~/components/story-date";
import { releaseDay } from "~/lib/feeds/releases";
import { isOut } from "~/lib/progress/tracker-units";

/**
 * When a unit not out yet comes out, at the precision the pack knows it, in place of a way to mark it
 * read or keep it: "Out 25 Mar 2027", "Out Mar 2027", "Out Apr–Jun 2027", "Out 2027" (decision 77).
 */
export function OutOn({ date }: { date: string | undefined | null }) {
  return (
    // One piece of text, kept on one line: in a flex cell a space before the date would be dropped.
    <span className="whitespace-nowrap">
      Out <StoryDate date={date ?? null} />
    </span>
  );
}

const noChange = () => () => {};

/**
 * Whether a unit first released on `released` is out by the reader's day (`isOut`). Pages are cached, so it is asked in the browser, never baked into the page: the server (and the
 * first render after it) takes it that it is, which only ever shows what the page showed before its
 * controls come (decision 77).
 */
export function useOut(released: string | null | undefined) {
  return useSyncExternalStore(
    noChange,
    () => isOut({ released }, releaseDay()),
    () => true,
  );
}
