import { accounts } from "../support/account-standin";
import {
  callAsReader as call,
  emulatorBindings as emulator,
  emulatorToken,
  form,
  readerCookie as signIn,
  usesToday,
} from "../support/readers";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { emptyProgress, type Progress } from "~/lib/progress/record";
import { REPORT_LIMITS } from "~/lib/forms/report-forms";
import { MAX_SESSIONS_PER_READER } from "~/models/sessions.server";
import { countRoundTrips, roundTrips } from "~/server/d1-round-trips.server";
import { takeRateLimit } from "~/models/rate-limits.server";
import { action as logoutAction } from "~/routes/auth.logout";
import { action as sessionAction } from "~/routes/auth.session";
import { action as formAction, loader as formLoader } from "~/routes/feedback-hub.form";
import { loader as hubLoader } from "~/routes/feedback-hub._index";
import { loader as loginLoader } from "~/routes/login";
import { action as triageAction, loader as triageLoader } from "~/routes/feedback-hub.triage";
import { decideReport, type TriageDecision } from "~/models/report-decisions.server";
import { action as progressAction, loader as progressLoader } from "~/routes/resources.progress";
import { present, settle } from "../support/workers-context";
import { siteOrigin } from "../support/site";

/*
 * Data integrity under concurrency and sessions that can be closed, against real D1 in workerd.
 * Concurrent requests are real ones in flight together (Promise.all), as two tabs or two moderators.
 */

/** Posts a token to /auth/session as the browser does; the session cookie it answers with, or the status. */
async function postToken(token: string, cookie?: string) {
  const result = await call(sessionAction, "/auth/session", { method: "POST", cookie, body: form({ idToken: token }) });
  const setCookie = result.headers.get("Set-Cookie");
  return { status: result.status, cookie: setCookie ? setCookie.split(";")[0]! : null };
}

const feature = { title: "Dark timeline", idea: "Show dates on a timeline", problem: "Hard to follow" };
const lnReport = {
  volume: "ln:main-2",
  chapter: "1",
  location: "p. 31",
  official: "Oh, you.",
  suggested: "You absolute fool.",
  why: "Softened.",
};
const animeReport = {
  episode: "anime:1-2",
  timestamp: "1:23",
  platform: "Netflix",
  track: "subtitles",
  official: "Go.",
  suggested: "Run.",
  why: "Tone.",
};

function sendReport(cookie: string, slug: string, values: Record<string, string>, bindings = {}) {
  return call(formAction, `/feedback_hub/${slug}`, {
    method: "POST",
    cookie,
    params: { form: slug },
    body: form(values),
    bindings,
  });
}

const count = async (sql: string, ...params: unknown[]) =>
  present(
    await env.DB.prepare(sql)
      .bind(...params)
      .first<{ n: number }>(),
    "count",
  ).n;

describe("rate limit under concurrency (defect 3)", () => {
  it("lets exactly 5 of 40 reports sent at once through, each stored once", async () => {
    const cookie = await signIn("burst-reader");
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        sendReport(cookie, "suggest_feature", { submissionId: crypto.randomUUID(), ...feature }),
      ),
    );
    expect(results.filter((result) => result.status === 302)).toHaveLength(REPORT_LIMITS.perMinute);
    expect(results.filter((result) => result.status === 429)).toHaveLength(40 - REPORT_LIMITS.perMinute);
    expect(await count(`SELECT COUNT(*) AS n FROM reports WHERE uid = ?1`, "burst-reader")).toBe(
      REPORT_LIMITS.perMinute,
    );
    expect(
      await count(
        `SELECT COUNT(*) AS n FROM report_history h JOIN reports r ON r.id = h.report_id WHERE r.uid = ?1`,
        "burst-reader",
      ),
    ).toBe(REPORT_LIMITS.perMinute);
    expect(await usesToday("burst-reader")).toBe(REPORT_LIMITS.perMinute);
  });

  it("holds the minute and the day limit for takes at the same moment", async () => {
    const now = new Date("2026-04-01T12:00:00Z");
    const minute = await Promise.all(
      Array.from({ length: 30 }, () => takeRateLimit(env.DB, { client: "burst-minute", action: "report" }, now)),
    );
    expect(minute.filter((result) => result.ok)).toHaveLength(REPORT_LIMITS.perMinute);
    expect(minute.filter((result) => !result.ok).every((result) => !result.ok && result.limit === "minute")).toBe(true);

    // 48 uses over the day so far (its window opened ten hours ago), then 10 at once: only 2 more fit.
    const opened = now.getTime() - 36_000_000;
    for (let index = 0; index < REPORT_LIMITS.perDay - 2; index++) {
      await takeRateLimit(env.DB, { client: "burst-day", action: "report" }, new Date(opened + index * 120_000));
    }
    const day = await Promise.all(
      Array.from({ length: 10 }, () => takeRateLimit(env.DB, { client: "burst-day", action: "report" }, now)),
    );
    expect(day.filter((result) => result.ok)).toHaveLength(2);
    // Refused until the day's window, opened by its first use, ends.
    expect(day.find((result) => !result.ok)).toEqual({
      ok: false,
      limit: "day",
      retryAfterSeconds: 14 * 3600,
    });
    expect(await usesToday("burst-day")).toBe(REPORT_LIMITS.perDay);
  });

  it("stores a report in two D1 round trips: the session check and one batch", async () => {
    const cookie = await signIn("thrifty-reader");
    const db = countRoundTrips(env.DB);
    const result = await sendReport(
      cookie,
      "report_ln_mistl",
      { submissionId: crypto.randomUUID(), ...lnReport },
      { DB: db },
    );
    expect(result.status).toBe(302);
    expect(roundTrips(db)).toBe(2);
  });
});

