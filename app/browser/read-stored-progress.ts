import { useSyncExternalStore } from "react";
import type { Progress } from "~/lib/progress-record";
import { parseStoredProgress } from "~/lib/progress-file";
import { readStored } from "./storage";
import { subscribeToStoredProgress } from "./stored-progress";

/*
 * Reading the reader's stored progress: the tracker, the sign-in sync, the spoiler shield and
 * "continue reading" all come here (writing it is ./stored-progress.ts). What is stored is checked once
 * per stored value; every reader on the page shares the result.
 */

let lastRead: { json: string | null; progress: Progress | null } = { json: null, progress: null };

/** The progress stored in this browser; null where there is none, it is unreadable or storage is blocked. */
export function readStoredProgress(): Progress | null {
  const json = readStored("progress");
  if (json !== lastRead.json) lastRead = { json, progress: parseStoredProgress(json) };
  return lastRead.progress;
}

/**
 * The stored progress, kept current. Undefined on the server and in the first paint, so the page
 * hydrates as the server rendered it; then null (no progress) or the record.
 */
export function useStoredProgress(): Progress | null | undefined {
  return useSyncExternalStore(subscribeToStoredProgress, readStoredProgress, () => undefined);
}
