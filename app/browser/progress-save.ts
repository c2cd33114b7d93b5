import { useSyncExternalStore } from "react";
import type { Medium } from "~/lib/content/units";
import { mergeProgress, sameProgress } from "~/lib/progress/changes";
import { checkProgress } from "~/lib/progress/file";
import { emptyProgress, type Progress } from "~/lib/progress/record";
import { clearingsHeard } from "./device-cleared";
import {
  type AccountProgress,
  isMedium,
  reconcileProgress,
  setBacksFrom,
  type ProgressSent,
} from "~/lib/progress/set-back";
import {
  dropProgressApart,
  ownProgress,
  ownProgressApart,
  progressApartFrom,
  setAsideOthersProgress,
} from "./progress-apart";
import { readStoredProgress } from "./read-stored-progress";
import { lastChangeSent, noteChangeSent } from "./sent-progress";
import { readStored, writeStored } from "./storage";
import { storeProgress } from "./stored-progress";

/*
 * The one way the browser saves the reader's progress: kept in this browser first (every shield on the
 * page hears of it), then, for a signed-in reader, sent to the account as JSON with the account revision
 * this browser last heard and the media it set back on purpose. The account brings it together with its
 * own by the set-back rule (app/lib/progress/set-back.ts: furthest wins, except where the reader set
 * progress back) and answers the record it keeps; while this browser's record is still the one sent,
 * it keeps the account's (another device's progress, or its set-back). One status says where the
 * account's copy stands, for the pages to show. The tracker, "I have read up to here", the tracker's
 * import and the sign-in sync all save through here; nothing else calls /resources/progress.
 */

const endpoint = "/resources/progress";

/** What the reader is to be asked after the sync (the browser runtime loads this module, not that one). */
export { progressApartFrom };

/**
 * Where the account's copy of the reader's progress stands: "unsent" when a change is kept on this device
 * and waits for the account (offline, the site could not be reached, or the account asked this browser to
 * wait: too many saves), "signedOut" when it waits because the reader's session has ended (signed out
 * elsewhere, or it expired: it is sent once they sign in again), "refused" when the account turned the
 * last change down.
 */
export type ProgressSave = "saved" | "saving" | "unsent" | "signedOut" | "refused";

/** What one save to the account came to. */
export interface AccountSaveResult {
  outcome: "saved" | "unsent" | "signedOut" | "refused";
  /** The record this browser keeps now when the account's merge added to it (another device's progress), else null. */
  adopted: Progress | null;
}

let status: ProgressSave = "saved";
let savesUnderWay = 0;
const listeners = new Set<() => void>();

/**
 * The account that asked this browser to wait before it saves again (`Retry-After`: too many saves, or
 * the site busy), and until when (epoch milliseconds). Until then its changes are kept here, unsent, and
 * the owed record is sent by itself once the wait is over (`sendAgainAfterWait`). Kept in storage too
 * (rc:progress-wait), so a page loaded or a tab opened meanwhile waits as well.
 */
let asked: { account: string; until: number } | null = null;
let sendAgain: ReturnType<typeof setTimeout> | undefined;

/** The longest wait taken from an answer: the account's longest limit is a day. */
const LONGEST_WAIT_MS = 86_400_000;
/** The wait after a 429 that does not say how long. */
const WAIT_UNSAID_MS = 60_000;

/**
 * The account whose owed record this page sends by itself (watchUnsentProgress), and its next try after a
 * save that could not be sent with no wait asked for (no network, a server error): a connection that
 * comes back without the browser saying so is tried again, later each time, while the page is shown.
 */
let watching: string | null = null;
let tryAgain: ReturnType<typeof setTimeout> | undefined;
let failedTries = 0;
/** How long after each failed try in a row the page tries again by itself. */
const TRY_AGAIN_MS = [5_000, 15_000, 30_000, 60_000, 120_000, 300_000];

/** Tries again later to send what `account` is owed, if this page watches it; offline, the connection's return sends it. */
function tryAgainLater(account: string) {
  if (watching !== account || navigator.onLine === false) return;
  clearTimeout(tryAgain);
  tryAgain = setTimeout(
    () => {
      tryAgain = undefined;
      if (document.visibilityState !== "hidden") sendUnsentProgress(account).catch(() => {});
    },
    TRY_AGAIN_MS[Math.min(failedTries++, TRY_AGAIN_MS.length - 1)],
  );
}