describe("submission ids (defect 9) and the medium of a named unit (defect 7)", () => {
  it("refuses a submission id that is not a real UUID", async () => {
    const cookie = await signIn("fake-id-reader");
    for (const submissionId of [
      "------------------------------------",
      "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "11111111-2222-3333-4444-555555555555",
    ]) {
      const result = await sendReport(cookie, "suggest_feature", { submissionId, ...feature });
      expect(result.status).toBe(400);
      expect(result.data?.error.fields?.form).toMatch(/expired/);
    }
    expect(await count(`SELECT COUNT(*) AS n FROM reports WHERE uid = ?1`, "fake-id-reader")).toBe(0);
  });

  it("scopes a submission id to its reader: two readers with one id store two reports", async () => {
    const submissionId = crypto.randomUUID();
    const first = await signIn("scoped-a");
    const second = await signIn("scoped-b");
    expect((await sendReport(first, "suggest_feature", { submissionId, ...feature, title: "From A" })).status).toBe(
      302,
    );
    expect((await sendReport(second, "suggest_feature", { submissionId, ...feature, title: "From B" })).status).toBe(
      302,
    );
    const titles = async (cookie: string) =>
      present((await call(hubLoader, "/feedback_hub", { cookie })).data).reports.map((report) => report.title);
    expect(await titles(first)).toEqual(["From A"]);
    expect(await titles(second)).toEqual(["From B"]);
  });

  it("refuses a light novel report naming an episode, and an anime report naming a volume", async () => {
    const cookie = await signIn("medium-reader");
    const wrongVolume = await sendReport(cookie, "report_ln_mistl", {
      submissionId: crypto.randomUUID(),
      ...lnReport,
      volume: "anime:1-1",
    });
    expect(wrongVolume.status).toBe(400);
    expect(wrongVolume.data?.error.fields).toEqual({ volume: "Choose a volume from the list." });
    expect(wrongVolume.data?.values.official).toBe("Oh, you.");
    const wrongEpisode = await sendReport(cookie, "report_anime_mistl", {
      submissionId: crypto.randomUUID(),
      ...animeReport,
      episode: "ln:main-1",
    });
    expect(wrongEpisode.data?.error.fields).toEqual({
      episode: "Choose an episode, OVA, special or film from the list.",
    });
    expect(await count(`SELECT COUNT(*) AS n FROM reports WHERE uid = ?1`, "medium-reader")).toBe(0);
    expect(await usesToday("medium-reader")).toBe(0);
  });

  it("offers the platforms the pack lists for its anime and Other, and files an anime report only with one of them", async () => {
    const cookie = await signIn("platform-reader");
    const opened = present(
      (await call(formLoader, "/feedback_hub/report_anime_mistl", { cookie, params: { form: "report_anime_mistl" } }))
        .data,
    );
    // The tiny pack lists StreamCo and Netflix.
    expect(opened.choices.platforms.map((choice) => choice.value)).toEqual(["StreamCo", "Netflix", "Other"]);
    const refused = await sendReport(cookie, "report_anime_mistl", {
      submissionId: crypto.randomUUID(),
      ...animeReport,
      platform: "Some site",
    });
    expect(refused.status).toBe(400);
    expect(refused.data?.error.fields).toEqual({ platform: "Choose a platform from the list." });
    expect(refused.data?.values.suggested).toBe("Run.");
    expect(await count(`SELECT COUNT(*) AS n FROM reports WHERE uid = ?1`, "platform-reader")).toBe(0);
    expect(await usesToday("platform-reader")).toBe(0);
    for (const platform of ["StreamCo", "Other"])
      expect(
        (
          await sendReport(cookie, "report_anime_mistl", {
            submissionId: crypto.randomUUID(),
            ...animeReport,
            platform,
          })
        ).status,
      ).toBe(302);
    expect(await count(`SELECT COUNT(*) AS n FROM reports WHERE uid = ?1`, "platform-reader")).toBe(2);
  });

  it("refuses a timestamp past the end of its episode, next to the field, keeping the report's words", async () => {
    const cookie = await signIn("runtime-reader");
    // Episode 2 runs its season's usual 24 minutes; the whole check is in the batch that files a report.
    const db = countRoundTrips(env.DB);
    const refused = await sendReport(
      cookie,
      "report_anime_mistl",
      { submissionId: crypto.randomUUID(), ...animeReport, timestamp: "59:59" },
      { DB: db },
    );
    expect(refused.status).toBe(400);
    expect(refused.data?.error.fields).toEqual({
      timestamp: "Season 1 · Episode 2 runs about 24 minutes: give a time within it.",
    });
    expect(refused.data?.values).toMatchObject({
      timestamp: "59:59",
      official: "Go.",
      suggested: "Run.",
      why: "Tone.",
    });
    expect(roundTrips(db)).toBe(2);
    expect(await count(`SELECT COUNT(*) AS n FROM reports WHERE uid = ?1`, "runtime-reader")).toBe(0);
    expect(await usesToday("runtime-reader")).toBe(0);

    for (const [episode, timestamp] of [
      // A file a little longer than the usual runtime: within the margin.
      ["anime:1-2", "26:00"],
      // Episode 1 is a 48-minute premiere: its own runtime, not its season's.
      ["anime:1-1", "40:00"],
    ] as const)
      expect(
        (
          await sendReport(cookie, "report_anime_mistl", {
            submissionId: crypto.randomUUID(),
            ...animeReport,
            episode,
            timestamp,
          })
        ).status,
        `${episode} at ${timestamp}`,
      ).toBe(302);
    expect(await count(`SELECT COUNT(*) AS n FROM reports WHERE uid = ?1`, "runtime-reader")).toBe(2);
  });

  it("refuses a recut's episode that adds no scene, sent by hand: its lines are noted on the season's episodes", async () => {
    const cookie = await signIn("offered-reader");
    // A recut's lines are noted on the season's own episodes (decision 45); the form lists only the recut
    // episodes that add a scene (decision 85), which the tiny pack's first does not.
    const recut = await sendReport(cookie, "report_anime_mistl", {
      submissionId: crypto.randomUUID(),
      ...animeReport,
      episode: "anime:1r1-1",
    });
    expect(recut.status).toBe(400);
    expect(recut.data?.error.fields).toEqual({ episode: "Choose an episode, OVA, special or film from the list." });
    expect(recut.data?.values.suggested).toBe("Run.");
    expect(await count(`SELECT COUNT(*) AS n FROM reports WHERE uid = ?1`, "offered-reader")).toBe(0);
  });
});

