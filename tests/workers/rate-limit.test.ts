import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { REPORT_LIMITS } from "~/lib/forms/report-forms";
import { takeRateLimit } from "~/models/rate-limits.server";

const hitsOf = async (uid: string) =>
  (
    await env.DB.prepare(`SELECT at FROM rate_limit_hits WHERE uid = ?1 ORDER BY at`).bind(uid).all<{ at: number }>()
  ).results.map((row) => row.at);

describe("rate limits in D1", () => {
  it("allows 5 reports a minute and counts only the allowed ones", async () => {
    const now = new Date("2026-03-01T12:00:00Z");
    for (let index = 0; index < REPORT_LIMITS.perMinute; index++) {
      expect(await takeRateLimit(env.DB, { uid: "minute-reader", action: "report" }, now)).toEqual({ ok: true });
    }
    // Refused, until the oldest of the minute's hits is a minute old.
    expect(await takeRateLimit(env.DB, { uid: "minute-reader", action: "report" }, now)).toEqual({
      ok: false,
      limit: "minute",
      retryAfterSeconds: 60,
    });
    expect(await hitsOf("minute-reader")).toHaveLength(REPORT_LIMITS.perMinute);
    // A minute later the reader may send again.
    expect(
      await takeRateLimit(env.DB, { uid: "minute-reader", action: "report" }, new Date(now.getTime() + 60_000)),
    ).toEqual({ ok: true });
  });

  it("allows 50 reports a day, then refuses until a day has passed, and forgets hits older than a day", async () => {
    const start = new Date("2026-03-01T00:00:00Z").getTime();
    const twoMinutes = 120_000;
    for (let index = 0; index < REPORT_LIMITS.perDay; index++) {
      expect(
        await takeRateLimit(env.DB, { uid: "day-reader", action: "report" }, new Date(start + index * twoMinutes)),
      ).toEqual({ ok: true });
    }
    const later = start + REPORT_LIMITS.perDay * twoMinutes;
    const untilTheFirstHitIsADayOld = (start + 86_400_000 - later) / 1000;
    expect(await takeRateLimit(env.DB, { uid: "day-reader", action: "report" }, new Date(later))).toEqual({
      ok: false,
      limit: "day",
      retryAfterSeconds: untilTheFirstHitIsADayOld,
    });

    const nextDay = start + 86_400_000 + 1;
    expect(await takeRateLimit(env.DB, { uid: "day-reader", action: "report" }, new Date(nextDay))).toEqual({
      ok: true,
    });
    // The first hit fell out of the window and was dropped; the others still count.
    const hits = await hitsOf("day-reader");
    expect(hits).toHaveLength(REPORT_LIMITS.perDay);
    expect(hits[0]).toBe(start + twoMinutes);
  });

  it("counts each reader on their own", async () => {
    const now = new Date("2026-03-02T12:00:00Z");
    for (let index = 0; index < REPORT_LIMITS.perMinute; index++)
      await takeRateLimit(env.DB, { uid: "busy-reader", action: "report" }, now);
    expect(await takeRateLimit(env.DB, { uid: "busy-reader", action: "report" }, now)).toMatchObject({
      ok: false,
      limit: "minute",
    });
    expect(await takeRateLimit(env.DB, { uid: "quiet-reader", action: "report" }, now)).toEqual({ ok: true });
  });
});