function stopTryingAgain() {
  clearTimeout(tryAgain);
  tryAgain = undefined;
  failedTries = 0;
}

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
 * Keeps progress in this browser and, for a signed-in reader (`account`: their uid), sends it to the
 * account; `setBack` names the media this change sets back on purpose (the tracker works them out:
 * `mediaSetBack`), which the account then takes as they are. Resolves once the account has answered,
 * or with null at once when nothing is sent.
 */
export async function saveProgress(
  progress: Progress,
  { account, setBack = [] }: { account: string | null; setBack?: readonly Medium[] },
): Promise<AccountSaveResult | null> {
  storeProgress(progress);
  if (!account) return null;
  // Kept until the account has it, so a set-back made offline still reaches it as one.
  if (setBack.length)
    writeStored(
      "progressSetBack",
      JSON.stringify([...new Set([...setBackUnsent(account), ...setBack])]),
      `:${account}`,
    );
  return sendProgress(progress, account);
}

/** The account revision this browser's record holds every set-back up to; null when it never heard one. */
function heardRevision(account: string): number | null {
  const stored = readStored("progressRevision", `:${account}`);
  const revision = stored === null ? NaN : Number(stored);
  return Number.isSafeInteger(revision) && revision >= 0 ? revision : null;
}

/** Notes that this browser's record holds the account's set-backs up to `revision` (answers may come out of order). */
function hearRevision(account: string, revision: number) {
  if (revision > (heardRevision(account) ?? -1)) writeStored("progressRevision", String(revision), `:${account}`);
}

/** The media this browser set back that the account has not taken yet. */
function setBackUnsent(account: string): Medium[] {
  try {
    const stored: unknown = JSON.parse(readStored("progressSetBack", `:${account}`) ?? "[]");
    return Array.isArray(stored) ? stored.filter(isMedium) : [];
  } catch {
    return [];
  }
}

/** What this browser would send the account now: its record, the revision it heard and what it set back. */
function sentFor(progress: Progress, account: string): ProgressSent {
  return { progress, revision: heardRevision(account), setBack: setBackUnsent(account) };
}

/**
 * This browser's record brought together with the account's (read on arrival: the tracker, the sign-in
 * sync) by the rule the account applies: what both should keep, and whether this browser must store it
 * and the account be sent it. From then on this browser has heard the account's revision.
 */
export function reconcileWithAccount(account: string, local: Progress, saved: AccountProgress | null) {
  const reconciled = reconcileProgress(sentFor(local, account), saved);
  if (saved) hearRevision(account, saved.revision);
  return reconciled;
}

/**
 * Sends progress this browser already keeps to the account, and keeps what the account merged. A plain
 * request, so nothing on the page loads again; kept alive, so a save sent as the page goes away still
 * arrives. The account is marked as owed this browser's record first, by a new change: whatever becomes
 * of this request (offline, a closed tab, no answer), `sendUnsentProgress` sends the record later, until
 * one save lands. A refusal is told once and not sent again.
 */
export function sendProgress(progress: Progress, account: string): Promise<AccountSaveResult> {
  const change = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  // The change first: a tab that reads the mark has read its change too (one tab's writes reach the others in order).
  writeStored("progressUnsent", change, ":change");
  writeStored("progressUnsent", account);
  return deliver(progress, account, change);
}

/** How long the account asked this browser to wait before saving again, in milliseconds; 0 when it has not. */
function waitAsked(account: string): number {
  if (asked?.account !== account) {
    const until = Number(readStored("progressWait", `:${account}`));
    // A wait no answer could have asked for (longer than a day from now) is none.
    if (until > Date.now() && until <= Date.now() + LONGEST_WAIT_MS) asked = { account, until };
  }
  if (!asked) return 0;
  const left = asked.until - Date.now();
  if (left > 0 && asked.account === account) return left;
  if (left <= 0) {
    writeStored("progressWait", null, `:${asked.account}`);
    asked = null;
  }
  return 0;
}

