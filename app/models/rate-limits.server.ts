import { type Expression, type SqlBool, sql } from "kysely";
import { API_LIMITS } from "~/lib/api/contract";
import { COMMENT_LIMITS } from "~/lib/discussion/comment-form";
import { REPORT_LIMITS } from "~/lib/forms/report-forms";
import { PROGRESS_SAVE_LIMITS } from "~/lib/progress/set-back";
import type { RateLimitWindowsTable } from "./database";
import { batch, query } from "./query.server";

/** What a reader may do only so often, and how often (the forms quote the same numbers). */
const limits = {
  report: REPORT_LIMITS,
  api: API_LIMITS,
  comment: COMMENT_LIMITS,
  progress: PROGRESS_SAVE_LIMITS,
} satisfies Record<RateLimitWindowsTable["action"], { perMinute: number; perDay: number }>;

export type LimitedAction = keyof typeof limits;

type Span = RateLimitWindowsTable["span"];

export type RateLimitResult = { ok: true } | { ok: false; limit: Span; retryAfterSeconds: number };

/** How long each window lasts from the use that opens it. */
const WINDOW_MS: Record<Span, number> = { minute: 60_000, day: 86_400_000 };

/** How many ended windows (anyone's) each take deletes: more than a take can open, so they never pile up. */
const SWEEP_PER_TAKE = 16;

/** A client's two windows for an action, as the `usage` statement reads them. */
export type LimitUsage = Pick<RateLimitWindowsTable, "span" | "used" | "ends">[];

/** Whether the statement just before it changed a row: more than 0 when a use was taken. */
export const useTaken = query.selectNoFrom(sql<number>`changes()`.as("taken"));

/**
 * The statements that take one use of a limited action for a client (a reader's account id, or an
 * API client), for a caller's batch, in this order: `open`, `take`, the caller's statements that
 * follow the use with `changes() > 0`, `sweep`, `usage`.
 *
 * Uses are counted in two windows per client and action, a minute and a day, each opened by the
 * first use after the last one ended (migration 0020). `open` starts the windows that have ended;
 * `take` adds the use to both only while the client is under both limits (the action's, or `limits`
 * when this client has stricter ones) and `onlyIf`, the caller's condition, holds. Neither writes
 * anything when the condition does not hold: a reader's action holds to their being signed in
 * (`signedInSomewhere`), so nothing of an account deleted a moment before comes back. The batch is
 * one transaction, so two requests at the same moment cannot both slip under a limit, and every
 * statement costs the same however much the client has used: the verdict reads two rows by their key.
 * `sweep` deletes a few windows that ended, anyone's, so a client who never returns leaves nothing
 * behind for long (decision 9).
 */
export function limitedHit(
  hit: { client: string; action: LimitedAction; limits?: { perMinute: number; perDay: number } },
  now: Date,
  onlyIf: Expression<SqlBool> | null = null,
) {
  const nowMs = now.getTime();
  const { perMinute, perDay } = hit.limits ?? limits[hit.action];
  const windows = query
    .selectFrom("rate_limit_windows")
    .where("client", "=", hit.client)
    .where("action", "=", hit.action);
  const usedIn = (span: Span) => windows.select("used").where("span", "=", span).$asScalar();
  return {
    open: query
      .insertInto("rate_limit_windows")
      .columns(["client", "action", "span", "used", "ends"])
      .expression(
        query
          .selectFrom(
            query
              .selectNoFrom([sql.val<Span>("minute").as("span"), sql.val(nowMs + WINDOW_MS.minute).as("ends")])
              .unionAll(
                query.selectNoFrom([sql.val<Span>("day").as("span"), sql.val(nowMs + WINDOW_MS.day).as("ends")]),
              )
              .as("window"),
          )
          .select((row) => [
            row.val(hit.client).as("client"),
            row.val(hit.action).as("action"),
            "window.span",
            row.lit(0).as("used"),
            "window.ends",
          ])
          // Always a WHERE: SQLite reads an upsert's SELECT only with one.
          .where(onlyIf ?? sql.lit(true)),
      )
      .onConflict((conflict) =>
        conflict
          .columns(["client", "action", "span"])
          .doUpdateSet((row) => ({ used: 0, ends: row.ref("excluded.ends") }))
          .where("rate_limit_windows.ends", "<=", nowMs),
      ),
    take: query
      .updateTable("rate_limit_windows")
      .set((row) => ({ used: row("used", "+", 1) }))
      .where("client", "=", hit.client)
      .where("action", "=", hit.action)
      .where(usedIn("minute"), "<", perMinute)
      .where(usedIn("day"), "<", perDay)
      .$if(onlyIf !== null, (guarded) => guarded.where(onlyIf!)),
    sweep: query.deleteFrom("rate_limit_windows").where(
      sql<number>`rowid`,
      "in",
      query
        .selectFrom("rate_limit_windows")
        .select(sql<number>`rowid`.as("id"))
        .where("ends", "<=", nowMs)
        .orderBy("ends")
        .limit(SWEEP_PER_TAKE),
    ),
    usage: windows.select(["span", "used", "ends"]),
    /**
     * Which limit stopped a use that was not taken, from the usage read after it: the day when it is
     * full (its wait is the longer one, even when the minute is full too), else the minute.
     */
    reached(usage: LimitUsage | undefined): Span {
      const day = usage?.find((window) => window.span === "day");
      return (day?.used ?? 0) >= perDay ? "day" : "minute";
    },
    /** The refusal for a use that was not taken: the limit reached, and when its window ends (never more than a window away). */
    refusal(usage: LimitUsage | undefined): Extract<RateLimitResult, { ok: false }> {
      const limit = this.reached(usage);
      const ends = usage?.find((window) => window.span === limit)?.ends ?? nowMs + WINDOW_MS[limit];
      const seconds = Math.ceil((ends - nowMs) / 1000);
      return { ok: false, limit, retryAfterSeconds: Math.min(WINDOW_MS[limit] / 1000, Math.max(1, seconds)) };
    },
  };
}

/**
 * Takes one use of a limited action for a client, unless it has reached a limit, in one round trip.
 * The public API asks this before it reads anything, so a refused client costs two keyed rows.
 */
export async function takeRateLimit(
  db: D1Database,
  hit: { client: string; action: LimitedAction },
  now = new Date(),
): Promise<RateLimitResult> {
  const statements = limitedHit(hit, now);
  const [, , taken, , usage] = await batch(db, [
    statements.open,
    statements.take,
    useTaken,
    statements.sweep,
    statements.usage,
  ]);
  if (taken[0]?.taken) return { ok: true };
  return statements.refusal(usage);
}
