import { media, type Medium, mediumOf } from "../content/units";
import { mergeProgress, sameProgress } from "./changes";
import { checkProgress, type ProgressProblem } from "./file";
import { emptyProgress, type Progress } from "./record";

/*
 * Progress that moves back on purpose (decision 38). Saves merge furthest-wins, so a late save never
 * undoes a newer one; a set-back is the reader saying "I am here, not further" in some media. The
 * account remembers, per medium, when that was last said (the revision that said it), and a save from a
 * device that had not heard of it keeps the account's place in that medium instead of pushing it forward
 * again. The browser and the account apply the same rule (`progressAfterSave`), so what a device shows
 * before the account answers is what the account will keep.
 */

/** When each medium of an account's record was last set back on purpose: the revision that did it, and when. */
export type SetBacks = Partial<Record<Medium, { revision: number; at: string }>>;

/** An account's record with what the rule needs: its revision (raised by every write) and its set-backs. */
export interface AccountProgress {
  progress: Progress;
  revision: number;
  setBacks: SetBacks;
}

/** A save as a device sends it. */
export interface ProgressSent {
  progress: Progress;
  /**
   * The account's revision this device last heard: its record holds every set-back up to it. Null when it
   * never heard one (a record kept signed out, or a page from before revisions): then the record's own
   * `updatedAt` says whether it was changed after a set-back.
   */
  revision: number | null;
  /** The media this save sets back on purpose: its places there stand, whatever the account had. */
  setBack: readonly Medium[];
}

/** Which fields hold each medium's places or checklist (its skipped units are the rest of its part). */
const placeFields = {
  web_novel: ["webNovel"],
  light_novels: ["lightNovels"],
  side_stories: ["sideStories"],
  // A recut's episodes are anime episodes on a line of their own (decision 45).
  anime: ["anime", "recuts"],
  break_time: ["breakTime"],
  anime_specials: ["animeSpecials"],
  manga: ["manga"],
} as const satisfies Record<Medium, readonly (keyof Progress)[]>;

/** A record's part in one medium, comparable as text: its places (or checklist) and the units skipped in it. */
function partOf(progress: Progress, medium: Medium) {
  const skipped = progress.skipped.filter((key) => mediumOf(key) === medium).sort();
  return JSON.stringify([...placeFields[medium].map((field) => progress[field]), skipped]);
}

/** `progress` with its parts in `taken` media replaced by `from`'s. */
export function withMediaFrom(progress: Progress, from: Progress, taken: readonly Medium[]): Progress {
  if (!taken.length) return progress;
  const next: Progress = { ...progress };
  for (const medium of taken) for (const field of placeFields[medium]) Object.assign(next, { [field]: from[field] });
  const fromTaken = (key: string) => taken.includes(mediumOf(key)!);
  next.skipped = [
    ...progress.skipped.filter((key) => !fromTaken(key)),
    ...from.skipped.filter((key) => fromTaken(key)),
  ].sort();
  return next;
}

/**
 * The media in which `after` is behind `before`: a place moved back, a volume or episode earlier, a
 * side story or short unticked, a unit marked skipped again. Saving `after` sets these back on purpose.
 */
export function mediaSetBack(before: Progress, after: Progress): Medium[] {
  const holding = mergeProgress(after, before);
  return media.filter((medium) => partOf(holding, medium) !== partOf(after, medium));
}

/**
 * Whether a save was made without hearing of a set-back (none: nothing to miss). A record that never heard
 * a revision is told by its own time, read as a time (a record may write it to the minute): one from
 * before the set-back missed it, and so did one from after `now`, whose device's clock is ahead and cannot
 * say when it was changed; the set-back stands.
 */
function missed(sent: ProgressSent, setBack: SetBacks[Medium], now: Date) {
  if (!setBack) return false;
  if (sent.revision !== null) return sent.revision < setBack.revision;
  const changed = Date.parse(sent.progress.updatedAt);
  return !(changed >= Date.parse(setBack.at) && changed <= now.getTime());
}

/**
 * What an account keeps after a save: in each medium the save sets back, the save's part; in each
 * medium set back since the device last heard from the account, the account's part (a stale record does
 * not push it forward again); everywhere else the furthest of both (mergeProgress). With the media this
 * save set back (those whose part changed), stamped with the account's next revision and `now`.
 */