/** The account asked to wait `ms`: nothing is sent to it until then, and what it is owed is sent then. */
function sendAgainAfterWait(account: string, ms: number) {
  asked = { account, until: Date.now() + ms };
  writeStored("progressWait", String(asked.until), `:${account}`);
  clearTimeout(sendAgain);
  sendAgain = setTimeout(() => {
    sendAgain = undefined;
    sendUnsentProgress(account).catch(() => {});
  }, ms);
}

/**
 * Sends the record owed by `change` (null: a mark from before changes were named) and settles what it
 * came to. While the account asked this browser to wait, nothing is sent (unless `atOnce`: the reader asked
 * for it) and the change stays owed, sent by itself once the wait is over.
 */
async function deliver(
  progress: Progress,
  account: string,
  change: string | null,
  { atOnce = false } = {},
): Promise<AccountSaveResult> {
  ownProgress(account);
  const clearings = clearingsHeard();
  savesUnderWay += 1;
  setStatus("saving");
  const wait = atOnce ? 0 : waitAsked(account);
  // Offline, the request cannot leave: the change waits on this device. So it does while the account asked to wait.
  const answer: PostAnswer =
    navigator.onLine === false || wait > 0
      ? { outcome: "unsent", retryAfterMs: wait || null }
      : await postProgress(sentFor(progress, account));
  savesUnderWay -= 1;
  // The device was cleared meanwhile (the reader signed out): nothing of the answer is kept.
  if (clearingsHeard() !== clearings) {
    if (savesUnderWay === 0) setStatus("saved");
    return { outcome: answer.outcome, adopted: null };
  }
  if (answer.outcome === "unsent" && answer.retryAfterMs !== null && (wait === 0 || sendAgain === undefined))
    sendAgainAfterWait(account, answer.retryAfterMs);
  else if (answer.outcome === "unsent" && answer.retryAfterMs === null) tryAgainLater(account);
  else if (answer.outcome !== "unsent") stopTryingAgain();
  let adopted: Progress | null = null;
  if (answer.outcome === "saved") {
    // The account took it: whatever wait it had asked for is over.
    if (asked?.account === account) {
      asked = null;
      clearTimeout(sendAgain);
      sendAgain = undefined;
    }
    writeStored("progressWait", null, `:${account}`);
    // This browser's own save holds what it sent: a later change of its own is never stale beside it.
    if (answer.revision !== null) hearRevision(account, answer.revision);
    adopted = answer.merged && adopt(answer.merged, progress);
    // Sent, unless this browser changed again meanwhile (that change's own save is on its way).
    const kept = readStoredProgress();
    if (!kept || sameProgress(answer.merged ?? progress, kept)) await settleUnsent(account, change);
  } else if (answer.outcome === "refused") await settleUnsent(account, change);
  // An unsent, signed-out or refused change shows until a later save succeeds with none left under way.
  if (answer.outcome !== "saved") setStatus(answer.outcome);
  else if (savesUnderWay === 0) setStatus("saved");
  return { outcome: answer.outcome, adopted };
}

/** The account has what it was owed (or turned it down): the mark goes, and the other tabs can tell. */
async function settleUnsent(account: string, change: string | null) {
  if (readStored("progressUnsent") === account) {
    writeStored("progressUnsent", null);
    writeStored("progressUnsent", null, ":change");
  }
  writeStored("progressSetBack", null, `:${account}`);
  if (change) await noteChangeSent(account, change);
}

/**
 * Sends this browser's record to the account when a change has not reached it: on start, when the
 * connection returns and when the page is shown again (`watchUnsentProgress`). One tab at a time (a
 * Web Lock), and each looks again once it holds the lock, so tabs coming back online together send it
 * once. The mark it reads may be out of date: a tab's localStorage hears late that the tab before it
 * under the lock settled the change, so the change the account last took is asked of a store every
 * tab reads alike (./sent-progress.ts), noted there before the lock is let go. While the account asked
 * this browser to wait (too many saves), nothing is sent until the wait is over, when it goes by itself;
 * `atOnce` sends all the same (the reader pressed Try again).
 */
export async function sendUnsentProgress(account: string, { atOnce = false } = {}) {
  const send = async () => {
    if (readStored("progressUnsent") !== account) return;
    const change = readStored("progressUnsent", ":change");
    if (change && (await lastChangeSent(account)) === change) return;
    const progress = readStoredProgress();
    if (progress) await deliver(progress, account, change, { atOnce });
    else await settleUnsent(account, change);
  };
  if (navigator.locks) await navigator.locks.request("rc:progress-unsent", send);
  else await send();
}

