import type { Progress } from "~/lib/progress/record";
import { parseStoredProgress } from "~/lib/progress/file";
import { readStored } from "./storage";

/*
 * Reading the reader's stored progress (./stored-progress.ts loads this when there is any). What is
 * stored is checked once per stored value; every reader on the page shares the result.
 */

let lastRead: { json: string | null; progress: Progress | null } = { json: null, progress: null };

/** The progress stored in this browser; null where there is none, it is unreadable or storage is blocked. */
export function readStoredProgress(): Progress | null {
  const json = readStored("progress");
  if (json !== lastRead.json) lastRead = { json, progress: parseStoredProgress(json) };
  return lastRead.progress;
}
