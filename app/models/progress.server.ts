import { type RawBuilder, sql } from "kysely";
import { type Medium, parseUnitKey } from "~/lib/content/units";
import { progressPosition, sameProgress } from "~/lib/progress/changes";
import { emptyProgress, type Progress, reachedUnits } from "~/lib/progress/record";
import { parseStoredProgress } from "~/lib/progress/file";
import type { ProgressHistoryEntry } from "~/lib/progress/history";
import { type AccountProgress, parseSetBacks, progressAfterSave, type ProgressSent } from "~/lib/progress/set-back";
import { batch, query, slot } from "./query.server";
import { limitedHit, type RateLimitResult, useTaken } from "./rate-limits.server";
import { signedInSomewhere } from "./sessions.server";

/*
 * A signed-in reader's saved record (D1 `reading_progress`) and the history of its last saves
 * (`progress_history`): read for the tracker, and saved by the set-back rule. What the tracker offers is
 * ./timeline.server.
 */

/** A reader's record as stored (JSON), when they have one. */
const storedProgress = (uid: string) => query.selectFrom("reading_progress").select("progress").where("uid", "=", uid);

/** The reader's stored record, built once: its slot `uid` is the reader's, for a caller's batch. */
export const savedProgressOfReader = storedProgress(slot<string>("uid"));

/** The record `savedProgressOfReader` read, or null when there is none (or it does not parse). */
export const savedProgressFrom = (rows: readonly { progress: string }[]) => parseStoredProgress(rows[0]?.progress);

/** A signed-in reader's saved record: for the tracker, and for merging on sign-in. */
export async function getSavedProgress(db: D1Database, uid: string) {
  const [rows] = await batch(db, [savedProgressOfReader], { uid });
  return savedProgressFrom(rows);
}

/** The record with only the units the timeline knows, its position worked out from theirs. */
function onTimeline(progress: Progress, positions: ReadonlyMap<string, number>): Progress {
  const known = (key: string | null) => (key !== null && positions.has(key) ? key : null);
  const kept: Progress = {
    ...progress,
    webNovel: known(progress.webNovel),
    lightNovels: progress.lightNovels.filter((key) => positions.has(key)),
    sideStories: progress.sideStories.filter((key) => positions.has(key)),
    anime: known(progress.anime),
    recuts: progress.recuts.filter((key) => positions.has(key)),
    breakTime: progress.breakTime.filter((key) => positions.has(key)),
    animeSpecials: progress.animeSpecials.filter((key) => positions.has(key)),
    manga: progress.manga.filter((key) => positions.has(key)),
    skipped: progress.skipped.filter((key) => positions.has(key)),
  };
  return {
    ...kept,
    position: progressPosition(kept, (key) => positions.get(key)),
  };
}

/** How often a save is tried again when another save for the same reader wrote first. */
const SAVE_ATTEMPTS = 16;

/** How many saves of each account's record the history keeps (the newest). */
export const HISTORY_KEPT = 20;

/** A reader's record as the set-back rule reads it: with its revision and set-backs. */
const accountRecord = (uid: string) =>
  query.selectFrom("reading_progress").select(["progress", "revision", "set_backs"]).where("uid", "=", uid);

/** The account's record as the rule reads it; a row whose record cannot be read holds no progress (a save replaces it). */
function accountProgressFrom(
  row: { progress: string; revision: number; set_backs: string } | undefined,
): AccountProgress | null {
  if (!row) return null;
  const progress = parseStoredProgress(row.progress) ?? emptyProgress;
  return { progress, revision: row.revision, setBacks: parseSetBacks(row.set_backs) };
}

/** A signed-in reader's saved record with its revision and set-backs: for the tracker and the sign-in sync. */
export async function getAccountProgress(db: D1Database, uid: string): Promise<AccountProgress | null> {
  const [rows] = await batch(db, [accountRecord(uid)]);
  return accountProgressFrom(rows[0]);
}

/** Why a save was not taken: the account reached a limit on saves (PROGRESS_SAVE_LIMITS), and when to send it again. */
export type SaveLimited = Extract<RateLimitResult, { ok: false }>;

/**
 * What a save came to: the record as the account keeps it, or why nothing was written: the limit it
 * reached, no session of the reader open any more (the account deleted, or signed out everywhere, while
 * it was on its way), or other saves of the account writing first every time it tried.
 */
