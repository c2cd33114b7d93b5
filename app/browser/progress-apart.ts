import { useSyncExternalStore } from "react";
import { mergeProgress } from "~/lib/progress/changes";
import { checkProgress } from "~/lib/progress/file";
import type { Progress } from "~/lib/progress/record";
import { storageKeys } from "~/lib/runtime/storage-keys";
import { readStoredProgress } from "./read-stored-progress";
import { forgetStored, readStored, writeStored } from "./storage";
import { storeProgress } from "./stored-progress";

/*
 * Whose progress this browser keeps, so a shared browser never merges one reader into another.
 *
 * `rc:progress-owner` names the account the stored record was last saved to (the sign-in sync and every
 * save to an account set it). A record with no owner was kept signed out and never saved to an account:
 * the first account that signs in takes it in (that is what the sign-in sync is for) and owns it from
 * then on. A record another account owns is set aside (`rc:progress-apart`, with its owner) as soon as
 * a different account is signed in, before anything merges: the page shows that account's own progress,
 * and the reader is asked whether to add the set-aside record to theirs, keep it apart or clear it. A
 * record set aside comes back to its own account when that account signs in here again.
 */

/** Another account's progress, set aside in this browser while a different account is signed in. */
export interface ProgressApart {
  /** The account it was last saved to. */
  owner: string;
  progress: Progress;
  /** The accounts that chose to keep it apart: they are not asked again. */
  keptApartBy: string[];
}

/** Same-tab writes fire no storage event, so the prompt on this page hears of them through this one. */
const APART_CHANGED = "rc:progress-apart-changed";

let lastRead: { json: string | null; apart: ProgressApart[] } = { json: null, apart: [] };

function parseApart(json: string | null): ProgressApart[] {
  if (!json) return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    if (typeof entry !== "object" || entry === null) return [];
    const { owner, progress, keptApartBy } = entry as Record<string, unknown>;
    const checked = checkProgress(progress).progress;
    if (typeof owner !== "string" || !owner || !checked) return [];
    const kept = Array.isArray(keptApartBy) ? keptApartBy.filter((uid) => typeof uid === "string") : [];
    return [{ owner, progress: checked, keptApartBy: kept }];
  });
}

/** Every record set aside in this browser (checked once per stored value). */
export function progressApart(): ProgressApart[] {
  const json = readStored("progressApart");
  if (json !== lastRead.json) lastRead = { json, apart: parseApart(json) };
  return lastRead.apart;
}

/** Writes the records set aside and says whether storage now holds exactly them. */
function writeApart(apart: ProgressApart[]) {
  const json = apart.length ? JSON.stringify(apart) : null;
  writeStored("progressApart", json);
  window.dispatchEvent(new Event(APART_CHANGED));
  return readStored("progressApart") === json;
}

/** The account this browser's progress was last saved to; null when it never was. */
export function progressOwner(): string | null {
  // A browser that saved progress before owners were kept still names the account it owes the record to.
  return readStored("progressOwner") ?? readStored("progressUnsent");
}

/** Marks this browser's progress, if it keeps any, as this account's. */
export function ownProgress(uid: string) {
  if (readStored("progress") !== null) writeStored("progressOwner", uid);
}

/**
 * With `uid` signed in: another account's record is moved out of the way (set aside with its owner, merged
 * with what that account already had set aside), so nothing of it reaches this account unasked. False
 * when it could not be set aside (storage full or blocked): the record then stays where it is, and
 * nothing may merge it.
 */
export function setAsideOthersProgress(uid: string): boolean {
  const owner = progressOwner();
  if (owner === null || owner === uid) return true;
  const progress = readStoredProgress();
  if (progress) {
    const apart = progressApart();
    const earlier = apart.find((entry) => entry.owner === owner);
    const entry: ProgressApart = {
      owner,
      progress: earlier ? mergeProgress(earlier.progress, progress) : progress,
      keptApartBy: [],
    };
    if (!writeApart([...apart.filter((other) => other !== earlier), entry])) return false;
  }
  writeStored("progressOwner", null);
  storeProgress(null);
  // What this tab synced before is no longer in this browser: the next sync must not be skipped.
  forgetStored("progressSynced");
  return true;
}

/** This account's own record set aside while another account was signed in, if any. */
export function ownProgressApart(uid: string): Progress | null {
  return progressApart().find((entry) => entry.owner === uid)?.progress ?? null;
}

/** Of these records, those of other accounts `uid` has not answered about yet. */
function unanswered(apart: readonly ProgressApart[], uid: string) {
  return apart.filter((entry) => entry.owner !== uid && !entry.keptApartBy.includes(uid));
}

/** The records of other accounts `uid` has not answered about yet. */
export function progressApartFrom(uid: string): ProgressApart[] {
  return unanswered(progressApart(), uid);
}

/** Forgets the records set aside for these owners. */
export function dropProgressApart(owners: readonly string[]) {
  writeApart(progressApart().filter((entry) => !owners.includes(entry.owner)));
}

/** `uid` clears the other accounts' records it was asked about from this browser (their accounts keep what was saved). */
export function clearProgressApart(uid: string) {
  dropProgressApart(progressApartFrom(uid).map((entry) => entry.owner));
}

/** `uid` keeps the other accounts' records apart: they stay in this browser, and `uid` is not asked again. */
export function keepProgressApart(uid: string) {
  writeApart(
    progressApart().map((entry) =>
      entry.owner === uid || entry.keptApartBy.includes(uid)
        ? entry
        : { ...entry, keptApartBy: [...entry.keptApartBy, uid] },
    ),
  );
}

function subscribe(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    // A null key: another tab cleared the storage.
    if (event.key === storageKeys.progressApart.key || event.key === null) onChange();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(APART_CHANGED, onChange);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(APART_CHANGED, onChange);
  };
}

const none: ProgressApart[] = [];

/** The records `uid` is to be asked about, kept current (also when another tab answers). */
export function useProgressApartFrom(uid: string): ProgressApart[] {
  return unanswered(
    useSyncExternalStore(subscribe, progressApart, () => none),
    uid,
  );
}
