import { useSyncExternalStore } from "react";
import { mergeProgress, reconcileProgress, sameProgress } from "~/lib/progress/changes";
import { checkProgress } from "~/lib/progress/file";
import { emptyProgress, type Progress } from "~/lib/progress/record";
import { readStoredProgress } from "./read-stored-progress";
import { readStored, writeStored } from "./storage";
import { storeProgress } from "./stored-progress";

/*
 * The one way the browser saves the reader's progress: kept in this browser first (every shield on the
 * page hears of it), then, for a signed-in reader, sent to the account as JSON. The account merges it
 * (furthest wins, never back) and answers the merged record; where that holds more than this browser
 * (another device's progress), this browser keeps it too. One status says where the account's copy
 * stands, for the pages to show. The tracker, "I have read up to here", the tracker's import and the
 * sign-in sync all save through here; nothing else calls /resources/progress.
 */

const endpoint = "/resources/progress";

/** Where the account's copy of the reader's progress stands. */
export type ProgressSave = "saved" | "saving" | "failed";

/** What one save to the account came to. */
export interface AccountSaveResult {
  /** The account has the progress sent (false: it could not be reached or refused it). */
  saved: boolean;
  /** The record this browser keeps now when the account's merge added to it (another device's progress), else null. */
  adopted: Progress | null;
}

let status: ProgressSave = "saved";
let savesUnderWay = 0;
const listeners = new Set<() => void>();

function setStatus(next: ProgressSave) {
  if (next === status) return;
  status = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Where the account's copy stands now (for code outside components). */
export function progressSaveStatus(): ProgressSave {
  return status;
}

/** Where the account's copy stands, kept current: "saved" on the server and until a save starts. */
export function useProgressSave(): ProgressSave {
  return useSyncExternalStore(subscribe, progressSaveStatus, () => "saved");
}

/**
 * Keeps progress in this browser and, with `toAccount` (a signed-in reader), sends it to the account.
 * Resolves once the account has answered, or with null at once when nothing is sent.
 */
export async function saveProgress(
  progress: Progress,
  { toAccount }: { toAccount: boolean },
): Promise<AccountSaveResult | null> {
  storeProgress(progress);
  return toAccount ? sendProgress(progress) : null;
}

/**
 * Sends progress this browser already keeps to the account, and keeps what the account merged. A plain
 * request, so nothing on the page loads again; kept alive, so a save sent as the page goes away still
 * arrives. A failure (no network, a refusal) leaves this browser's record as it is and says so.
 */
export async function sendProgress(progress: Progress): Promise<AccountSaveResult> {
  savesUnderWay += 1;
  setStatus("saving");
  const merged = await postProgress(progress);
  savesUnderWay -= 1;
  // A failure shows until a later save succeeds with none left under way.
  if (merged === false) setStatus("failed");
  else if (savesUnderWay === 0) setStatus("saved");
  return merged === false ? { saved: false, adopted: null } : { saved: true, adopted: merged && adopt(merged) };
}

/** The account's merged record (null when its answer cannot be read), or false when the save failed. */
async function postProgress(progress: Progress): Promise<Progress | null | false> {
  const response = await fetch(endpoint, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(progress),
    credentials: "same-origin",
    keepalive: true,
  }).catch(() => null);
  if (!response?.ok) return false;
  return recordIn(await response.json().catch(() => null), "saved");
}

/** The progress record an answer carries under `field`, checked; null when it carries none that is valid. */
function recordIn(body: unknown, field: string): Progress | null {
  const value =
    typeof body === "object" && body !== null && field in body ? (body as Record<string, unknown>)[field] : null;
  return checkProgress(value).progress;
}

/**
 * Takes in what the account merged. It is merged into what this browser keeps *now*, not what was
 * sent: a change made while the save was under way stays.
 */
function adopt(merged: Progress): Progress | null {
  const local = readStoredProgress();
  const kept = local ? mergeProgress(local, merged) : merged;
  if (local && sameProgress(kept, local)) return null;
  storeProgress(kept);
  return kept;
}

/**
 * On a signed-in reader's first page in this browser session: merges the account's progress into
 * the browser's (furthest wins per medium), so the spoiler shield is right on every device at once,
 * and sends back anything this browser had that the account did not. Tried again on the next page
 * until the account has it.
 */
export async function syncProgressOnSignIn(uid: string) {
  if (readStored("progressSynced", `:${uid}`)) return;
  const response = await fetch(endpoint, { credentials: "same-origin" });
  if (!response.ok) return;
  const body: unknown = await response.json().catch(() => undefined);
  // An answer that cannot be read leaves the tab unsynced: the next page tries again.
  if (body === undefined) return;
  const saved = recordIn(body, "progress");
  const { progress, storeLocally, sendToAccount } = reconcileProgress(readStoredProgress() ?? emptyProgress, saved);
  if (sendToAccount) {
    if (!(await saveProgress(progress, { toAccount: true }))?.saved) return;
  } else if (storeLocally) storeProgress(progress);
  writeStored("progressSynced", "1", `:${uid}`);
}