export function progressAfterSave(
  account: AccountProgress | null,
  sent: ProgressSent,
  now: Date,
): { progress: Progress; setBacks: SetBacks } {
  if (!account) return { progress: sent.progress, setBacks: {} };
  const stale = media.filter((medium) => !sent.setBack.includes(medium) && missed(sent, account.setBacks[medium], now));
  const heard = withMediaFrom(sent.progress, account.progress, stale);
  const progress = withMediaFrom(mergeProgress(account.progress, heard), heard, sent.setBack);
  const setBacks = { ...account.setBacks };
  for (const medium of sent.setBack) {
    if (partOf(progress, medium) !== partOf(account.progress, medium))
      setBacks[medium] = { revision: account.revision + 1, at: now.toISOString() };
  }
  return { progress, setBacks };
}

/**
 * This browser's progress and the account's, brought together by the rule the account applies: the
 * record both should keep, whether this browser must store it and whether the account must be sent it
 * (never an empty record). Where it holds the account's places, it is the account's record, position and
 * all (the browser cannot work a position out again after a set-back; the account has).
 */
export function reconcileProgress(local: ProgressSent, account: AccountProgress | null, now = new Date()) {
  const { progress } = progressAfterSave(account, local, now);
  const kept = account && samePlaces(progress, account.progress) ? account.progress : progress;
  return {
    progress: kept,
    storeLocally: !sameProgress(kept, local.progress),
    sendToAccount: !samePlaces(kept, account?.progress ?? emptyProgress),
  };
}

/** Whether two records hold the same places (their positions, derived from them, aside). */
function samePlaces(a: Progress, b: Progress) {
  return sameProgress({ ...a, position: 0 }, { ...b, position: 0 });
}

/** The set-backs as the account stores them (JSON); anything unreadable counts as none. */
export function parseSetBacks(json: string): SetBacks {
  try {
    return setBacksFrom(JSON.parse(json));
  } catch {
    return {};
  }
}

/** Set-backs read from any value (the account's answer); what is not one is left out. */
export function setBacksFrom(value: unknown): SetBacks {
  const setBacks: SetBacks = {};
  if (typeof value !== "object" || value === null) return setBacks;
  for (const medium of media) {
    const entry = (value as Record<string, unknown>)[medium];
    if (
      typeof entry === "object" &&
      entry !== null &&
      Number.isSafeInteger((entry as { revision?: unknown }).revision) &&
      typeof (entry as { at?: unknown }).at === "string"
    )
      setBacks[medium] = entry as { revision: number; at: string };
  }
  return setBacks;
}

/**
 * How many saves of its progress one account may send (decision 59): far more than a reader ever sends,
 * tapping "I have read up to here" down a page, ticking a checklist, signing in or coming back online in
 * two tabs, and few enough that one account cannot write without end. Every save sent counts, one that
 * changes nothing too (it costs the same reads).
 */
export const PROGRESS_SAVE_LIMITS = { perMinute: 120, perDay: 2_000 } as const;

export type CheckedSave = { sent: ProgressSent; problem: null } | { sent: null; problem: ProgressProblem };

/**
 * A save as a device sends it, or the first problem with it: `{progress, revision, setBack}`, or a bare
 * record (a page from before set-backs), which moves nothing back and never heard a revision.
 */
export function checkProgressSent(value: unknown): CheckedSave {
  const envelope = typeof value === "object" && value !== null && !Array.isArray(value) && "progress" in value;
  if (!envelope) {
    const { progress, problem } = checkProgress(value);
    return progress ? { sent: { progress, revision: null, setBack: [] }, problem: null } : { sent: null, problem };
  }
  const { progress: record, revision, setBack, ...rest } = value as Record<string, unknown>;
  const unknownField = Object.keys(rest)[0];
  if (unknownField !== undefined) return refused("", `unknown field "${unknownField}"`);
  const { progress, problem } = checkProgress(record);
  if (!progress) return refused(problem.path ? `progress.${problem.path}` : "progress", problem.message);
  if (revision !== null && !(Number.isSafeInteger(revision) && (revision as number) >= 0))
    return refused("revision", "expected a revision number or null");
  const listed = setBack ?? [];
  if (!Array.isArray(listed) || listed.length > mediumList.length || !listed.every(isMedium))
    return refused("setBack", "expected a list of media");
  return { sent: { progress, revision: revision as number | null, setBack: [...new Set(listed)] }, problem: null };
}

const mediumList: readonly string[] = media;
/** Whether a value names a medium ("web_novel", "anime"…). */
export const isMedium = (value: unknown): value is Medium => typeof value === "string" && mediumList.includes(value);

function refused(path: string, message: string): CheckedSave {
  return { sent: null, problem: { path, message } };
}
