import { useSyncExternalStore } from "react";
import { storageKeys } from "~/lib/runtime/storage-keys";
import type { Progress } from "~/lib/progress/record";
import { importWithRecovery } from "./lazy-import";
import { readStored, writeStored } from "./storage";

/*
 * The one place the browser keeps the reader's progress (localStorage rc:progress): the tracker, the
 * sign-in sync, the spoiler shield and "continue reading" all come here. Checking what is stored is
 * ./read-stored-progress.ts, a module of its own that every page carries only when this browser keeps
 * progress: a reader without any never loads it.
 */

/** Same-tab writes fire no storage event, so this page's readers hear of them through this one. */
const PROGRESS_STORED = "rc:progress-stored";

/** Whether this browser stores any progress record, readable or not (nothing is parsed). */
export function keepsProgress() {
  return readStored("progress") !== null;
}

let progressReader: { readStoredProgress: () => Progress | null } | null = null;
let loadingReader: Promise<void> | null = null;
/** The reading could not be loaded (and no reload fixed it): what is stored counts as no progress. */
let readingFailed = false;

function loadProgressReader() {
  loadingReader ??= importWithRecovery(() => import("./read-stored-progress")).then(
    (reader) => {
      progressReader = reader;
      readingFailed = false;
      // What was stored can be read now: everything on the page that reads it hears of it.
      window.dispatchEvent(new Event(PROGRESS_STORED));
    },
    (error: unknown) => {
      loadingReader = null;
      readingFailed = true;
      window.dispatchEvent(new Event(PROGRESS_STORED));
      throw error;
    },
  );
  return loadingReader;
}

// Started as the page's scripts run, beside hydration, when there is progress to read.
if (typeof window !== "undefined" && keepsProgress()) loadProgressReader().catch(() => {});

/**
 * The progress stored in this browser: null where there is none, it is unreadable, storage is blocked
 * or its reading could not be loaded (which shields the most and writes nothing); undefined while what
 * is stored cannot be read yet (the reading is on its way, and everything that reads progress hears
 * when it arrives).
 */
export function storedProgressIfRead(): Progress | null | undefined {
  if (!keepsProgress()) return null;
  if (progressReader) return progressReader.readStoredProgress();
  if (readingFailed) return null;
  loadProgressReader().catch(() => {});
  return undefined;
}

/**
 * The progress stored in this browser, once it can be read (for code that runs outside components).
 * Rejects when its reading cannot be loaded: code that may write progress must not take that for none.
 */
export async function loadStoredProgress(): Promise<Progress | null> {
  if (keepsProgress()) await loadProgressReader();
  return storedProgressIfRead() ?? null;
}

/**
 * Stores progress in this browser (null: none, as before any was set, and then no account owns it:
 * ./progress-apart.ts) and tells everything on the page that reads it.
 */
export function storeProgress(progress: Progress | null) {
  writeStored("progress", progress ? JSON.stringify(progress) : null);
  if (!progress) writeStored("progressOwner", null);
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
 * The stored progress, kept current. Undefined on the server, in the first paint (so the page hydrates
 * as the server rendered it) and while it is being read; then null (no progress) or the record.
 */
export function useStoredProgress(): Progress | null | undefined {
  return useSyncExternalStore(subscribeToStoredProgress, storedProgressIfRead, () => undefined);
}

/**
 * How many times the sign-in sync (./progress-save.ts) was said to have ended since this page loaded: once
 * the page stops waiting for it (10 s) and again if it answers after all, so what waits on it (a thread's
 * form, which reads whether the sync brought the account's progress) is drawn again then.
 */
let accountHeard = 0;
const accountHeardListeners = new Set<() => void>();

/** The sign-in sync ended, whatever it found (the browser's progress, if it changed, is stored first), or was given up on. */
export function noteAccountProgressHeard() {
  accountHeard++;
  for (const listener of accountHeardListeners) listener();
}

function subscribeToAccountHeard(onChange: () => void) {
  accountHeardListeners.add(onChange);
  return () => accountHeardListeners.delete(onChange);
}

/**
 * Whether a signed-in reader's account has been heard from on this page: until it has, what this browser
 * keeps may be behind what they saw on another device. False on the server and in the first paint.
 */
export function useAccountProgressHeard(): boolean {
  return (
    useSyncExternalStore(
      subscribeToAccountHeard,
      () => accountHeard,
      () => 0,
    ) > 0
  );
}