export type SaveOutcome =
  | { ok: true; saved: AccountProgress }
  | SaveLimited
  | { ok: false; signedOut: true }
  /** Other saves of the same account kept writing first, SAVE_ATTEMPTS times: nothing written, send it again. */
  | { ok: false; busy: true };

/**
 * The story units among the keys of a save (a JSON list) and of the account's own record, with their
 * positions. `taken`, when given, is a condition the statement just before it in the batch leaves
 * (the limit's use): without it, no key is looked up.
 */
function unitsNamed(uid: string, offeredKeys: string, taken: RawBuilder<boolean> | null) {
  const gated = (json: RawBuilder<string> | string) => (taken ? sql<string>`iif(${taken}, ${json}, '[]')` : json);
  return query
    .selectFrom("story_units")
    .select(["key", "position"])
    .where((where) =>
      where.or([
        where(
          "key",
          "in",
          query.selectFrom(sql<{ value: string }>`json_each(${gated(offeredKeys)})`.as("offered")).select("value"),
        ),
        where(
          "key",
          "in",
          query
            .selectFrom([
              "reading_progress",
              // A record that is not JSON names no unit: the save replaces it.
              sql<{
                value: string;
              }>`json_tree(${gated(sql<string>`iif(json_valid(reading_progress.progress), reading_progress.progress, '{}')`)})`.as(
                "kept",
              ),
            ])
            .select("kept.value")
            .where("reading_progress.uid", "=", uid),
        ),
      ]),
    );
}

/**
 * Saves a signed-in reader's progress into what the account has by the set-back rule
 * (app/lib/progress/set-back.ts): furthest wins per medium, except in the media the save sets back on
 * purpose, and a medium set back since the sending device last heard keeps the account's place. So a late
 * save never undoes a newer one, and a stale device never undoes a set-back. Only units on the timeline
 * are kept, so the record stays as small as the series.
 *
 * Every save takes one use of the account's limit on saves (PROGRESS_SAVE_LIMITS, decision 59), in the
 * same batch as its first read: the use is taken only while the account is under both limits, in one
 * statement, so saves sent at once cannot pass a limit together. Over a limit it writes nothing and
 * looks up no key, and answers the limit reached and when it ends. A save tried again because another
 * save of the same account wrote first does not take another.
 *
 * One read, then one batch that writes: the record (only if its revision is still the one read, so two
 * saves at once cannot lose one another: the loser reads and merges again), its history entry and the
 * sweep that keeps the history to HISTORY_KEPT entries, all or nothing. Returns the record as stored.
 * Each batch writes only while one of the reader's sessions is open (`signedInSomewhere`): a save that
 * arrives as the account is deleted leaves nothing of it behind.
 */
