import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { REPORT_LIMITS } from "~/lib/forms/report-forms";
import { takeRateLimit } from "~/models/rate-limits.server";
import { usesToday } from "../support/readers";

const MINUTE = 60_000;
const DAY = 86_400_000;

const take = (client: string, at: number | Date) => takeRateLimit(env.DB, { client, action: "report" }, new Date(at));

const windowsOf = async (client: string) =>
  (
    await env.DB.prepare(`SELECT span, used, ends FROM rate_limit_windows WHERE client = ?1 ORDER BY span`)
      .bind(client)
      .all<{ span: string; used: number; ends: number }>()
  ).results;

describe("rate limits in D1", () => {
  it("allows 5 reports a minute and counts only the allowed ones", async () => {
    const now = new Date("2026-03-01T12:00:00Z").getTime();
    for (let index = 0; index < REPORT_LIMITS.perMinute; index++) {
      expect(await take("minute-reader", now + index * 1000)).toEqual({ ok: true });
    }
    // Refused until the minute that the first report opened has passed.
    expect(await take("minute-reader", now + 10_000)).toEqual({ ok: false, limit: "minute", retryAfterSeconds: 50 });
    expect(await usesToday("minute-reader")).toBe(REPORT_LIMITS.perMinute);
    expect(await take("minute-reader", now + MINUTE)).toEqual({ ok: true });
  });

  it("allows 50 reports a day, then refuses until the day opened by the first one has passed", async () => {
    const start = new Date("2026-03-01T00:00:00Z").getTime();
    const twoMinutes = 2 * MINUTE;
    for (let index = 0; index < REPORT_LIMITS.perDay; index++) {
      expect(await take("day-reader", start + index * twoMinutes)).toEqual({ ok: true });
    }
    const later = start + REPORT_LIMITS.perDay * twoMinutes;
    expect(await take("day-reader", later)).toEqual({
      ok: false,
      limit: "day",
      retryAfterSeconds: (start + DAY - later) / 1000,
    });
    expect(await take("day-reader", start + DAY)).toEqual({ ok: true });
    // A new day's window, opened by that report.
    expect(await windowsOf("day-reader")).toEqual([
      { span: "day", used: 1, ends: start + 2 * DAY },
      { span: "minute", used: 1, ends: start + DAY + MINUTE },
    ]);
  });

  it("names the day when both limits are reached, with the day's wait, and never asks to wait longer than a window", async () => {
    const start = new Date("2026-03-06T00:00:00Z").getTime();
    for (let index = 0; index < REPORT_LIMITS.perDay - REPORT_LIMITS.perMinute; index++)
      await take("full-day-reader", start + index * 2 * MINUTE);
    const last = start + 3 * 3_600_000;
    for (let index = 0; index < REPORT_LIMITS.perMinute; index++) await take("full-day-reader", last);
    expect(await take("full-day-reader", last + 1000)).toEqual({
      ok: false,
      limit: "day",
      retryAfterSeconds: (start + DAY - last - 1000) / 1000,
    });
    // A request stamped before the window opened (another isolate's clock) still waits one window at most.
    const opened = new Date("2026-03-07T00:01:00Z").getTime();
    for (let index = 0; index < REPORT_LIMITS.perMinute; index++) await take("early-clock-reader", opened);
    expect(await take("early-clock-reader", opened - 5000)).toEqual({
      ok: false,
      limit: "minute",
      retryAfterSeconds: 60,
    });
  });

  it("counts each reader on their own", async () => {
    const now = new Date("2026-03-02T12:00:00Z");
    for (let index = 0; index < REPORT_LIMITS.perMinute; index++) await take("busy-reader", now);
    expect(await take("busy-reader", now)).toMatchObject({ ok: false, limit: "minute" });
    expect(await take("quiet-reader", now)).toEqual({ ok: true });
  });

  it("keeps two rows per client however much it has used, counting only the uses it allows", async () => {
    const start = new Date("2026-03-03T00:00:00Z").getTime();
    // 7 tries a minute (5 allowed) for 8 minutes: the day's window counts the allowed ones in one row.
    for (let minute = 0; minute < 8; minute++) {
      for (let index = 0; index < REPORT_LIMITS.perMinute + 2; index++)
        await take("steady-reader", start + minute * MINUTE);
    }
    const windows = await windowsOf("steady-reader");
    expect(windows).toHaveLength(2);
    expect(windows.find((window) => window.span === "day")?.used).toBe(8 * REPORT_LIMITS.perMinute);
  });

  it("sweeps windows that have ended, anyone's, oldest first, a few per take", async () => {
    const now = new Date("2026-03-05T12:00:00Z").getTime();
    await env.DB.prepare(`DELETE FROM rate_limit_windows WHERE ends <= ?1`).bind(now).run();
    const gone = Array.from({ length: 40 }, (_, index) =>
      env.DB.prepare(
        `INSERT INTO rate_limit_windows (client, action, span, used, ends) VALUES (?1, 'api', 'day', 3, ?2)`,
      ).bind(`ip:198.51.100.${index}`, now - DAY + index * 1000),
    );
    await env.DB.batch(gone);
    const ended = async () =>
      (
        await env.DB.prepare(`SELECT client FROM rate_limit_windows WHERE ends <= ?1 ORDER BY ends`)
          .bind(now)
          .all<{ client: string }>()
      ).results.map((row) => row.client);
    await take("sweeping-reader", now);
    const left = await ended();
    expect(left.length).toBeLessThan(40);
    expect(left.length).toBeGreaterThan(0);
    expect(left[0]).toBe(`ip:198.51.100.${40 - left.length}`);
    for (let index = 0; index < 3; index++) await take("sweeping-reader", now + index);
    expect(await ended()).toEqual([]);
  });
});
