import { createCookie } from "react-router";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { action as formAction, loader as formLoader } from "~/routes/feedback-hub.form";
import { loader as hubLoader } from "~/routes/feedback-hub._index";
import { action as triageAction, loader as triageLoader } from "~/routes/feedback-hub.triage";
import { loader as volumeLoader } from "~/routes/translation-meta.ln-page";
import { SESSION_COOKIE } from "../../scripts/lib/local-auth";
import { callAsReader as call, form, readerCookie as cookieFor, usesToday } from "../support/readers";
import { load, pageOfKind, present } from "../support/workers-context";
import { reportPlace } from "~/lib/forms/report-forms";

const feature = { title: "Dark timeline", idea: "Show dates on a timeline", problem: "Hard to follow" };

describe("report forms (actions against real D1)", () => {
  it("sends a signed-out visitor to sign in, with the way back", async () => {
    const result = await call(formLoader, "/feedback_hub/suggest_feature", { params: { form: "suggest_feature" } });
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/login?redirectTo=%2Ffeedback_hub%2Fsuggest_feature");
  });

  it("answers 503 on protected pages when the signing keys cannot be fetched", async () => {
    const request = {
      params: { form: "suggest_feature" },
      bindings: { FIREBASE_AUTH_EMULATOR_HOST: "", FIREBASE_JWKS_URL: "http://127.0.0.1:9/keys" },
    };
    // A session cookie (its secret and an RS256 token) whose token cannot be checked without the keys.
    const sessionValue = { secret: "0".repeat(64), token: "eyJhbGciOiJSUzI1NiIsImtpZCI6ImsifQ.eyJzdWIiOiJ4In0.c2ln" };
    const cookie = (await createCookie(SESSION_COOKIE).serialize(sessionValue)).split(";")[0]!;
    const result = await call(formLoader, "/feedback_hub/suggest_feature", { ...request, cookie });
    expect(result.status).toBe(503);
  });

  it("refuses bad input with an error per field and gives the input back", async () => {
    const cookie = await cookieFor("reader-invalid");
    const result = await call(formAction, "/feedback_hub/suggest_feature", {
      method: "POST",
      cookie,
      params: { form: "suggest_feature" },
      body: form({ submissionId: crypto.randomUUID(), title: "Only a title", idea: "", problem: "x".repeat(5000) }),
    });
    expect(result.status).toBe(400);
    expect(result.data?.error.fields).toEqual({
      idea: "This is needed.",
      problem: "Keep it to 4,000 characters (this is 5,000).",
    });
    expect(result.data?.values.title).toBe("Only a title");
  });

  it("fills in the page a bug report was opened from, up to what its field holds, and only the fields a link may fill", async () => {
    const cookie = await cookieFor("reader-prefill");
    const page = `/search?q=${"lantern ".repeat(30).trim()}`;
    const opened = (search: string) =>
      call(formLoader, `/feedback_hub/report_bug?${search}`, { cookie, params: { form: "report_bug" } });
    expect((await opened(new URLSearchParams({ page, happened: "x" }).toString())).data?.prefill).toEqual({ page });
    expect(
      (await opened(new URLSearchParams({ page: `/search?q=${"x".repeat(300)}` }).toString())).data?.prefill,
    ).toEqual({});
  });

  it("offers the volumes out in English: the official text a report quotes exists for no other", async () => {
    const result = await call(formLoader, "/feedback_hub/report_ln_mistl", {
      cookie: await cookieFor("reader-volume-choices"),
      params: { form: "report_ln_mistl" },
    });
    // The tiny pack's side volume has no English release.
    expect(result.data?.choices.volumes.map((volume: { value: string }) => volume.value)).toEqual([
      "ln:main-1",
      "ln:main-2",
    ]);
  });

  it("refuses a volume that does not exist", async () => {
    const result = await call(formAction, "/feedback_hub/report_ln_mistl", {
      method: "POST",
      cookie: await cookieFor("reader-volume"),
      params: { form: "report_ln_mistl" },
      body: form({
        submissionId: crypto.randomUUID(),
        volume: "ln:main-99",
        chapter: "1",
        official: "a",
        suggested: "b",
        why: "c",
      }),
    });
    expect(result.data?.error.fields).toEqual({ volume: "Choose a volume from the list." });
  });

  it("refuses a volume the form does not offer, sent by hand: one not out in English has no official text", async () => {
    const result = await call(formAction, "/feedback_hub/report_ln_mistl", {
      method: "POST",
      cookie: await cookieFor("reader-volume-unreleased"),
      params: { form: "report_ln_mistl" },
      body: form({
        submissionId: crypto.randomUUID(),
        volume: "ln:ex-1",
        chapter: "1",
        official: "a",
        suggested: "b",
        why: "c",
      }),
    });
    expect(result.status).toBe(400);
    expect(result.data?.error.fields).toEqual({ volume: "Choose a volume from the list." });
    expect(result.data?.values.official).toBe("a");
  });

  it("stores one report for a double submit, ignores the honeypot, and checks the Origin", async () => {
    const cookie = await cookieFor("reader-double");
    const submissionId = crypto.randomUUID();
    for (let attempt = 0; attempt < 2; attempt++) {
      const result = await call(formAction, "/feedback_hub/suggest_feature", {
        method: "POST",
        cookie,
        params: { form: "suggest_feature" },
        body: form({ submissionId, ...feature }),
      });
      expect(result.status).toBe(302);
      expect(result.headers.get("Set-Cookie")).toMatch(/^toast=/);
    }
    await call(formAction, "/feedback_hub/suggest_feature", {
      method: "POST",
      cookie,
      params: { form: "suggest_feature" },
      body: form({ submissionId: crypto.randomUUID(), ...feature, website: "https://spam.example" }),
    });
    const foreign = await call(formAction, "/feedback_hub/suggest_feature", {
      method: "POST",
      cookie,
      params: { form: "suggest_feature" },
      headers: { Origin: "https://evil.example" },
      body: form({ submissionId: crypto.randomUUID(), ...feature }),
    });
    expect(foreign.status).toBe(403);

    const hub = await call(hubLoader, "/feedback_hub", { cookie });
    expect(hub.data?.reports.map((report) => [report.title, report.status, report.history.length])).toEqual([
      ["Dark timeline", "open", 1],
    ]);
  });

  it("refuses a form sent again with other words, keeping them, and files the first report alone", async () => {
    const cookie = await cookieFor("reader-resent");
    const submissionId = crypto.randomUUID();
    const send = (fields: Record<string, string>) =>
      call(formAction, "/feedback_hub/suggest_feature", {
        method: "POST",
        cookie,
        params: { form: "suggest_feature" },
        body: form({ submissionId, ...fields }),
      });
    expect((await send(feature)).status).toBe(302);
    const changed = await send({ ...feature, idea: "Show dates on a map instead" });
    expect(changed.status).toBe(409);
    expect(changed.data?.error.fields?.form).toMatch(/^This form was already sent with other words/);
    expect(changed.data?.values.idea).toBe("Show dates on a map instead");
    // The same words again (an answer lost on the way): the report it made, once.
    expect((await send(feature)).status).toBe(302);
    const hub = await call(hubLoader, "/feedback_hub", { cookie });
    expect(hub.data?.reports.map((report) => report.title)).toEqual(["Dark timeline"]);
  });

  it("titles a report with its first words, cut between characters, never inside one", async () => {
    const cookie = await cookieFor("reader-emoji");
    // The 140th code unit is the first half of the lantern: a cut there would store text that is not UTF-8.
    const happened = `${"x".repeat(139)}🏮 and the page went blank`;
    const result = await call(formAction, "/feedback_hub/report_bug", {
      method: "POST",
      cookie,
      params: { form: "report_bug" },
      body: form({ submissionId: crypto.randomUUID(), happened, expected: "The page", page: "/anime" }),
    });
    expect(result.status).toBe(302);
    const hub = await call(hubLoader, "/feedback_hub", { cookie });
    const title = present(hub.data?.reports[0]).title;
    expect(title).toBe("x".repeat(139));
    expect(new TextDecoder().decode(new TextEncoder().encode(title))).toBe(title);
  });

  it("limits a reader to 5 reports a minute", async () => {
    const cookie = await cookieFor("reader-busy");
    const send = () =>
      call(formAction, "/feedback_hub/suggest_feature", {
        method: "POST",
        cookie,
        params: { form: "suggest_feature" },
        body: form({ submissionId: crypto.randomUUID(), ...feature }),
      });
    for (let index = 0; index < 5; index++) expect((await send()).status).toBe(302);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.data?.error.fields?.form).toMatch(/5 reports in the last minute/);
    const count = await env.DB.prepare(`SELECT COUNT(*) AS n FROM reports WHERE uid = 'reader-busy'`).first<{
      n: number;
    }>();
    expect(count?.n).toBe(5);
  });

  it("accepts a double submit of the report that reached the limit as that one report", async () => {
    const cookie = await cookieFor("reader-double-at-limit");
    const send = (submissionId: string) =>
      call(formAction, "/feedback_hub/suggest_feature", {
        method: "POST",
        cookie,
        params: { form: "suggest_feature" },
        body: form({ submissionId, ...feature }),
      });
    const submissionIds = Array.from({ length: 5 }, () => crypto.randomUUID());
    for (const submissionId of submissionIds) expect((await send(submissionId)).status).toBe(302);
    // The reader is at the limit: a new report is refused...
    expect((await send(crypto.randomUUID())).status).toBe(429);

    // ...but the last one, sent again (a double click, a resent form), is the report already stored.
    const again = await send(submissionIds[4]!);
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toMatch(/^\/feedback_hub\?sent=/);
    expect(again.headers.get("Set-Cookie")).toMatch(/^toast=/);
    expect(again.data?.error).toBeUndefined();

    const reports = await env.DB.prepare(
      `SELECT submission_id FROM reports WHERE uid = 'reader-double-at-limit' ORDER BY submission_id`,
    ).all<{ submission_id: string }>();
    expect(reports.results.map((report) => report.submission_id)).toEqual([...submissionIds].sort());
    expect(await usesToday("reader-double-at-limit")).toBe(5);
  });
});

