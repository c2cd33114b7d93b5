import { hearDeviceCleared, tellDeviceCleared } from "./device-cleared";
import { forgetStored, readStored } from "./storage";
import { dropProgressApart, progressApart } from "./progress-apart";
import { forgetChangesSent } from "./sent-progress";
import { forgetDrafts } from "./report-draft";
import { setShieldMode, setUnreachedTitles } from "./spoiler-shield";
import { storeProgress } from "./stored-progress";

/*
 * "Sign out and clear this device": everything this browser keeps about its reader goes (the progress,
 * whose it is, other accounts' progress set aside, the spoiler setting, the sync's marks and every
 * draft). The theme and the analytics opt-out stay: they are the device's, and dropping the opt-out
 * would turn analytics on for whoever comes next. Each removal is a storage event, so the other tabs'
 * shields hear of it; the other tabs are told first, so that none keeps what a request of theirs still
 * under way brings (./device-cleared.ts).
 */

/**
 * Whether this device may be cleared for the reader signing out (`uid`): progress their account has not
 * received yet is sent first; if it still cannot be, nothing may be cleared (clearing would lose it), and
 * the answer says why: "unsent" (offline, the site unreachable) or "signedOut" (their session has ended
 * elsewhere: only signing in again sends it). Asked before the session closes, as sending needs it.
 */
export async function readyToClear(uid: string): Promise<"ready" | "unsent" | "signedOut"> {
  if (readStored("progressUnsent") !== uid) return "ready";
  const { progressSaveStatus, sendUnsentProgress } = await import("./progress-save");
  // Asked at once, even while the account asked this browser to wait: the reader is leaving the device.
  await sendUnsentProgress(uid, { atOnce: true }).catch(() => {});
  if (readStored("progressUnsent") !== uid) return "ready";
  return progressSaveStatus() === "signedOut" ? "signedOut" : "unsent";
}

/** Clears this device: every tab is told first (so none keeps what a request of its own brings), then all goes. */
export async function clearReaderData() {
  tellDeviceCleared();
  await forgetReaderData();
}

/**
 * Hears, while a reader is signed in here, that this browser is being cleared (in any tab): what a sync
 * or save of this tab stored just before is removed again at once, and what one under way brings
 * afterwards is not kept (./progress-save.ts). Returns the function that stops listening.
 */
export function hearDeviceClearing() {
  return hearDeviceCleared(() => void forgetReaderData());
}

/** Removes everything of the reader's from this browser (see above); also run by a tab told of a clearing. */
export async function forgetReaderData() {
  forgetDrafts();
  storeProgress(null);
  dropProgressApart(progressApart().map((entry) => entry.owner));
  forgetStored("progressUnsent");
  await forgetChangesSent();
  forgetStored("progressSynced");
  forgetStored("progressRevision");
  forgetStored("progressSetBack");
  forgetStored("progressWait");
  setShieldMode("hide");
  setUnreachedTitles("hide");
}
