import { REPORT_LIMITS } from "~/lib/report-forms";
import { batch } from "~/models/db.server";

/** What a reader may do only so often, and how often (the forms quote the same numbers). */
const limits = { report: REPORT_LIMITS } satisfies Record<string, { perMinute: number; perDay: number }>;

export type LimitedAction = keyof typeof limits;

export type RateLimitResult = { ok: true } | { ok: false; limit: "minute" | "day" };

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * Counts one use of a limited action by a reader, unless the reader has reached a limit. The hits
 * live in D1 `rate_limit_hits` (see docs/decisions); hits older than a day are dropped as new ones come.
 *
 * Checking and recording are two round trips today, so two requests at the same moment can both
 * pass; callers see one call, so it can become a single conditional INSERT without changing them.
 */
export async function takeRateLimit(
  db: D1Database,
  hit: { uid: string; action: LimitedAction },
  now = new Date(),
): Promise<RateLimitResult> {
  const nowMs = now.getTime();
  const { perMinute, perDay } = limits[hit.action];
  const [counts] = await batch<[{ minute: number | null; day: number }]>(db, [
    db
      .prepare(
        `SELECT SUM(at > ?3) AS minute, COUNT(*) AS day FROM rate_limit_hits WHERE uid = ?1 AND action = ?2 AND at > ?4`,
      )
      .bind(hit.uid, hit.action, nowMs - MINUTE_MS, nowMs - DAY_MS),
  ]);
  if ((counts[0]?.minute ?? 0) >= perMinute) return { ok: false, limit: "minute" };
  if ((counts[0]?.day ?? 0) >= perDay) return { ok: false, limit: "day" };

  await batch(db, [
    db.prepare(`INSERT INTO rate_limit_hits (uid, action, at) VALUES (?1, ?2, ?3)`).bind(hit.uid, hit.action, nowMs),
    // Old hits are of no use to any limit.
    db.prepare(`DELETE FROM rate_limit_hits WHERE uid = ?1 AND at < ?2`).bind(hit.uid, nowMs - DAY_MS),
  ]);
  return { ok: true };
}
