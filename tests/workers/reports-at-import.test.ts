/**
 * What a content import does with readers' mistranslation reports (pack/reported.ts): it never takes
 * away a volume or episode they hang on, and it holds the entries already published from them to the
 * secrets the pack now declares, as accepting them did (decision 34).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { action as formAction } from "~/routes/feedback-hub.form";
import { action as triageAction } from "~/routes/feedback-hub.triage";
import { importPack, WITHDRAWN_NOTE } from "../../pack";
import { callAsReader as call, form, readerCookie as cookieFor } from "../support/readers";
import { importRows, importTestPack, testPackRows, type TestPackOptions } from "../support/packs";
import { present } from "../support/workers-context";

let sent = 0;

/** Sends a light novel report from a reader of its own and gives its stored id. */
async function sendReport(fields: Record<string, string>) {
  const submissionId = crypto.randomUUID();
  const uid = `import-reader-${++sent}`;
  const result = await call(formAction, "/feedback_hub/report_ln_mistl", {
    method: "POST",
    cookie: await cookieFor(uid),
    params: { form: "report_ln_mistl" },
    body: form({
      submissionId,
      chapter: "1",
      location: "p. 31",
      official: "Oh, you.",
      suggested: "You absolute fool.",
      why: "Softened insult.",
      ...fields,
    }),
  });
  expect(result.status, JSON.stringify(result.data)).toBe(302);
  return present(
    await env.DB.prepare(`SELECT id FROM reports WHERE uid = ? AND submission_id = ?`)
      .bind(uid, submissionId)
      .first<{ id: string }>(),
  ).id;
}

/** A moderator decides the report. */
async function decide(reportId: string, status: "accepted" | "declined", from = "open") {
  return call(triageAction, "/feedback_hub/triage", {
    method: "POST",
    cookie: await cookieFor("import-mod", { admin: true, name: "Mod" }),
    body: form({ reportId, from, status, note: "Decided.", category: "softened", severity: "minor" }),
  });
}

const report = async (reportId: string) =>
  present(
    await env.DB.prepare(`SELECT status, published_entry, fields FROM reports WHERE id = ?`)
      .bind(reportId)
      .first<{ status: string; published_entry: string | null; fields: string }>(),
  );

const entryPublished = async (reportId: string) =>
  (await env.DB.prepare(`SELECT 1 FROM ln_mistakes WHERE id = ?`).bind(`report-${reportId}`).first()) !== null;

/** The tiny pack without its second main volume (and the pack's own note on it), its first chapter renamed. */
const withoutVolumeTwo: TestPackOptions = {
  edit: (files) => {
    files["light-novels.json"].collections[0].volumes.pop();
    files["mistranslations.json"].lightNovel = files["mistranslations.json"].lightNovel.filter(
      (entry: { volume: string }) => entry.volume !== "ln:main-2",
    );
    files["web-novel.json"].arcs[0].chapters[0].title = "A New Title";
  },
};

const chapterTitle = async () =>
  present(await env.DB.prepare(`SELECT title FROM chapters WHERE key = 'wn:1-1'`).first<{ title: string }>()).title;

describe("an import that leaves out a volume readers' reports hang on", () => {
  it("is refused, writing nothing, and names the volume and what hangs on it", async () => {
    const published = await sendReport({ volume: "ln:main-2" });
    expect((await decide(published, "accepted")).status).toBe(302);
    const awaiting = await sendReport({ volume: "ln:main-2" });
    const before = await chapterTitle();

    const outcome = await importPack(env.DB, testPackRows("tiny", withoutVolumeTwo));

    expect(outcome).toEqual({
      refused: [{ unit: "ln:main-2", label: "Tiny Tale 2", published: 1, awaiting: 1 }],
    });
    // Nothing of the pack was written, and the readers' reports are as they were.
    expect(await chapterTitle()).toBe(before);
    expect(await entryPublished(published)).toBe(true);
    expect((await report(published)).status).toBe("accepted");
    expect((await report(awaiting)).status).toBe("open");

    // Once a moderator has decided them, the volume can go; the readers' words stay with their reports.
    expect((await decide(published, "declined", "accepted")).status).toBe(302);
    expect((await decide(awaiting, "declined")).status).toBe(302);
    const imported = await importPack(env.DB, testPackRows("tiny", withoutVolumeTwo));
    expect(imported.refused).toBeNull();
    expect(await chapterTitle()).toBe("A New Title");
    expect(JSON.parse((await report(published)).fields)).toMatchObject({
      volume: "ln:main-2",
      why: "Softened insult.",
    });

    await importTestPack("tiny");
  });
});

/** The tiny pack with a secret whose words a reader's report already used, revealed at wn:2-2 (by ln:main-2, not ln:main-1). */
const withLampSecret: TestPackOptions = {
  edit: (files) =>
    files["series.json"].secrets.push({ id: "oren-lit-the-lamp", words: ["Oren lit the lamp"], revealAt: "wn:2-2" }),
};

describe("an import that declares a secret a published entry's words name", () => {
  it("takes the entry down where some of its readers may not know the secret, and sends its report back to review", async () => {
    const early = await sendReport({ volume: "ln:main-1", why: "It hides that Oren lit the lamp." });
    const late = await sendReport({ volume: "ln:main-2", why: "It hides that Oren lit the lamp." });
    for (const id of [early, late]) expect((await decide(id, "accepted")).status).toBe(302);
    expect(await entryPublished(early)).toBe(true);

    const outcome = await importPack(env.DB, testPackRows("tiny", withLampSecret));

    expect(outcome.refused).toBeNull();
    expect(outcome.refused === null && outcome.withdrawn).toEqual([
      {
        entry: `report-${early}`,
        report: early,
        unit: "ln:main-1",
        label: "Tiny Tale 1",
        field: "Why it matters",
        secret: "oren-lit-the-lamp",
        words: "Oren lit the lamp",
        readers: "readers of Tiny Tale 1",
      },
    ]);
    // The words no longer reach readers of volume 1; the reader's report keeps them, back under review.
    expect(await entryPublished(early)).toBe(false);
    const withdrawn = await report(early);
    expect(withdrawn).toMatchObject({ status: "under_review", published_entry: null });
    expect(JSON.parse(withdrawn.fields).why).toBe("It hides that Oren lit the lamp.");
    const history = await env.DB.prepare(`SELECT status, note FROM report_history WHERE report_id = ? ORDER BY id DESC`)
      .bind(early)
      .first<{ status: string; note: string }>();
    expect(history).toEqual({ status: "under_review", note: WITHDRAWN_NOTE });
    // Every reader of volume 2 knows the secret: its entry stays.
    expect(await entryPublished(late)).toBe(true);
    expect((await report(late)).status).toBe("accepted");

    // Accepting it again is refused, as for any report naming the secret too early.
    expect((await decide(early, "accepted", "under_review")).status).toBe(422);
    // The same pack again changes nothing.
    expect(await importPack(env.DB, testPackRows("tiny", withLampSecret))).toEqual({
      refused: null,
      changes: [],
      withdrawn: [],
    });
    await importRows(testPackRows("tiny"));
  });
});