/**
 * Sends what this signed-in reader's account is owed now, and whenever the page is back online or shown
 * again, or some seconds after a try that failed (tryAgainLater).
 */
export function watchUnsentProgress(account: string) {
  watching = account;
  const send = () => {
    if (document.visibilityState !== "hidden") sendUnsentProgress(account).catch(() => {});
  };
  if (readStored("progressUnsent") === account) setStatus("unsent");
  send();
  window.addEventListener("online", send);
  document.addEventListener("visibilitychange", send);
  return () => {
    window.removeEventListener("online", send);
    document.removeEventListener("visibilitychange", send);
    clearTimeout(sendAgain);
    sendAgain = undefined;
    if (watching === account) watching = null;
    stopTryingAgain();
  };
}

type PostAnswer =
  | { outcome: "saved"; merged: Progress | null; revision: number | null }
  | { outcome: "unsent"; retryAfterMs: number | null }
  | { outcome: "signedOut" }
  | { outcome: "refused"; status: number };

/**
 * What the account made of a save: the record it keeps and its revision (null when the answer cannot be
 * read); unsent when it could not be reached (no network, a server error), asked to wait (429: too many
 * saves; a 503 may say so too), with how long (`Retry-After`), and when what answered is not the account
 * (a page redirected to, a network's own login page): only the account's own answer counts as saved;
 * signed out when the reader's session has ended (401: the change goes in when they sign in again);
 * refused otherwise.
 */
async function postProgress(sent: ProgressSent): Promise<PostAnswer> {
  const response = await fetch(endpoint, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(sent),
    credentials: "same-origin",
    keepalive: true,
  }).catch(() => null);
  if (!response || response.redirected) return { outcome: "unsent", retryAfterMs: null };
  if (response.status === 401) return { outcome: "signedOut" };
  if (response.status >= 500 || response.status === 408 || response.status === 429) {
    const said = retryAfterMs(response.headers.get("Retry-After"));
    return { outcome: "unsent", retryAfterMs: said ?? (response.status === 429 ? WAIT_UNSAID_MS : null) };
  }
  if (!response.ok) return { outcome: "refused", status: response.status };
  const body: unknown = await response.json().catch(() => null);
  if (typeof body !== "object" || body === null || (body as { ok?: unknown }).ok !== true)
    return { outcome: "unsent", retryAfterMs: null };
  return { outcome: "saved", merged: recordIn(body, "saved"), revision: revisionIn(body) };
}

/** How long a `Retry-After` (seconds, or an HTTP date) asks to wait, from a second to a day; null when it says nothing readable. */
function retryAfterMs(header: string | null): number | null {
  if (header === null) return null;
  const value = header.trim();
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - Date.now();
  return Number.isFinite(ms) ? Math.min(LONGEST_WAIT_MS, Math.max(1000, ms)) : null;
}

/** The account's revision an answer carries; null when it carries none. */
function revisionIn(body: unknown): number | null {
  const revision = typeof body === "object" && body !== null ? (body as { revision?: unknown }).revision : null;
  return Number.isSafeInteger(revision) && (revision as number) >= 0 ? (revision as number) : null;
}

/** The progress record an answer carries under `field`, checked; null when it carries none that is valid. */
function recordIn(body: unknown, field: string): Progress | null {
  const value =
    typeof body === "object" && body !== null && field in body ? (body as Record<string, unknown>)[field] : null;
  return checkProgress(value).progress;
}

/**
 * Takes in the record the account keeps after a save of `sent`, as it is (it holds another device's
 * progress, or a set-back made there), while this browser still keeps what it sent. A change made while
 * the save was under way stays, and its own save brings the account's record.
 */
function adopt(merged: Progress, sent: Progress): Progress | null {
  const local = readStoredProgress();
  if (local && !sameProgress(local, sent)) return null;
  if (local && sameProgress(merged, local)) return null;
  storeProgress(merged);
  return merged;
}

/**
 * How long a sync holds: a page opened, or a tab come back to, later than this after the last one syncs
 * again, so what the reader read on another device meanwhile reaches this one without a new tab.
 */
