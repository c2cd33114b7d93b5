import { flushSync } from "react-dom";
import type { RefObject } from "react";
import { markRead, readUpTo } from "~/lib/progress/changes";
import { mediumOf } from "~/lib/content/units";
import { emptyProgress, type Progress } from "~/lib/progress/record";
import type { SessionUser } from "~/lib/account/user";
import { toast } from "~/components/ui/toast-store";
import { readStoredProgress } from "~/browser/read-stored-progress";
import { storeProgress } from "~/browser/stored-progress";
import type * as ProgressSave from "~/browser/progress-save";
import { signInPath } from "~/lib/account/sign-in-path";

/*
 * What "I have read up to here" does once clicked (app/components/read-up-to-here.tsx), loaded then
 * (or once the page is idle) rather than with every page that shows the button.
 */

/** The progress this browser had, and that progress moved up to the unit (never back). */
export function progressUpTo(unit: { key: string; position: number }): { before: Progress | null; progress: Progress } {
  const before = readStoredProgress();
  // An OVA, special or film is ticked on its own, as the tracker ticks it.
  if (mediumOf(unit.key) === "anime_specials")
    return { before, progress: { ...markRead(before ?? emptyProgress, unit), updatedAt: new Date().toISOString() } };
  return { before, progress: readUpTo(before ?? emptyProgress, unit) };
}

/** What the toast says the click did, by the button's verb. */
const marked = {
  read: "Everything up to here is marked as read.",
  watched: "Everything up to here is marked as watched.",
  watchedThis: "It is marked as watched, on its own.",
} as const;

export type MarkVerb = keyof typeof marked;

/** What a signed-in reader is told when their step did not reach the account. */
const notSent = {
  unsent: {
    title: "Saved on this device",
    description: "It has not reached your account yet: it will be sent as soon as it can.",
  },
  signedOut: {
    title: "Saved on this device",
    description: "Your session has ended: sign in again and it will be sent to your account.",
    action: {
      label: "Sign in",
      altText: "Sign in again from the reading tracker",
      onClick: () => window.location.assign(signInPath(location.pathname + location.search)),
    },
  },
  refused: {
    title: "Your account did not take this step",
    description: "It is kept in this browser only. Sign in again, then mark it once more.",
  },
};

/**
 * Moves the reader's progress up to the unit and confirms it with a toast, with an Undo that puts back
 * the progress this browser had before; a signed-in reader's account is saved when the toast closes
 * without Undo (or the page is left: unloaded, or another page opened in the app, which `leaving` tells
 * of, so a comment posted in the chapter's thread right after finds the step in the account), so Undo
 * takes the step back everywhere; when the account cannot
 * be reached then, this browser sends it later (progress-save.ts, `sendUnsentProgress`). The page is
 * scrolled by however much the clicked row (`row`) moved, so nothing shifts under the reader's finger
 * as the rows above it change.
 */
export function markUpTo(
  unit: { key: string; position: number },
  {
    verb,
    user,
    row,
    leaving,
  }: {
    verb: MarkVerb;
    user: SessionUser | null;
    row: RefObject<HTMLElement | null>;
    /** Calls its listener when the reader opens another page in the app; answers a function that stops it. */
    leaving?: (listener: () => void) => () => void;
  },
  { saveProgress, sendProgress }: Pick<typeof ProgressSave, "saveProgress" | "sendProgress">,
) {
  const { before, progress } = progressUpTo(unit);
  const clickedAt = row.current?.getBoundingClientRect().top;
  // Kept in this browser now, the account told later; rendered now, so the rows above can be measured
  // and the page scrolled before the next paint.
  flushSync(() => void saveProgress(progress, { account: null }));
  const moved = clickedAt === undefined || !row.current ? 0 : row.current.getBoundingClientRect().top - clickedAt;
  if (Math.abs(moved) >= 0.5) window.scrollBy({ top: moved, behavior: "instant" });
  let undone = false;
  // A signed-in reader offline is told the account hears of it later, for as long as they are offline:
  // the toast stays while its Undo is within reach, across the connection's coming and going.
  const saying = () =>
    `${marked[verb]}${user && !navigator.onLine ? " Saved on this device · will sync when you are back online." : ""}`;
  const connectionChanged = () => shown.update({ description: saying() });
  const shown = toast({
    title: "Progress saved",
    description: saying(),
    action: {
      label: "Undo",
      altText: "Set your progress back in the reading tracker",
      onClick: () => {
        undone = true;
        storeProgress(before);
      },
    },
    // The account hears of the step once it can no longer be undone, so an Undo never has to set it back.
    onClose: user
      ? () => {
          window.removeEventListener("pagehide", leave);
          stopWatching?.();
          window.removeEventListener("online", connectionChanged);
          window.removeEventListener("offline", connectionChanged);
          if (undone) return;
          const offline = !navigator.onLine;
          void sendProgress(progress, user.uid).then(({ outcome }) => {
            // Offline, the reader was told already; the account gets it when the connection returns.
            if (outcome !== "saved" && (outcome !== "unsent" || !offline)) toast(notSent[outcome]);
          });
        }
      : undefined,
  });
  // Leaving the page closes the toast, so the step is saved before the page goes.
  const leave = () => shown.dismiss();
  if (!user) return;
  window.addEventListener("pagehide", leave);
  const stopWatching = leaving?.(leave);
  window.addEventListener("online", connectionChanged);
  window.addEventListener("offline", connectionChanged);
}
