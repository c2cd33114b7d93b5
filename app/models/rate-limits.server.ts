import { type Expression, type InferResult, type SqlBool, sql } from "kysely";
import { API_LIMITS } from "~/lib/api/contract";
import { REPORT_LIMITS } from "~/lib/forms/report-forms";
import { batch, prepared, query } from "./query.server";

/** What a reader may do only so often, and how often (the forms quote the same numbers). */
const limits = { report: REPORT_LIMITS, api: API_LIMITS } satisfies Record<
  string,
  { perMinute: number; perDay: number }
>;

export type LimitedAction = keyof typeof limits;

export type RateLimitResult = { ok: true } | { ok: false; limit: "minute" | "day"; retryAfterSeconds: number };

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** How many hits a reader has in the last minute and day, as the `usage` statement reads them. */
export interface LimitUsage {
  minute: number | null;
  day: number;
  /** When the oldest hit of the last minute and of the last day were taken (epoch ms). */
  minute_since?: number | null;
  day_since?: number | null;
}

/** Whether the statement just before it changed a row: 1 when a hit was taken. */
const hitTaken = query.selectNoFrom(sql<number>`changes()`.as("taken"));

/**
 * The statements that take one use of a limited action for a reader, for a caller's batch. `take`
 * records the hit only while the reader is under both limits (and `onlyIf`, a condition of the
 * caller's, holds): counting and inserting are one statement, so two requests at the same moment
 * cannot both slip under a limit. Statements after it can follow the hit with `changes() > 0`. Hits
 * live in D1 `rate_limit_hits` (decision 9); `prune` drops those older than a day.
 */
export function limitedHit(
  hit: { uid: string; action: LimitedAction },
  now: Date,
  onlyIf: Expression<SqlBool> | null = null,
) {
  const nowMs = now.getTime();
  const { perMinute, perDay } = limits[hit.action];
  const minuteAgo = nowMs - MINUTE_MS;
  const dayAgo = nowMs - DAY_MS;
  const hits = query.selectFrom("rate_limit_hits").where("uid", "=", hit.uid).where("action", "=", hit.action);
  const hitsSince = (since: number) =>
    hits
      .select((count) => count.fn.countAll<number>().as("hits"))
      .where("at", ">", since)
      .$asScalar();
  return {
    take: query
      .insertInto("rate_limit_hits")
      .columns(["uid", "action", "at"])
      .expression(
        query
          .selectNoFrom((row) => [
            row.val(hit.uid).as("uid"),
            row.val(hit.action).as("action"),
            row.val(nowMs).as("at"),
          ])
          .$if(onlyIf !== null, (guarded) => guarded.where(onlyIf!))
          .where(hitsSince(minuteAgo), "<", perMinute)
          .where(hitsSince(dayAgo), "<", perDay),
      ),
    prune: query.deleteFrom("rate_limit_hits").where("uid", "=", hit.uid).where("at", "<", dayAgo),
    usage: hits
      .select((row) => [
        row.fn.sum<number | null>(row("at", ">", minuteAgo)).as("minute"),
        row.fn.countAll<number>().as("day"),
        row.fn.min<number | null>(row.case().when("at", ">", minuteAgo).then(row.ref("at")).end()).as("minute_since"),
        row.fn.min<number | null>("at").as("day_since"),
      ])
      .where("at", ">", dayAgo),
    /** Which limit stopped a hit that was not taken, from the usage read after it. */
    reached(usage: LimitUsage | undefined): "minute" | "day" {
      return (usage?.minute ?? 0) >= perMinute ? "minute" : "day";
    },
    /** The refusal for a hit that was not taken: the limit reached, and when its oldest hit leaves the window. */
    refusal(usage: LimitUsage | undefined): Extract<RateLimitResult, { ok: false }> {
      const limit = this.reached(usage);
      const since = (limit === "minute" ? usage?.minute_since : usage?.day_since) ?? nowMs;
      const freedAt = since + (limit === "minute" ? MINUTE_MS : DAY_MS);
      return { ok: false, limit, retryAfterSeconds: Math.max(1, Math.ceil((freedAt - nowMs) / 1000)) };
    },
  };
}

/** Counts one use of a limited action by a reader, unless the reader has reached a limit. One round trip. */
export async function takeRateLimit(
  db: D1Database,
  hit: { uid: string; action: LimitedAction },
  now = new Date(),
): Promise<RateLimitResult> {
  const statements = limitedHit(hit, now);
  const [, taken, , usage] = await batch(db, [statements.take, hitTaken, statements.prune, statements.usage]);
  if (taken[0]?.taken) return { ok: true };
  return statements.refusal(usage[0]);
}

/**
 * The database as an API request uses it: its first batch also takes the client's hit on the API's
 * limit, so reading and counting are one D1 round trip (a request that reads nothing takes the hit on
 * its own). `verdict` says whether the hit was taken.
 */
export function limitedDatabase(db: D1Database, client: string, now = new Date()) {
  const statements = limitedHit({ uid: client, action: "api" }, now);
  let outcome: RateLimitResult | null = null;
  const takenWith = (results: D1Result[]) => {
    const taken = (results[1]?.results[0] as InferResult<typeof hitTaken>[number] | undefined)?.taken;
    outcome = taken ? { ok: true } : statements.refusal(results[3]?.results[0] as LimitUsage | undefined);
  };
  const limited = new Proxy(db, {
    get(target, property) {
      if (property === "batch" && outcome === null) {
        return async (read: D1PreparedStatement[]) => {
          const results = await target.batch([
            ...[statements.take, hitTaken, statements.prune, statements.usage].map((statement) =>
              prepared(target, statement),
            ),
            ...read,
          ]);
          takenWith(results);
          return results.slice(4);
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return {
    db: limited,
    async verdict(): Promise<RateLimitResult> {
      return outcome ?? (outcome = await takeRateLimit(db, { uid: client, action: "api" }, now));
    },
  };
}