describe("triage", () => {
  it("is for moderators only", async () => {
    expect((await call(triageLoader, "/feedback_hub/triage", { cookie: await cookieFor("plain-reader") })).status).toBe(
      403,
    );
    expect(
      (await call(triageLoader, "/feedback_hub/triage", { cookie: await cookieFor("mod", { admin: true }) })).status,
    ).toBe(200);
    // Paged as every list is: a page that is not a number, or is past the end, is a 404.
    expect(
      (await call(triageLoader, "/feedback_hub/triage?page=abc", { cookie: await cookieFor("mod", { admin: true }) }))
        .status,
    ).toBe(404);
    expect(
      (await call(triageLoader, "/feedback_hub/triage?page=999", { cookie: await cookieFor("mod", { admin: true }) }))
        .status,
    ).toBe(404);
    // A moderator named in ADMIN_UIDS sees the reports as they were stored.
    const sent = await call(formAction, "/feedback_hub/suggest_feature", {
      method: "POST",
      cookie: await cookieFor("triage-reporter"),
      params: { form: "suggest_feature" },
      body: form({ submissionId: crypto.randomUUID(), ...feature }),
    });
    expect(sent.status).toBe(302);
    const byList = await call(triageLoader, "/feedback_hub/triage", {
      cookie: await cookieFor("listed-mod"),
      bindings: { ADMIN_UIDS: "someone, listed-mod" },
    });
    expect(byList.status).toBe(200);
    const stored = byList.data?.reports.filter((report) => report.uid === "triage-reporter");
    expect(stored).toEqual([
      {
        id: expect.any(String),
        uid: "triage-reporter",
        kind: "feature",
        title: "Dark timeline",
        fields: feature,
        unitLabel: null,
        status: "open",
        duplicateOf: null,
        moderatorNote: null,
        publishedEntry: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        history: [{ at: expect.any(String), status: "open", note: null, byModerator: false }],
      },
    ]);
  });

  it("accepting a light novel report publishes it on its volume's page, and the reporter sees the note", async () => {
    const reporter = await cookieFor("reporter");
    await call(formAction, "/feedback_hub/report_ln_mistl", {
      method: "POST",
      cookie: reporter,
      params: { form: "report_ln_mistl" },
      body: form({
        submissionId: "11111111-2222-4333-8444-555555555555",
        volume: "ln:main-2",
        chapter: "1",
        location: "p. 31",
        official: "Oh, you.",
        suggested: "You absolute fool.",
        why: "Softened insult.",
      }),
    });
    const reportId = present(
      await env.DB.prepare(
        `SELECT id FROM reports WHERE uid = 'reporter' AND submission_id = '11111111-2222-4333-8444-555555555555'`,
      ).first<{ id: string }>(),
      "stored report",
    ).id;
    const result = await call(triageAction, "/feedback_hub/triage", {
      method: "POST",
      cookie: await cookieFor("mod", { admin: true, name: "Mod" }),
      body: form({
        reportId,
        from: "open",
        status: "accepted",
        note: "Confirmed.",
        category: "softened",
        severity: "meaning_changing",
      }),
    });
    expect(result.status).toBe(302);

    // Revealed by what reveals its volume: a reader of the volume sees it.
    const volume = pageOfKind(
      await load(volumeLoader, "/translation_meta/ln_mistls/main_v2?reveal=ln:main-2", { slug: "main_v2" }),
      "volume",
    );
    expect(
      volume.entries
        .map((listed) => listed.content)
        .find((entry) => entry?.content?.suggested === "You absolute fool."),
    ).toMatchObject({
      chapter: 1,
      page: 31,
      category: "softened",
      severity: "meaning_changing",
      status: "confirmed",
    });
    const reports = present((await call(hubLoader, "/feedback_hub", { cookie: reporter })).data).reports;
    expect(reports[0]).toMatchObject({
      status: "accepted",
      moderatorNote: "Confirmed.",
      publishedEntry: `report-${reportId}`,
      unitLabel: "Tiny Tale 2",
    });
    // "My reports" says where the report points: the volume by its label, the chapter and the page.
    expect(reportPlace(reports[0]!)).toBe("Tiny Tale 2 · chapter 1 · p. 31");
    expect(reports[0]?.history.map((entry) => entry.status)).toEqual(["open", "accepted"]);
  });
});