const SYNC_HOLDS_MS = 10_000;

/**
 * The sync under way for each account (by uid, and the clearings heard when it began). A call while one runs (the tab shown again, the reader
 * signed in again) joins it: the mark that holds a sync is written only at its end, so a second call
 * would otherwise ask the account again and send the same owed change twice.
 */
const syncsUnderWay = new Map<string, Promise<void>>();

/**
 * On a signed-in reader's page (and when they come back to its tab), unless this tab synced in the last
 * few seconds or is syncing now: brings the account's progress and the browser's together (furthest wins
 * per medium, except where the reader set progress back: on another device since this browser last
 * heard, or here with the account not told yet), so the spoiler shield is right on every device at once,
 * and sends back anything this browser had that the account did not.
 * Tried again on the next page until the account has it.
 *
 * Only this reader's own progress takes part: a record kept signed out and never saved to an account,
 * this account's record, and what was set aside for it while another account was signed in here.
 * Another account's record is set aside first, on every page, before anything is read
 * (./progress-apart.ts); it is added only when the reader says yes (`addProgressApart`).
 */
export function syncProgressOnSignIn(uid: string): Promise<void> {
  // One begun before this device was cleared keeps nothing it is answered: a new one is begun instead.
  const key = `${uid} ${clearingsHeard()}`;
  let sync = syncsUnderWay.get(key);
  if (!sync) {
    sync = syncWithAccount(uid).finally(() => syncsUnderWay.delete(key));
    syncsUnderWay.set(key, sync);
  }
  return sync;
}

async function syncWithAccount(uid: string) {
  if (!setAsideOthersProgress(uid)) return;
  const synced = Number(readStored("progressSynced", `:${uid}`));
  if (Math.abs(Date.now() - synced) < SYNC_HOLDS_MS && !ownProgressApart(uid)) return;
  const clearings = clearingsHeard();
  const response = await fetch(endpoint, { credentials: "same-origin" });
  if (!response.ok) return;
  const body: unknown = await response.json().catch(() => undefined);
  // An answer that cannot be read leaves the tab unsynced: the next page tries again. One that comes
  // after the device was cleared (the reader signed out) is not kept.
  if (body === undefined || clearingsHeard() !== clearings) return;
  const saved = accountIn(body);
  // Another tab may have signed another account in meanwhile: its record is set aside again.
  if (!setAsideOthersProgress(uid)) return;
  const own = ownProgressApart(uid);
  const stored = readStoredProgress();
  const local = own ? mergeProgress(stored ?? emptyProgress, own) : (stored ?? emptyProgress);
  const { progress, storeLocally, sendToAccount } = reconcileWithAccount(uid, local, saved);
  // Stored here before the set-aside copy goes, so a failing save still leaves it in this browser.
  const saving = sendToAccount ? saveProgress(progress, { account: uid }) : null;
  if (!sendToAccount && (storeLocally || own)) storeProgress(progress);
  if (own) dropProgressApart([uid]);
  ownProgress(uid);
  if ((saving && (await saving)?.outcome !== "saved") || clearingsHeard() !== clearings) return;
  writeStored("progressSynced", String(Date.now()), `:${uid}`);
}

/** The account's record, revision and set-backs as GET /resources/progress answers them; null for none. */
function accountIn(body: unknown): AccountProgress | null {
  const progress = recordIn(body, "progress");
  if (!progress) return null;
  // A record from before revisions has none yet: 0, the first its next write raises.
  return {
    progress,
    revision: revisionIn(body) ?? 0,
    setBacks: setBacksFrom((body as { setBacks?: unknown }).setBacks),
  };
}

/**
 * The reader said yes: the other accounts' records set aside in this browser are added to this
 * account's progress (stored here first, then saved to the account like any change).
 */
export async function addProgressApart(uid: string) {
  const others = progressApartFrom(uid);
  if (!others.length) return null;
  const progress = others.reduce(
    (sum, entry) => mergeProgress(sum, entry.progress),
    readStoredProgress() ?? emptyProgress,
  );
  const saving = saveProgress(progress, { account: uid });
  dropProgressApart(others.map((entry) => entry.owner));
  return saving;
}
