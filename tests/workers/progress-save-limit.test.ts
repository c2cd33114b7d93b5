import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { emptyProgress, type Progress } from "~/lib/progress/record";
import { PROGRESS_SAVE_LIMITS } from "~/lib/progress/set-back";
import { countRows, type Reader, signIn, usesToday } from "../support/readers";

/* The limit on how often one account saves its progress (decision 59), through POST /resources/progress. */

const MINUTE = 60_000;
const DAY = 86_400_000;

const record = (overrides: Partial<Progress>): Progress => ({
  ...emptyProgress,
  ...overrides,
  updatedAt: new Date().toISOString(),
});

const save = (reader: Reader, progress: Progress) =>
  reader.fetch("/resources/progress", {
    method: "POST",
    body: JSON.stringify({ progress, revision: null, setBack: [] }),
    headers: { "Content-Type": "application/json" },
  });

/** The account's record as stored, and its revision. */
const stored = (uid: string) =>
  env.DB.prepare(`SELECT progress, revision FROM reading_progress WHERE uid = ?1`)
    .bind(uid)
    .first<{ progress: string; revision: number }>();

/** Sets an account's windows as if it had saved `minute` times this minute and `day` times today. */
async function usedAlready(uid: string, { minute, day }: { minute: number; day: number }) {
  const now = Date.now();
  const window = env.DB.prepare(
    `INSERT OR REPLACE INTO rate_limit_windows (client, action, span, used, ends) VALUES (?1, 'progress', ?2, ?3, ?4)`,
  );
  await env.DB.batch([window.bind(uid, "minute", minute, now + MINUTE), window.bind(uid, "day", day, now + DAY)]);
}

const statuses = (responses: Response[]) =>
  responses.reduce<Record<number, number>>(
    (count, { status }) => ({ ...count, [status]: (count[status] ?? 0) + 1 }),
    {},
  );

