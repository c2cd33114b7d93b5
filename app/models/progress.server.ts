import { sql } from "kysely";
import { type Medium, parseUnitKey } from "~/lib/content/units";
import { errorPage } from "~/lib/http/status";
import { mergeProgress, progressPosition, sameProgress } from "~/lib/progress/changes";
import { type Progress, reachedUnits } from "~/lib/progress/record";
import { parseStoredProgress } from "~/lib/progress/file";
import { batch, query, slot } from "./query.server";

/*
 * A signed-in reader's saved record (D1 `reading_progress`): read for the tracker, and saved merged
 * with what the account has, furthest wins. What the tracker offers is ./timeline.server.
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
    breakTime: progress.breakTime.filter((key) => positions.has(key)),
    skipped: progress.skipped.filter((key) => positions.has(key)),
  };
  return {
    ...kept,
    position: progressPosition(kept, (key) => positions.get(key)),
  };
}

/** How often a save is tried again when another save for the same reader wrote first. */
const SAVE_ATTEMPTS = 16;

/**
 * Saves a signed-in reader's progress merged into what the account has (furthest wins per medium,
 * checklists united: app/lib/progress/changes.ts), so a save that arrives late never undoes a newer one. Only
 * units on the timeline are kept, so the record stays as small as the series. The write is
 * conditional on the record it merged with; when another save wrote in between, it merges again.
 * Returns the record as stored.
 */
export async function saveProgress(
  db: D1Database,
  uid: string,
  progress: Progress,
  now = new Date(),
): Promise<Progress> {
  for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
    const offeredKeys = JSON.stringify([...reachedUnits(progress), ...progress.skipped]);
    const [rows, units] = await batch(db, [
      storedProgress(uid),
      // The keys travel as one JSON list: one bound value however many units the record names.
      query
        .selectFrom("story_units")
        .select(["key", "position"])
        .where(
          "key",
          "in",
          query.selectFrom(sql<{ value: string }>`json_each(${offeredKeys})`.as("offered")).select("value"),
        ),
    ]);
    const current = rows[0]?.progress;
    const saved = parseStoredProgress(current);
    const offered = onTimeline(progress, new Map(units.map((unit) => [unit.key, unit.position])));
    const merged = saved ? mergeProgress(saved, offered) : offered;
    if (saved && sameProgress(merged, saved)) return saved;

    const stored: Progress = { ...merged, updatedAt: now.toISOString() };
    const columns = {
      progress: JSON.stringify(stored),
      position: stored.position,
      web_novel_arc: stored.webNovel ? (parseUnitKey(stored.webNovel, "web_novel")?.arc ?? null) : null,
      media: JSON.stringify(trackedMedia(stored)),
      updated_at: stored.updatedAt,
    };
    const write =
      current === undefined
        ? query
            .insertInto("reading_progress")
            .values({ uid, ...columns, first_saved_at: stored.updatedAt })
            .onConflict((conflict) => conflict.column("uid").doNothing())
            .returning("uid")
        : query
            .updateTable("reading_progress")
            .set(columns)
            .where("uid", "=", uid)
            .where("progress", "=", current)
            .returning("uid");
    const [written] = await batch(db, [write]);
    if (written.length) return stored;
  }
  throw errorPage(503, {
    message: "Your progress is being saved from several places at once. Please try again in a moment.",
  });
}

/** The media a record has progress in (readership statistics group by them). */
function trackedMedia(progress: Progress): Medium[] {
  const media: Array<Medium | null> = [
    progress.webNovel ? "web_novel" : null,
    progress.lightNovels.length ? "light_novels" : null,
    progress.sideStories.length ? "side_stories" : null,
    progress.anime ? "anime" : null,
    progress.breakTime.length ? "break_time" : null,
  ];
  return media.filter((medium): medium is Medium => medium !== null);
}