export async function saveProgress(
  db: D1Database,
  uid: string,
  sent: ProgressSent,
  now = new Date(),
): Promise<SaveOutcome> {
  // The keys travel as one JSON list: one bound value however many units the record names. The
  // account's own keys come too (every text in its record that is a unit's key), so a set-back's
  // position can be worked out again.
  const offeredKeys = JSON.stringify([...reachedUnits(sent.progress), ...sent.progress.skipped]);
  const signedIn = signedInSomewhere(uid);
  const limit = limitedHit({ client: uid, action: "progress" }, now, signedIn);
  for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
    let rows: { progress: string; revision: number; set_backs: string }[];
    let units: { key: string; position: number }[];
    if (attempt === 0) {
      // `changes()` after the take: the reads below it come right after, before the sweep deletes anything.
      const [session, , , taken, readRows, readUnits, , usage] = await batch(db, [
        query.selectNoFrom(signedIn.as("open")),
        limit.open,
        limit.take,
        useTaken,
        accountRecord(uid),
        unitsNamed(uid, offeredKeys, sql<boolean>`changes() > 0`),
        limit.sweep,
        limit.usage,
      ]);
      if (!session[0]?.open) return { ok: false, signedOut: true };
      if (!taken[0]?.taken) return limit.refusal(usage);
      [rows, units] = [readRows, readUnits];
    } else [rows, units] = await batch(db, [accountRecord(uid), unitsNamed(uid, offeredKeys, null)]);
    const account = accountProgressFrom(rows[0]);
    const positions = new Map(units.map((unit) => [unit.key, unit.position]));
    const after = progressAfterSave(account, { ...sent, progress: onTimeline(sent.progress, positions) }, now);
    const merged = onTimeline(after.progress, positions);
    if (account && sameProgress(merged, account.progress)) return { ok: true, saved: account };

    const stored: Progress = { ...merged, updatedAt: now.toISOString() };
    const revision = (account?.revision ?? 0) + 1;
    const setBacks = JSON.stringify(after.setBacks);
    const columns = {
      progress: JSON.stringify(stored),
      position: stored.position,
      web_novel_arc: stored.webNovel ? (parseUnitKey(stored.webNovel, "web_novel")?.arc ?? null) : null,
      media: JSON.stringify(trackedMedia(stored)),
      updated_at: stored.updatedAt,
      revision,
      set_backs: setBacks,
    };
    const columnNames = Object.keys(columns) as (keyof typeof columns)[];
    const write = account
      ? query
          .updateTable("reading_progress")
          .set(columns)
          .where("uid", "=", uid)
          .where("revision", "=", account.revision)
          .where(signedIn)
          .returning("uid")
      : query
          .insertInto("reading_progress")
          .columns([...columnNames, "uid", "first_saved_at"])
          .expression(
            query
              .selectNoFrom((row) => [
                ...columnNames.map((name) => row.val(columns[name]).as(name)),
                row.val(uid).as("uid"),
                row.val(stored.updatedAt).as("first_saved_at"),
              ])
              .where(signedIn),
          )
          .onConflict((conflict) => conflict.column("uid").doNothing())
          .returning("uid");
    const change = setBacks === JSON.stringify(account?.setBacks ?? {}) ? "saved" : "set_back";
    const [written, , , session] = await batch(db, [
      write,
      // This save's entry, only if the write above went in (the row holds this very record at this revision).
      query
        .insertInto("progress_history")
        .orIgnore()
        .columns(["uid", "revision", "progress", "saved_at", "change"])
        .expression(
          query
            .selectFrom("reading_progress")
            .select(["uid", "revision", "progress", "updated_at", sql.lit(change).as("change")])
            .where("uid", "=", uid)
            .where("revision", "=", revision)
            .where("progress", "=", columns.progress),
        ),
      // The sweep: entries older than the newest HISTORY_KEPT revisions go.
      query
        .deleteFrom("progress_history")
        .where("uid", "=", uid)
        .where(
          "revision",
          "<=",
          query
            .selectFrom("reading_progress")
            .select(sql<number>`revision - ${HISTORY_KEPT}`.as("oldest"))
            .where("uid", "=", uid),
        ),
      query.selectNoFrom(signedIn.as("open")),
    ]);
    if (!session[0]?.open) return { ok: false, signedOut: true };
    if (written.length) return { ok: true, saved: { progress: stored, revision, setBacks: after.setBacks } };
  }
  return { ok: false, busy: true };
}

/** The last saves of a reader's record, newest first (at most HISTORY_KEPT). */
export async function getProgressHistory(db: D1Database, uid: string): Promise<ProgressHistoryEntry[]> {
  const [rows] = await batch(db, [
    query
      .selectFrom("progress_history")
      .select(["revision", "progress", "saved_at", "change"])
      .where("uid", "=", uid)
      .orderBy("revision", "desc")
      .limit(HISTORY_KEPT),
  ]);
  return rows.flatMap((row) => {
    const progress = parseStoredProgress(row.progress);
    return progress ? [{ revision: row.revision, progress, savedAt: row.saved_at, change: row.change }] : [];
  });
}

/** The media a record has progress in (readership statistics group by them). */
function trackedMedia(progress: Progress): Medium[] {
  const media: Array<Medium | null> = [
    progress.webNovel ? "web_novel" : null,
    progress.lightNovels.length ? "light_novels" : null,
    progress.sideStories.length ? "side_stories" : null,
    progress.anime || progress.recuts.length ? "anime" : null,
    progress.breakTime.length ? "break_time" : null,
    progress.animeSpecials.length ? "anime_specials" : null,
    progress.manga.length ? "manga" : null,
  ];
  return media.filter((medium): medium is Medium => medium !== null);
}