describe("how often an account saves its progress", () => {
  it(`takes ${PROGRESS_SAVE_LIMITS.perMinute} saves a minute, then answers 429 with Retry-After and writes nothing`, async () => {
    const reader = await signIn("progress-limit-minute");
    for (let index = 0; index < PROGRESS_SAVE_LIMITS.perMinute; index++) {
      // Every save counts, one that changes nothing too.
      const response = await save(reader, record({ webNovel: index % 2 ? "wn:1-2" : "wn:1-1" }));
      expect(response.status, `save ${index + 1}`).toBe(200);
    }
    expect(await usesToday(reader.uid, "progress")).toBe(PROGRESS_SAVE_LIMITS.perMinute);
    const before = await stored(reader.uid);
    const history = await countRows("progress_history", reader.uid);

    const over = await save(reader, record({ webNovel: "wn:2-1", anime: "anime:1-1" }));
    expect(over.status).toBe(429);
    expect(over.headers.get("Cache-Control")).toBe("private, no-store");
    const wait = Number(over.headers.get("Retry-After"));
    expect(Number.isInteger(wait)).toBe(true);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(((await over.json()) as { error: { message: string } }).error.message).toBe(
      `This account has saved its progress too often (at most ${PROGRESS_SAVE_LIMITS.perMinute} a minute), so this save was not kept. Send it again in ${wait} seconds.`,
    );
    expect(await stored(reader.uid)).toEqual(before);
    expect(JSON.parse(before!.progress)).toMatchObject({ webNovel: "wn:1-2", anime: null });
    expect(await countRows("progress_history", reader.uid)).toBe(history);
    // A refused save is not counted.
    expect(await usesToday(reader.uid, "progress")).toBe(PROGRESS_SAVE_LIMITS.perMinute);
  });

  it(`takes ${PROGRESS_SAVE_LIMITS.perDay.toLocaleString("en")} saves a day, then waits for the day's end`, async () => {
    const reader = await signIn("progress-limit-day");
    await usedAlready(reader.uid, { minute: 0, day: PROGRESS_SAVE_LIMITS.perDay - 1 });
    expect((await save(reader, record({ webNovel: "wn:1-1" }))).status).toBe(200);
    const over = await save(reader, record({ webNovel: "wn:1-3" }));
    expect(over.status).toBe(429);
    // The day's window was opened about a day ago: its end, not a minute's.
    expect(Number(over.headers.get("Retry-After"))).toBeGreaterThan(60);
    expect(((await over.json()) as { error: { message: string } }).error.message).toContain(
      `at most ${PROGRESS_SAVE_LIMITS.perDay.toLocaleString("en")} a day`,
    );
    expect(JSON.parse((await stored(reader.uid))!.progress)).toMatchObject({ webNovel: "wn:1-1" });
    expect(await countRows("progress_history", reader.uid)).toBe(1);
  });

  it("counts each account on its own: another account saves while one is over its limit", async () => {
    const busy = await signIn("progress-limit-busy");
    const quiet = await signIn("progress-limit-quiet");
    await usedAlready(busy.uid, { minute: PROGRESS_SAVE_LIMITS.perMinute, day: PROGRESS_SAVE_LIMITS.perMinute });
    expect((await save(busy, record({ webNovel: "wn:1-2" }))).status).toBe(429);
    expect(await countRows("reading_progress", busy.uid)).toBe(0);
    expect(await countRows("progress_history", busy.uid)).toBe(0);

    const answer = await save(quiet, record({ webNovel: "wn:1-2" }));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ ok: true, saved: { webNovel: "wn:1-2" }, revision: 1 });
    expect(await usesToday(quiet.uid, "progress")).toBe(1);
    expect(await usesToday(busy.uid, "progress")).toBe(PROGRESS_SAVE_LIMITS.perMinute);
  });

  it("lets no more saves through than the limit when they arrive at once", async () => {
    const reader = await signIn("progress-limit-at-once");
    const extra = 10;
    const responses = await Promise.all(
      Array.from({ length: PROGRESS_SAVE_LIMITS.perMinute + extra }, () =>
        save(reader, record({ webNovel: "wn:1-3" })),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: PROGRESS_SAVE_LIMITS.perMinute, 429: extra });
    for (const response of responses.filter(({ status }) => status === 429))
      expect(Number(response.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(await usesToday(reader.uid, "progress")).toBe(PROGRESS_SAVE_LIMITS.perMinute);
    // The same record from every save: written once.
    expect(await stored(reader.uid)).toMatchObject({ revision: 1 });
    expect(await countRows("progress_history", reader.uid)).toBe(1);
  });

  it("answers a save that lost to other saves of the account every time with 503 and when to send it again", async () => {
    const reader = await signIn("progress-always-beaten");
    expect((await save(reader, record({ webNovel: "wn:1-2" }))).status).toBe(200);
    // Every write of this account's record comes to nothing, as when other saves always write first.
    await env.DB.prepare(
      `CREATE TRIGGER always_beaten BEFORE UPDATE ON reading_progress WHEN OLD.uid = 'progress-always-beaten'
       BEGIN SELECT RAISE(IGNORE); END`,
    ).run();
    try {
      const beaten = await save(reader, record({ webNovel: "wn:1-3" }));
      expect(beaten.status).toBe(503);
      expect(beaten.headers.get("Retry-After")).toBe("1");
      expect(beaten.headers.get("Cache-Control")).toContain("no-store");
      expect(await beaten.json()).toMatchObject({
        error: { message: expect.stringMatching(/several places at once/) },
      });
    } finally {
      await env.DB.prepare(`DROP TRIGGER always_beaten`).run();
    }
    // Sent again, it goes in. Each send took one use of the limit, however often it was tried.
    expect((await save(reader, record({ webNovel: "wn:1-3" }))).status).toBe(200);
    expect(await stored(reader.uid)).toMatchObject({ revision: 2 });
    expect(await usesToday(reader.uid, "progress")).toBe(3);
  });
});
