import { useSyncExternalStore } from "react";
import type { Progress } from "~/lib/progress-record";
import { parseStoredProgress } from "~/lib/progress-file";
import { storageKeys } from "~/lib/storage-keys";
import { readStored, writeStored } from "./storage";

/*
 * The one place the browser reads and writes the reader's stored progress (localStorage
 * rc:progress): the tracker, the sign-in sync, the spoiler shield and "continue reading" all come
 * here. What is stored is checked once per stored value; every reader on the page shares the result.
 */

/** Same-tab writes fire no storage event, so this page's readers hear of them through this one. */
const PROGRESS_STORED = "rc:progress-stored";

let lastRead: { json: string | null; progress: Progress | null } = { json: null, progress: null };

/** The progress stored in this browser; null where there is none, it is unreadable or storage is blocked. */
export function readStoredProgress(): Progress | null {
  const json = readStored("progress");
  if (json !== lastRead.json) lastRead = { json, progress: parseStoredProgress(json) };
  return lastRead.progress;
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

/**
 * The stored progress, kept current. Undefined on the server and in the first paint, so the page
 * hydrates as the server rendered it; then null (no progress) or the record.
 */
export function useStoredProgress(): Progress | null | undefined {
  return useSyncExternalStore(subscribeToStoredProgress, readStoredProgress, () => undefined);
}

/**
 * Marks <html data-progress> before the first paint when this browser keeps progress in some medium,
 * so the places kept for items such a reader may know (ShieldedList's `places`) show from the first
 * paint, and a reader without progress sees each run folded into its one line. It must stay
 * self-contained: its source is inlined into <head> (progressMarkScript), like the theme's.
 */
export function markStoredProgress(storageKey: string) {
  try {
    const stored = JSON.parse(window.localStorage.getItem(storageKey) ?? "null") as {
      webNovel?: string | null;
      anime?: string | null;
      lightNovels?: Record<string, number>;
      sideStories?: string[];
      breakTime?: string[];
    } | null;
    const some =
      stored &&
      (stored.webNovel ||
        stored.anime ||
        Object.keys(stored.lightNovels ?? {}).length ||
        stored.sideStories?.length ||
        stored.breakTime?.length);
    if (some) document.documentElement.dataset.progress = "";
  } catch {
    // Unreadable or blocked storage: no progress, as the shield reads it.
  }
}

/** Inline <head> script; the HTML stays the same for every reader, so pages remain cacheable. */
export const progressMarkScript = `(${markStoredProgress.toString()})(${JSON.stringify(storageKeys.progress.key)})`;
