import { REPORT_LIMITS } from "~/lib/report-forms";
import { batch } from "~/models/db.server";

/** What a reader may do only so often, and how often (the forms quote the same numbers). */
const limits = { report: REPORT_LIMITS } satisfies Record<string, { perMinute: number; perDay: number }>;

export type LimitedAction = keyof typeof limits;

export type RateLimitResult = { ok: true } | { ok: false; limit: "minute" | "day" };

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Extra SQL a hit must satisfy; its parameters are numbered from ?6 on (?1 is the reader's uid). */
export interface HitCondition {
  sql: string;
  params: unknown[];
}

/** How many hits a reader has in the last minute and day, as the `usage` statement reads them. */
export interface LimitUsage {
  minute: number | null;
  day: number;
}

/**
 * The statements that take one use of a limited action for a reader, for a caller's batch. `take`
 * records the hit only while the reader is under both limits (and `onlyIf` holds): counting and
 * inserting are one statement, so two requests at the same moment cannot both slip under a limit.
 * Statements after it can follow the hit with `WHERE changes() > 0`. Hits live in D1
 * `rate_limit_hits` (decision 9); `prune` drops those older than a day.
 */
export function limitedHit(db: D1Database, hit: { uid: string; action: LimitedAction }, now: Date, onlyIf: HitCondition = { sql: "1", params: [] }) {
  const nowMs = now.getTime();
  const { perMinute, perDay } = limits[hit.action];
  const window = [hit.uid, hit.action, nowMs, nowMs - MINUTE_MS, nowMs - DAY_MS] as const;
  return {
    take: db
      .prepare(
        `INSERT INTO rate_limit_hits (uid, action, at)
         SELECT ?1, ?2, ?3 WHERE (${onlyIf.sql})
            AND (SELECT COUNT(*) FROM rate_limit_hits WHERE uid = ?1 AND action = ?2 AND at > ?4) < ${perMinute}
            AND (SELECT COUNT(*) FROM rate_limit_hits WHERE uid = ?1 AND action = ?2 AND at > ?5) < ${perDay}`,
      )
      .bind(...window, ...onlyIf.params),
    prune: db.prepare(`DELETE FROM rate_limit_hits WHERE uid = ?1 AND at < ?2`).bind(hit.uid, nowMs - DAY_MS),
    usage: db
      .prepare(`SELECT SUM(at > ?3) AS minute, COUNT(*) AS day FROM rate_limit_hits WHERE uid = ?1 AND action = ?2 AND at > ?4`)
      .bind(hit.uid, hit.action, nowMs - MINUTE_MS, nowMs - DAY_MS),
    /** Which limit stopped a hit that was not taken, from the usage read after it. */
    reached(usage: LimitUsage | undefined): "minute" | "day" {
      return (usage?.minute ?? 0) >= perMinute ? "minute" : "day";
    },
  };
}

/** Counts one use of a limited action by a reader, unless the reader has reached a limit. One round trip. */
export async function takeRateLimit(
  db: D1Database,
  hit: { uid: string; action: LimitedAction },
  now = new Date(),
): Promise<RateLimitResult> {
  const statements = limitedHit(db, hit, now);
  const [, taken, , usage] = await batch<[never, { taken: number }, never, LimitUsage]>(db, [
    statements.take,
    db.prepare(`SELECT changes() AS taken`),
    statements.prune,
    statements.usage,
  ]);
  if (taken[0]?.taken) return { ok: true };
  return { ok: false, limit: statements.reached(usage[0]) };
}