async function storedReportId(uid: string) {
  return present(
    await env.DB.prepare(`SELECT id FROM reports WHERE uid = ?1 ORDER BY created_at DESC LIMIT 1`)
      .bind(uid)
      .first<{ id: string }>(),
    "report",
  ).id;
}

/** A decision as the triage form sends it: by default made on the report as it was sent (open). */
function decide(cookie: string, values: Record<string, string>) {
  return call(triageAction, "/feedback_hub/triage", {
    method: "POST",
    cookie,
    body: form({ from: "open", ...values }),
  });
}

describe("triage decisions (defects 7, 9 and 10)", () => {
  it("two moderators accepting one report at once publish it once, with one history row", async () => {
    const reporter = await signIn("race-reporter");
    expect(
      (await sendReport(reporter, "report_anime_mistl", { submissionId: crypto.randomUUID(), ...animeReport })).status,
    ).toBe(302);
    const reportId = await storedReportId("race-reporter");
    const moderators = await Promise.all(
      ["race-mod-1", "race-mod-2", "race-mod-3"].map((uid) => signIn(uid, { admin: true })),
    );
    const results = await Promise.all(
      moderators.flatMap((cookie) =>
        [1, 2, 3].map(() =>
          decide(cookie, {
            reportId,
            status: "accepted",
            note: "Confirmed.",
            category: "mistranslation",
            severity: "minor",
          }),
        ),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(results.map(() => 302));
    expect(
      await count(`SELECT COUNT(*) AS n FROM report_history WHERE report_id = ?1 AND status = 'accepted'`, reportId),
    ).toBe(1);
    expect(await count(`SELECT COUNT(*) AS n FROM anime_mistakes WHERE id = ?1`, `report-${reportId}`)).toBe(1);
    const mine = present((await call(hubLoader, "/feedback_hub", { cookie: reporter })).data).reports[0];
    expect(mine).toMatchObject({ status: "accepted", publishedEntry: `report-${reportId}` });
    expect(mine?.history.map((entry) => entry.status)).toEqual(["open", "accepted"]);
  });

  it("publishes reports whose submission ids share their first characters as distinct entries", async () => {
    const moderator = await signIn("prefix-mod", { admin: true });
    const ids: string[] = [];
    for (const [uid, suffix] of [
      ["prefix-a", "1"],
      ["prefix-b", "2"],
    ] as const) {
      const cookie = await signIn(uid);
      const submissionId = `abcdef12-0000-4000-8000-00000000000${suffix}`;
      expect(
        (await sendReport(cookie, "report_ln_mistl", { submissionId, ...lnReport, suggested: `Fix ${suffix}` })).status,
      ).toBe(302);
      ids.push(await storedReportId(uid));
    }
    for (const reportId of ids)
      expect(
        (await decide(moderator, { reportId, status: "accepted", note: "", category: "typo", severity: "minor" }))
          .status,
      ).toBe(302);
    const entries = await env.DB.prepare(
      `SELECT suggested FROM ln_mistakes WHERE source = 'report' AND id IN (?1, ?2) ORDER BY suggested`,
    )
      .bind(...ids.map((id) => `report-${id}`))
      .all<{ suggested: string }>();
    expect(entries.results.map((entry) => entry.suggested)).toEqual(["Fix 1", "Fix 2"]);
  });

  it("accepting a stored report that names a unit of the wrong medium does not fail and publishes nothing", async () => {
    const moderator = await signIn("stale-mod", { admin: true });
    const reportId = crypto.randomUUID();
    const at = new Date().toISOString();
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO reports (id, submission_id, uid, kind, title, fields, created_at, updated_at) VALUES (?1, ?1, 'stale-reporter', 'ln_mistl', 'Old', ?2, ?3, ?3)`,
      ).bind(reportId, JSON.stringify({ ...lnReport, volume: "anime:1-1" }), at),
      env.DB.prepare(`INSERT INTO report_history (report_id, at, status) VALUES (?1, ?2, 'open')`).bind(reportId, at),
    ]);
    const result = await decide(moderator, {
      reportId,
      status: "accepted",
      note: "Noted.",
      category: "typo",
      severity: "minor",
    });
    expect(result.status).toBe(302);
    const stored = present(
      await env.DB.prepare(`SELECT status, published_entry FROM reports WHERE id = ?1`)
        .bind(reportId)
        .first<{ status: string; published_entry: string | null }>(),
    );
    expect(stored).toEqual({ status: "accepted", published_entry: null });
    expect(await count(`SELECT COUNT(*) AS n FROM ln_mistakes WHERE id = ?1`, `report-${reportId}`)).toBe(0);
  });
});

/** What the reporter, the public pages and the history say about one report. */
async function decisionState(reportId: string, table: "ln_mistakes" | "anime_mistakes") {
  const report = present(
    await env.DB.prepare(`SELECT status, published_entry FROM reports WHERE id = ?1`)
      .bind(reportId)
      .first<{ status: string; published_entry: string | null }>(),
  );
  const entries = await count(`SELECT COUNT(*) AS n FROM ${table} WHERE id = ?1`, `report-${reportId}`);
  const history = await env.DB.prepare(`SELECT status FROM report_history WHERE report_id = ?1 ORDER BY id`)
    .bind(reportId)
    .all<{ status: string }>();
  return { ...report, entries, history: history.results.map((row) => row.status) };
}

/** The report's status and the public page agree, and history holds one row per change of it. */
function expectConsistent(state: Awaited<ReturnType<typeof decisionState>>) {
  const accepted = state.status === "accepted";
  expect({ entries: state.entries, published: state.published_entry !== null }).toEqual({
    entries: accepted ? 1 : 0,
    published: accepted,
  });
  expect(state.history.at(-1)).toBe(state.status);
  for (let i = 1; i < state.history.length; i++) expect(state.history[i]).not.toBe(state.history[i - 1]);
}

describe("triage decisions and what the public pages show", () => {
  async function freshReport(uid: string, slug: "report_ln_mistl" | "report_anime_mistl" = "report_anime_mistl") {
    const reporter = await signIn(uid);
    expect(
      (
        await sendReport(reporter, slug, {
          submissionId: crypto.randomUUID(),
          ...(slug === "report_ln_mistl" ? lnReport : animeReport),
        })
      ).status,
    ).toBe(302);
    return storedReportId(uid);
  }
  const filing = { note: "", category: "mistranslation", severity: "minor" };

  it("declining or marking otherwise an accepted report takes its entry down; accepting it again puts it back", async () => {
    const moderator = await signIn("unpublish-mod", { admin: true });
    const reportId = await freshReport("unpublish-reporter", "report_ln_mistl");
    const original = await freshReport("unpublish-first-reporter", "report_ln_mistl");
    expect((await decide(moderator, { reportId, from: "open", status: "accepted", ...filing })).status).toBe(302);
    expect(await decisionState(reportId, "ln_mistakes")).toMatchObject({ status: "accepted", entries: 1 });
    expect((await decide(moderator, { reportId, from: "accepted", status: "declined", ...filing })).status).toBe(302);
    const declined = await decisionState(reportId, "ln_mistakes");
    expect(declined).toEqual({
      status: "declined",
      published_entry: null,
      entries: 0,
      history: ["open", "accepted", "declined"],
    });
    const search = await env.DB.prepare(
      `SELECT COUNT(*) AS n FROM ln_mistake_index WHERE ln_mistake_index MATCH '"absolute"'`,
    ).first<{ n: number }>();
    expect(search?.n).toBe(0);
    for (const [from, status] of [
      ["declined", "accepted"],
      ["accepted", "done"],
      ["done", "accepted"],
      ["accepted", "duplicate"],
      ["duplicate", "under_review"],
    ] as const) {
      const extra: Record<string, string> = status === "duplicate" ? { duplicateOf: original } : {};
      expect((await decide(moderator, { reportId, from, status, ...filing, ...extra })).status).toBe(302);
      expectConsistent(await decisionState(reportId, "ln_mistakes"));
    }
    expect((await decisionState(reportId, "ln_mistakes")).history).toEqual([
      "open",
      "accepted",
      "declined",
      "accepted",
      "done",
      "accepted",
      "duplicate",
      "under_review",
    ]);
  });

  it("marks a report a duplicate only of another report that exists, and says so beside the field", async () => {
    const moderator = await signIn("duplicate-mod", { admin: true });
    const reportId = await freshReport("duplicate-reporter", "report_ln_mistl");
    for (const duplicateOf of [reportId, "no-such-report"]) {
      const response = await decide(moderator, { reportId, from: "open", status: "duplicate", ...filing, duplicateOf });
      expect(response.status).toBe(400);
      expect(response.data).toMatchObject({
        error: { fields: { duplicateOf: expect.stringContaining("no other report has this one") } },
        values: { duplicateOf },
      });
      expect(await decisionState(reportId, "ln_mistakes")).toMatchObject({ status: "open", history: ["open"] });
    }
    const original = await freshReport("duplicate-first-reporter", "report_ln_mistl");
    const marked = await decide(moderator, {
      reportId,
      from: "open",
      status: "duplicate",
      ...filing,
      duplicateOf: original,
    });
    expect(marked.status).toBe(302);
    expect(await decisionState(reportId, "ln_mistakes")).toMatchObject({ status: "duplicate" });

    // The original back as a duplicate of its own duplicate would leave neither open: refused beside the
    // field, the report as it was. So is any report marked a duplicate of one that is a duplicate itself.
    for (const [id, of] of [
      [original, reportId],
      [await freshReport("duplicate-third-reporter", "report_ln_mistl"), reportId],
    ] as const) {
      const circle = await decide(moderator, {
        reportId: id,
        from: "open",
        status: "duplicate",
        ...filing,
        duplicateOf: of,
      });
      expect(circle.status).toBe(400);
      expect(circle.data).toMatchObject({
        error: { fields: { duplicateOf: expect.stringContaining("is a duplicate itself") } },
        values: { duplicateOf: of },
      });
      expect(await decisionState(id, "ln_mistakes")).toMatchObject({ status: "open", history: ["open"] });
    }
  });

  it("a report deleted while it is named the original is answered as gone, not as a duplicate itself", async () => {
    const reportId = await freshReport("gone-original-duplicate", "report_ln_mistl");
    const original = await freshReport("gone-original-first", "report_ln_mistl");
    // The original's account is deleted between the decision's read and its write.
    let batches = 0;
    const db = new Proxy(env.DB, {
      get(target, name) {
        if (name !== "batch") return Reflect.get(target, name).bind(target);
        return async (statements: D1PreparedStatement[]) => {
          if (++batches === 2) await target.prepare("DELETE FROM reports WHERE id = ?").bind(original).run();
          return target.batch(statements);
        };
      },
    });
    const decision = {
      reportId,
      from: "open",
      status: "duplicate",
      duplicateOf: original,
      moderatorName: "A moderator",
    };
    expect(await decideReport(db, { ...decision, ...filing } as TriageDecision)).toEqual({
      decided: false,
      reason: "no-original",
    });
    expect(await decisionState(reportId, "ln_mistakes")).toMatchObject({ status: "open", history: ["open"] });
  });

  it("of two moderators marking two reports duplicates of each other at once, one decision stands", async () => {
    const [first, second] = await Promise.all([
      signIn("circle-mod-1", { admin: true }),
      signIn("circle-mod-2", { admin: true }),
    ]);
    const a = await freshReport("circle-reporter-a", "report_ln_mistl");
    const b = await freshReport("circle-reporter-b", "report_ln_mistl");
    const answers = await Promise.all([
      decide(first, { reportId: a, from: "open", status: "duplicate", ...filing, duplicateOf: b }),
      decide(second, { reportId: b, from: "open", status: "duplicate", ...filing, duplicateOf: a }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 400]);
    const states = [await decisionState(a, "ln_mistakes"), await decisionState(b, "ln_mistakes")];
    expect(states.map((state) => state.status).sort()).toEqual(["duplicate", "open"]);
  });

  it("migration 0014 takes down entries that stayed published after their report was declined", async () => {
    const moderator = await signIn("repair-mod", { admin: true });
    const kept = await freshReport("repair-kept", "report_ln_mistl");
    const stale = await freshReport("repair-stale", "report_ln_mistl");
    for (const reportId of [kept, stale])
      expect((await decide(moderator, { reportId, from: "open", status: "accepted", ...filing })).status).toBe(302);
    // What the code before this fix left behind: declined, still published.
    await env.DB.prepare(`UPDATE reports SET status = 'declined' WHERE id = ?1`).bind(stale).run();
    const migration = present(
      env.TEST_MIGRATIONS.find((each) => each.name.startsWith("0014_")),
      "migration 0014",
    );
    await env.DB.batch(migration.queries.map((query) => env.DB.prepare(query)));
    expect(await decisionState(stale, "ln_mistakes")).toMatchObject({
      status: "declined",
      published_entry: null,
      entries: 0,
    });
    expect(await decisionState(kept, "ln_mistakes")).toMatchObject({
      status: "accepted",
      published_entry: `report-${kept}`,
      entries: 1,
    });
  });

  it("a decision made on a stale view changes nothing and says so with 409", async () => {
    const moderator = await signIn("stale-view-mod", { admin: true });
    const reportId = await freshReport("stale-view-reporter");
    expect((await decide(moderator, { reportId, from: "open", status: "declined", ...filing })).status).toBe(302);
    // A second moderator still sees it open and accepts it.
    const stale = await decide(moderator, { reportId, from: "open", status: "accepted", ...filing });
    expect(stale.status).toBe(409);
    expect(stale.data).toMatchObject({ error: { fields: { form: expect.stringContaining("is now declined") } } });
    expect(await decisionState(reportId, "anime_mistakes")).toEqual({
      status: "declined",
      published_entry: null,
      entries: 0,
      history: ["open", "declined"],
    });
    // The same decision sent again is not a conflict: it is already what is stored.
    expect((await decide(moderator, { reportId, from: "open", status: "declined", ...filing })).status).toBe(302);
    expect((await decisionState(reportId, "anime_mistakes")).history).toEqual(["open", "declined"]);
    // A status the form never had is refused, nothing written.
    expect((await decide(moderator, { reportId, from: "published", status: "accepted", ...filing })).status).toBe(400);
    expect(
      (
        await call(triageAction, "/feedback_hub/triage", {
          method: "POST",
          cookie: moderator,
          body: form({ reportId, status: "accepted", ...filing }),
        })
      ).status,
    ).toBe(400);
    expect(await decisionState(reportId, "anime_mistakes")).toMatchObject({
      status: "declined",
      entries: 0,
      history: ["open", "declined"],
    });
  });

  it("accept and decline sent at once, many rounds, always end with the status, the entry and the history agreeing", async () => {
    const moderators = await Promise.all(["both-mod-1", "both-mod-2"].map((uid) => signIn(uid, { admin: true })));
    for (let round = 0; round < 12; round++) {
      const reportId = await freshReport(
        `both-reporter-${round}`,
        round % 2 ? "report_ln_mistl" : "report_anime_mistl",
      );
      const table = round % 2 ? "ln_mistakes" : "anime_mistakes";
      // Half the rounds start from an accepted report, so the decline must take a live entry down.
      const from = round % 3 === 0 ? "accepted" : "open";
      if (from === "accepted")
        expect((await decide(moderators[0]!, { reportId, from: "open", status: "accepted", ...filing })).status).toBe(
          302,
        );
      const decisions = [
        { reportId, from, status: from === "accepted" ? "done" : "accepted", ...filing },
        { reportId, from, status: "declined", ...filing },
        { reportId, from, status: "accepted", ...filing, note: "Yes." },
      ];
      const results = await Promise.all(decisions.map((values, index) => decide(moderators[index % 2]!, values)));
      const state = await decisionState(reportId, table);
      expectConsistent(state);
      // Exactly one of the competing decisions wins; the others are told so and change nothing.
      expect(results.filter((result) => result.status === 302)).toHaveLength(1);
      expect(results.filter((result) => result.status === 409)).toHaveLength(2);
      expect(state.history).toHaveLength(from === "accepted" ? 3 : 2);
    }
  });
});

describe("triage paging and filters (defect 6)", () => {
  it("reaches every report, filtered by kind and status, newest or oldest first", async () => {
    const moderator = await signIn("paging-mod", { admin: true });
    const start = Date.parse("2020-01-01T00:00:00Z");
    const statements = Array.from({ length: 230 }, (_, index) => {
      const at = new Date(start + index * 60_000).toISOString();
      const kind = index % 2 ? "bug" : "content";
      return env.DB.prepare(
        `INSERT INTO reports (id, submission_id, uid, kind, title, fields, status, created_at, updated_at) VALUES (?1, ?1, 'spammer', ?2, ?3, '{}', ?4, ?5, ?5)`,
      ).bind(crypto.randomUUID(), kind, `Paged ${index}`, index === 0 ? "under_review" : "open", at);
    });
    await env.DB.batch(statements);

    const page = async (search: string) =>
      present((await call(triageLoader, `/feedback_hub/triage?${search}`, { cookie: moderator })).data);
    // The oldest report of all, beyond the newest 200, is the first one oldest first.
    const oldest = await page("order=oldest");
    expect(oldest.reports[0]?.title).toBe("Paged 0");
    expect(oldest.reports).toHaveLength(50);
    expect(oldest.matches).toBeGreaterThanOrEqual(230);

    const bugs = await page("kind=bug&order=oldest");
    expect(bugs.reports.every((report) => report.kind === "bug")).toBe(true);
    expect(bugs.reports[0]?.title).toBe("Paged 1");
    const seen = new Set<string>();
    for (let number = 1; number <= bugs.pageCount; number++) {
      for (const report of (await page(`kind=bug&order=oldest&page=${number}`)).reports)
        if (report.uid === "spammer") seen.add(report.title);
    }
    expect(seen.size).toBe(115);

    const reviewing = await page("status=under_review");
    expect(reviewing.reports.map((report) => report.title)).toContain("Paged 0");
    expect(reviewing.reports.every((report) => report.status === "under_review")).toBe(true);
    expect(reviewing.filters).toMatchObject({ status: "under_review", order: "newest", page: 1 });

    // The page a decision comes back to keeps its filters and page.
    const far = await page("kind=content&order=oldest&page=2");
    expect(far.reports[0]?.title).toBe("Paged 100");
  });
});

describe("sessions that can be closed (defect 5)", () => {
  it("a copied cookie stops opening the hub, sending reports and reading progress once the reader signs out", async () => {
    const cookie = await signIn("leaving-reader");
    expect((await call(hubLoader, "/feedback_hub", { cookie })).status).toBe(200);
    expect((await save(cookie, progressAt({ webNovel: "wn:1-2" }))).status).toBe(200);
    expect(await savedProgressFor(cookie)).toMatchObject({ webNovel: "wn:1-2" });
    const out = await call(logoutAction, "/auth/logout", { method: "POST", cookie, body: form({}) });
    expect(out.status).toBe(200);

    // The same cookie, kept by someone else: signed out everywhere that needs a session.
    const hub = await call(hubLoader, "/feedback_hub", { cookie });
    expect(hub.status).toBe(302);
    expect(hub.headers.get("Location")).toBe("/login?redirectTo=%2Ffeedback_hub");
    // The login page counts the reader as the hub does, so it does not send them back (a loop until the
    // browser gave up): it clears the closed session's cookie and says the session ended.
    const login = await call(loginLoader, "/login?redirectTo=%2Ffeedback_hub", { cookie });
    expect(login.status).toBe(200);
    expect(login.data).toMatchObject({ sessionEnded: true, redirectTo: "/feedback_hub" });
    expect(login.headers.get("Set-Cookie")).toMatch(/Max-Age=0/);
    const report = await sendReport(cookie, "suggest_feature", { submissionId: crypto.randomUUID(), ...feature });
    expect(report.headers.get("Location")).toMatch(/^\/login\?/);
    expect(await count(`SELECT COUNT(*) AS n FROM reports WHERE uid = ?1`, "leaving-reader")).toBe(0);
    // Its progress is not read, nor said to be empty.
    await expect(savedProgressFor(cookie)).rejects.toThrow("answered 401");
    expect((await save(cookie, progressAt({ webNovel: "wn:2-2" }))).status).toBe(401);
    expect(await storedProgress("leaving-reader")).toMatchObject({ webNovel: "wn:1-2" });
  });

  it("refuses a missing sign-in token and one too long to be one, each in its own words", async () => {
    const refused = async (idToken: string) => {
      const answer = (await settle(sessionAction, "/auth/session", {
        method: "POST",
        headers: { Origin: siteOrigin },
        body: form({ idToken }),
      })) as Response;
      return { status: answer.status, data: await answer.json() };
    };
    expect(await refused("")).toMatchObject({
      status: 400,
      data: { error: { message: "The sign-in token is missing." } },
    });
    expect(await refused("x".repeat(9000))).toMatchObject({
      status: 400,
      data: { error: { message: "The sign-in token is too long to be one." } },
    });
  });

  it("sets the cookie the service worker reads with the session, for as long, and clears it with it", async () => {
    const signedIn = await call(sessionAction, "/auth/session", {
      method: "POST",
      body: form({ idToken: emulatorToken("marked-reader") }),
    });
    const [session, marker, ...more] = signedIn.headers.getSetCookie();
    expect(more).toEqual([]);
    expect(session).toMatch(/^session=.+HttpOnly/);
    // Readable by scripts (the worker), holding nothing of the session: a few bytes that say it is there.
    expect(marker).toMatch(/^signed-in=[^;]{1,8};/);
    expect(marker).toMatch(/; Path=\/(;|$)/);
    expect(marker).toMatch(/; Secure(;|$)/);
    expect(marker).not.toMatch(/HttpOnly/i);
    const maxAge = (cookie: string) => cookie.match(/Max-Age=(\d+)/)?.[1];
    expect(maxAge(marker!)).toBe(maxAge(session!));

    const cookie = session!.split(";")[0]!;
    const out = await call(logoutAction, "/auth/logout", { method: "POST", cookie, body: form({}) });
    expect(out.headers.getSetCookie().map((set) => set.split("=")[0])).toEqual(["session", "signed-in"]);
    for (const set of out.headers.getSetCookie()) expect(set).toMatch(/Max-Age=0/);
    // A closed session's cookie brought to the sign-in page: both go there too.
    const login = await call(loginLoader, "/login", { cookie });
    expect(login.headers.getSetCookie().map((set) => set.split("=")[0])).toEqual(["session", "signed-in"]);
    for (const set of login.headers.getSetCookie()) expect(set).toMatch(/Max-Age=0/);
  });

  it("the token from a closed session cannot open a new one; a fresh sign-in can", async () => {
    const token = emulatorToken("replaying-reader", {}, 20);
    const cookie = present((await postToken(token)).cookie);
    await call(logoutAction, "/auth/logout", { method: "POST", cookie, body: form({}) });
    expect((await postToken(token)).status).toBe(401);
    // An old token never opens a session, even for a reader who never signed out.
    expect((await postToken(emulatorToken("late-reader", {}, 3600 - 60))).status).toBe(401);
    const again = present((await postToken(emulatorToken("replaying-reader", {}, 0))).cookie);
    expect((await call(hubLoader, "/feedback_hub", { cookie: again })).status).toBe(200);
  });

  it("one fresh token posted ten times keeps only the newest sessions open; the oldest cookies stop working", async () => {
    const token = emulatorToken("repeating-reader");
    const cookies: string[] = [];
    for (let i = 0; i < 10; i++) cookies.push(present((await postToken(token)).cookie));
    expect(await count(`SELECT COUNT(*) AS n FROM sessions WHERE uid = ?1`, "repeating-reader")).toBe(
      MAX_SESSIONS_PER_READER,
    );
    const statuses = await Promise.all(
      cookies.map(async (cookie) => (await call(hubLoader, "/feedback_hub", { cookie })).status),
    );
    expect(statuses).toEqual([
      ...Array(10 - MAX_SESSIONS_PER_READER).fill(302),
      ...Array(MAX_SESSIONS_PER_READER).fill(200),
    ]);
    // A kept session refreshed with a newer token stays one session and keeps working.
    const refreshed = await postToken(emulatorToken("repeating-reader", {}, 0), cookies.at(-1));
    expect(refreshed.status).toBe(200);
    expect(await count(`SELECT COUNT(*) AS n FROM sessions WHERE uid = ?1`, "repeating-reader")).toBe(
      MAX_SESSIONS_PER_READER,
    );
    expect((await call(hubLoader, "/feedback_hub", { cookie: present(refreshed.cookie) })).status).toBe(200);
    // Another reader's sessions are not touched by this reader's limit.
    const other = await signIn("bystander-reader");
    for (let i = 0; i < 3; i++) await postToken(token);
    expect((await call(hubLoader, "/feedback_hub", { cookie: other })).status).toBe(200);
  });

  it("sign-ins sent at once are bounded too: at most the limit of sessions stays open, every answer below 500", async () => {
    const token = emulatorToken("burst-reader");
    const results = await Promise.all(Array.from({ length: 12 }, () => postToken(token)));
    expect(results.map((result) => result.status)).toEqual(results.map(() => 200));
    expect(await count(`SELECT COUNT(*) AS n FROM sessions WHERE uid = ?1`, "burst-reader")).toBe(
      MAX_SESSIONS_PER_READER,
    );
    const working = await Promise.all(
      results.map(
        async ({ cookie }) => (await call(hubLoader, "/feedback_hub", { cookie: present(cookie) })).status === 200,
      ),
    );
    expect(working.filter(Boolean)).toHaveLength(MAX_SESSIONS_PER_READER);
  });

  it("expired sessions go when anyone signs in, not only when their own reader comes back", async () => {
    const gone = await signIn("gone-reader");
    const past = Math.floor(Date.now() / 1000) - 60;
    await env.DB.prepare(`UPDATE sessions SET expires_at = ?2 WHERE uid = ?1`).bind("gone-reader", past).run();
    expect(await count(`SELECT COUNT(*) AS n FROM sessions WHERE uid = ?1`, "gone-reader")).toBe(1);
    await signIn("someone-else");
    expect(await count(`SELECT COUNT(*) AS n FROM sessions WHERE uid = ?1`, "gone-reader")).toBe(0);
    expect(await count(`SELECT COUNT(*) AS n FROM sessions WHERE expires_at <= ?1`, past)).toBe(0);
    expect((await call(hubLoader, "/feedback_hub", { cookie: gone })).status).toBe(302);
  });

  it("a moderator who loses the claim loses triage at once, also with a copy of the old cookie", async () => {
    const cookie = await signIn("demoted-mod", { admin: true });
    expect((await call(triageLoader, "/feedback_hub/triage", { cookie })).status).toBe(200);
    // The browser's next token no longer carries the claim, and refreshes the session with it.
    const refreshed = await postToken(emulatorToken("demoted-mod", {}, 0), cookie);
    expect(refreshed.status).toBe(200);
    expect((await call(triageLoader, "/feedback_hub/triage", { cookie })).status).toBe(403);
    expect((await call(triageLoader, "/feedback_hub/triage", { cookie: present(refreshed.cookie) })).status).toBe(403);
    const decision = await decide(cookie, { reportId: "x", status: "declined" });
    expect(decision.status).toBe(403);
  });

  describe("the account as Firebase has it now, looked up once a minute", () => {
    afterEach(() => accounts.reset());
    /** A session whose token was issued two minutes ago, so its next protected request looks the account up. */
    const signInMinutesAgo = async (uid: string, claims?: Record<string, unknown>) =>
      present((await postToken(emulatorToken(uid, claims, 120))).cookie, `session cookie for ${uid}`);

    it("a deleted or disabled account loses the hub and its sessions, also with a copied cookie", async () => {
      for (const [uid, end] of [
        ["deleted-reader", accounts.delete],
        ["disabled-reader", accounts.disable],
      ] as const) {
        const cookie = await signInMinutesAgo(uid);
        const copy = cookie;
        end(uid);
        const hub = await call(hubLoader, "/feedback_hub", { cookie });
        expect(hub.headers.get("Location"), uid).toBe("/login?redirectTo=%2Ffeedback_hub");
        expect(await count(`SELECT COUNT(*) AS n FROM sessions WHERE uid = ?1`, uid)).toBe(0);
        const report = await sendReport(copy, "suggest_feature", { submissionId: crypto.randomUUID(), ...feature });
        expect(report.headers.get("Location")).toMatch(/^\/login\?/);
        // The tokens it holds cannot open a new session either.
        expect((await postToken(emulatorToken(uid, {}, 100))).status).toBe(401);
      }
    });

    it("a moderator whose claim is removed loses triage within a minute, without a new token", async () => {
      const cookie = await signInMinutesAgo("claim-removed-mod", { admin: true });
      expect((await call(triageLoader, "/feedback_hub/triage", { cookie })).status).toBe(200);
      await env.DB.prepare(`UPDATE sessions SET account_checked_at = 0 WHERE uid = ?1`).bind("claim-removed-mod").run();
      accounts.setAdmin("claim-removed-mod", false);
      expect((await call(triageLoader, "/feedback_hub/triage", { cookie })).status).toBe(403);
      expect((await decide(cookie, { reportId: "x", status: "declined" })).status).toBe(403);
      // The hub itself stays open: the account exists, it is only no longer a moderator.
      expect((await call(hubLoader, "/feedback_hub", { cookie })).status).toBe(200);
    });

    it("a token kept from before the claim was removed, posted again, does not give triage back", async () => {
      const cookie = await signInMinutesAgo("kept-token-mod", { admin: true });
      await env.DB.prepare(`UPDATE sessions SET account_checked_at = 0 WHERE uid = ?1`).bind("kept-token-mod").run();
      accounts.setAdmin("kept-token-mod", false);
      expect((await call(triageLoader, "/feedback_hub/triage", { cookie })).status).toBe(403);
      // A token issued with the claim before the account was looked up, as the browser kept it.
      const kept = await postToken(emulatorToken("kept-token-mod", { admin: true }, 90), cookie);
      expect(kept.status).toBe(200);
      expect((await call(triageLoader, "/feedback_hub/triage", { cookie })).status).toBe(403);
      expect((await decide(cookie, { reportId: "x", status: "declined" })).status).toBe(403);
      // A token issued after the lookup, with the claim given back, gives it back.
      accounts.setAdmin("kept-token-mod", true);
      expect((await postToken(emulatorToken("kept-token-mod", { admin: true }, 0), cookie)).status).toBe(200);
      expect((await call(triageLoader, "/feedback_hub/triage", { cookie })).status).toBe(200);
    });

    it("looks up at most once a minute, and keeps the session as it was when the lookup host is unreachable", async () => {
      const cookie = await signInMinutesAgo("steady-mod", { admin: true });
      const before = accounts.lookups();
      for (let i = 0; i < 3; i++)
        expect((await call(triageLoader, "/feedback_hub/triage", { cookie })).status).toBe(200);
      expect(accounts.lookups() - before).toBe(1);
      await env.DB.prepare(`UPDATE sessions SET account_checked_at = 0 WHERE uid = ?1`).bind("steady-mod").run();
      accounts.setUnreachable(true);
      expect((await call(triageLoader, "/feedback_hub/triage", { cookie })).status).toBe(200);
      expect((await call(hubLoader, "/feedback_hub", { cookie })).status).toBe(200);
    });

    it("a fresh token counts as a lookup: signing in looks nothing up", async () => {
      const before = accounts.lookups();
      const cookie = await signIn("fresh-reader");
      expect((await call(hubLoader, "/feedback_hub", { cookie })).status).toBe(200);
      expect(accounts.lookups()).toBe(before);
    });
  });

  it("a moderator listed in ADMIN_UIDS keeps triage without the claim, and loses it when unlisted", async () => {
    const cookie = await signIn("listed-only-mod");
    expect(
      (await call(triageLoader, "/feedback_hub/triage", { cookie, bindings: { ADMIN_UIDS: "listed-only-mod" } }))
        .status,
    ).toBe(200);
    expect((await call(triageLoader, "/feedback_hub/triage", { cookie, bindings: { ADMIN_UIDS: "" } })).status).toBe(
      403,
    );
  });
});

function progressAt(overrides: Partial<Progress>): Progress {
  return { ...emptyProgress, ...overrides };
}

function save(cookie: string, progress: Progress | string) {
  const body = typeof progress === "string" ? progress : JSON.stringify(progress);
  const headers = { "Content-Type": "application/json" };
  return call(progressAction, "/resources/progress", { method: "POST", cookie, body, headers });
}

/** What /resources/progress answers this browser: the account's saved progress, or null. */
async function savedProgressFor(cookie: string) {
  const response = await settle(progressLoader, "/resources/progress", {
    headers: { Cookie: cookie },
    bindings: emulator,
  });
  if (!(response instanceof Response)) throw new Error("Expected a JSON response");
  if (!response.ok) throw new Error(`The progress answered ${response.status}`);
  return ((await response.json()) as { progress: Progress | null }).progress;
}

async function storedProgress(uid: string) {
  const row = await env.DB.prepare(`SELECT progress FROM reading_progress WHERE uid = ?1`)
    .bind(uid)
    .first<{ progress: string }>();
  return row ? (JSON.parse(row.progress) as Progress) : null;
}

describe("progress saves (defect 11)", () => {
  it("a save that arrives late does not undo a newer one", async () => {
    const cookie = await signIn("late-save-reader");
    const newer = progressAt({ webNovel: "wn:2-1", sideStories: [], updatedAt: "2026-05-01T10:05:00.000Z" });
    const older = progressAt({ webNovel: "wn:1-2", breakTime: ["bt:1-1"], updatedAt: "2026-05-01T10:00:00.000Z" });
    expect((await save(cookie, newer)).status).toBe(200);
    expect((await save(cookie, older)).status).toBe(200);
    const stored = present(await storedProgress("late-save-reader"));
    // Furthest wins per medium; the older save's Break Time tick is kept too.
    expect(stored).toMatchObject({ webNovel: "wn:2-1", breakTime: ["bt:1-1"] });
  });

  it("saves sent at once all count and the furthest wins", async () => {
    const cookie = await signIn("racing-saves-reader");
    const saves = [
      progressAt({ webNovel: "wn:1-1" }),
      progressAt({ webNovel: "wn:2-2" }),
      progressAt({ webNovel: "wn:1-3", lightNovels: ["ln:main-1"] }),
      progressAt({ anime: "anime:1-2" }),
      progressAt({ anime: "anime:1-1", lightNovels: ["ln:main-2"] }),
      progressAt({ breakTime: ["bt:1-1"] }),
    ];
    const results = await Promise.all(saves.map((progress) => save(cookie, progress)));
    expect(results.map((result) => result.status)).toEqual(saves.map(() => 200));
    expect(await storedProgress("racing-saves-reader")).toMatchObject({
      webNovel: "wn:2-2",
      anime: "anime:1-2",
      lightNovels: ["ln:main-2"],
      breakTime: ["bt:1-1"],
    });
  });

  it("keeps only units the series has", async () => {
    const cookie = await signIn("made-up-units-reader");
    const sideStories = Array.from({ length: 4000 }, (_, index) => `ss:made-up-${index}`);
    expect((await save(cookie, progressAt({ webNovel: "wn:1-1", sideStories }))).status).toBe(200);
    expect(await storedProgress("made-up-units-reader")).toMatchObject({ webNovel: "wn:1-1", sideStories: [] });
  });

  it("refuses an oversized save with 413 and stores nothing", async () => {
    const cookie = await signIn("huge-save-reader");
    for (const size of [300 * 1024, 3_200_000]) {
      const result = await save(
        cookie,
        JSON.stringify(progressAt({ webNovel: "wn:1-1" })).replace("}", `,"padding":"${"x".repeat(size)}"}`),
      );
      expect(result.status).toBe(413);
    }
    expect(await storedProgress("huge-save-reader")).toBeNull();
  });
});
