import { storageKeys } from "~/lib/storage-keys";
import type { Progress } from "~/lib/progress-record";
import { readStored, writeStored } from "./storage";

/*
 * The one place the browser writes the reader's stored progress (localStorage rc:progress) and tells
 * the page of it. Reading it (checking what is stored) is ./read-stored-progress.ts, a module of its
 * own: every page carries this one in its first load, and only pages that show a reader's progress,
 * or a shield that has progress to read, load the reading.
 */

/** Same-tab writes fire no storage event, so this page's readers hear of them through this one. */
const PROGRESS_STORED = "rc:progress-stored";

/** Whether this browser stores any progress record, readable or not (nothing is parsed). */
export function keepsProgress() {
  return readStored("progress") !== null;
}

/** Stores progress in this browser (null: none, as before any was set) and tells everything on the page that reads it. */
export function storeProgress(progress: Progress | null) {
  writeStored("progress", progress ? JSON.stringify(progress) : null);
  window.dispatchEvent(new Event(PROGRESS_STORED));
}

/** Calls `onChange` whenever stored progress may have changed, in this tab or another. */
export function subscribeToStoredProgress(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    // A null key: another tab cleared the storage.
    if (event.key === storageKeys.progress.key || event.key === null) onChange();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(PROGRESS_STORED, onChange);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(PROGRESS_STORED, onChange);
  };
}
