import { tellDeviceCleared } from "./device-cleared";
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
 * Clears this device for the reader signing out (`uid`). Progress their account has not received yet
 * (offline, the site unreachable) is sent first; if it still cannot be, nothing is cleared and false
 * says so: clearing would lose it.
 */
export async function clearReaderData(uid: string): Promise<boolean> {
  if (readStored("progressUnsent") === uid) {
    const { sendUnsentProgress } = await import("./progress-save");
    // Asked at once, even while the account asked this browser to wait: the reader is leaving the device.
    await sendUnsentProgress(uid, { atOnce: true }).catch(() => {});
    if (readStored("progressUnsent") === uid) return false;
  }
  tellDeviceCleared();
  await forgetReaderData();
  return true;
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
