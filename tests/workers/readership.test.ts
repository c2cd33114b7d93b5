import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { emptyProgress, type Progress } from "~/lib/progress/record";
import { ESTABLISHED_AFTER_DAYS, MIN_BUCKET } from "~/lib/content/readership";
import { clearReadershipCache, getReadership } from "~/models/readership.server";
import { saveProgress as saveSent } from "~/models/progress.server";
import { parseStoredProgress } from "~/lib/progress/file";
import { signIn, visitor } from "../support/readers";

/** A plain save, as a device that moves forward sends it, from a signed-in browser; the record as stored. */
const saveProgress = async (db: D1Database, uid: string, progress: Progress, now?: Date) => {
  await db
    .prepare(
      `INSERT OR IGNORE INTO sessions (id, uid, moderator, token_issued_at, created_at, expires_at, account_checked_at)
       VALUES (?1, ?1, 0, 0, '2026-01-01T00:00:00.000Z', 4102444800, 0)`,
    )
    .bind(uid)
    .run();
  const outcome = await saveSent(db, uid, { progress, revision: null, setBack: [] }, now);
  if (!outcome.ok) throw new Error(`The save of ${uid} was refused: ${JSON.stringify(outcome)}`);
  return outcome.saved.progress;
};

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/** A reader who started `firstDaysAgo` days ago at the first chapter and reached `progress` `lastDaysAgo` days ago. */
async function readerSince(
  uid: string,
  progress: Partial<Progress>,
  firstDaysAgo = ESTABLISHED_AFTER_DAYS + 3,
  lastDaysAgo = 1,
) {
  await saveProgress(env.DB, uid, { ...emptyProgress, webNovel: "wn:1-1" }, daysAgo(firstDaysAgo));
  await saveProgress(env.DB, uid, { ...emptyProgress, ...progress }, daysAgo(lastDaysAgo));
}

beforeEach(async () => {
  clearReadershipCache();
  await env.DB.prepare("DELETE FROM reading_progress").run();
});

describe("readership", () => {
  it("shows nothing while fewer than five readers track progress", async () => {
    await saveProgress(env.DB, "solo", { ...emptyProgress, webNovel: "wn:1-2" });
    expect(await getReadership(env.DB)).toMatchObject({ readers: 0, arcs: [] });
  });

  it("counts readers per arc and volume, and hides groups smaller than five", async () => {
    for (let index = 0; index < 6; index++)
      await readerSince(`arc1-${index}`, { webNovel: "wn:1-3", lightNovels: ["ln:main-1"] });
    for (let index = 0; index < 2; index++)
      await readerSince(`arc2-${index}`, { webNovel: "wn:2-1", anime: "anime:1-2" });
    const readership = await getReadership(env.DB);
    expect(MIN_BUCKET).toBe(5);
    expect(readership.readers).toBe(8);
    expect(readership.arcs).toEqual([{ label: "Arc 1: The Door", readers: 6 }]);
    expect(readership.volumes).toEqual([{ label: "Tiny Tale 1", readers: 6 }]);
    expect(readership.media).toEqual(
      expect.arrayContaining([
        { medium: "web_novel", readers: 8 },
        { medium: "light_novels", readers: 6 },
      ]),
    );
    expect(readership.media.find((row) => row.medium === "anime")).toBeUndefined();
    expect(readership.hiddenBuckets).toBeGreaterThanOrEqual(2);
  });

  it("stores the position of the furthest unit reached, computed on the server", async () => {
    const saved = await saveProgress(env.DB, "positions", {
      ...emptyProgress,
      webNovel: "wn:1-2",
      lightNovels: ["ln:main-1"],
      position: 999,
    });
    expect(saved.position).toBe(3); // ln:main-1 ends at wn:1-3, not the 999 the browser claimed
  });
});

describe("readership counts established readers only", () => {
  it("five brand-new accounts, saving as often as they like today, do not unlock the figures", async () => {
    for (let index = 0; index < 5; index++) {
      await saveProgress(env.DB, `fresh-${index}`, { ...emptyProgress, webNovel: "wn:1-2" });
      await saveProgress(env.DB, `fresh-${index}`, {
        ...emptyProgress,
        webNovel: "wn:1-3",
        lightNovels: ["ln:main-1"],
      });
    }
    expect(await getReadership(env.DB)).toMatchObject({ readers: 0, arcs: [], volumes: [], media: [], stalled: [] });
  });

  it("four established readers and any number of new ones show nothing; a fifth established one shows them", async () => {
    for (let index = 0; index < 4; index++) await readerSince(`settled-${index}`, { webNovel: "wn:1-3" });
    for (let index = 0; index < 6; index++)
      await saveProgress(env.DB, `newcomer-${index}`, { ...emptyProgress, webNovel: "wn:1-3" });
    expect(await getReadership(env.DB)).toMatchObject({ readers: 0, arcs: [] });
    await readerSince("settled-4", { webNovel: "wn:1-3" });
    clearReadershipCache();
    expect(await getReadership(env.DB)).toMatchObject({ readers: 5, arcs: [{ label: "Arc 1: The Door", readers: 5 }] });
  });

  it("an old account that saved on one day only, or a two-day reader younger than the set age, is not counted", async () => {
    // Saved twice, long ago, on the same day.
    for (let index = 0; index < 5; index++) await readerSince(`one-day-${index}`, { webNovel: "wn:1-3" }, 30, 30);
    // Saved on two days, but the first save is too recent.
    for (let index = 0; index < 5; index++)
      await readerSince(`young-${index}`, { webNovel: "wn:1-3" }, ESTABLISHED_AFTER_DAYS - 2, 0);
    expect(await getReadership(env.DB)).toMatchObject({ readers: 0, arcs: [] });
  });

  it("a later save does not move the first-save date, and a browser's own date does not count", async () => {
    for (let index = 0; index < 5; index++) {
      await saveProgress(env.DB, `claims-${index}`, {
        ...emptyProgress,
        webNovel: "wn:1-2",
        updatedAt: daysAgo(400).toISOString(),
      });
      await saveProgress(env.DB, `claims-${index}`, {
        ...emptyProgress,
        webNovel: "wn:1-3",
        updatedAt: daysAgo(300).toISOString(),
      });
    }
    expect(await getReadership(env.DB)).toMatchObject({ readers: 0 });
    const stored = await env.DB.prepare(
      `SELECT first_saved_at, updated_at FROM reading_progress WHERE uid = 'claims-0'`,
    ).first<{ first_saved_at: string; updated_at: string }>();
    expect(Date.parse(stored!.first_saved_at)).toBeGreaterThan(daysAgo(1).getTime());
  });

  it("the page states the rule, with and without figures", async () => {
    const reader = await signIn("rule-reader");
    for (let index = 0; index < 5; index++)
      await saveProgress(env.DB, `rule-fresh-${index}`, { ...emptyProgress, webNovel: "wn:1-2" });
    // The page's text as a reader sees it (React separates adjacent text with empty comments).
    const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
    const empty = await text(await reader.fetch("/statistics/readership"));
    expect(empty).toContain("No figures yet");
    expect(empty).toContain("Fewer than 5 established readers");
    expect(empty).toContain(
      `first saved their progress at least ${ESTABLISHED_AFTER_DAYS} days ago and have saved it on more than one day`,
    );
    for (let index = 0; index < 5; index++) await readerSince(`rule-settled-${index}`, { webNovel: "wn:1-3" });
    clearReadershipCache();
    const full = await text(await visitor.fetch("/statistics/readership", { headers: { Cookie: "theme=dark" } }));
    expect(full).toContain("established readers track their progress");
    expect(full).toContain(`first saved their progress at least ${ESTABLISHED_AFTER_DAYS} days ago`);
  });
});

describe("records saved before light novel places were unit keys", () => {
  it("are counted beside version 2 records: a row stays version 1 until its reader saves again", async () => {
    const older = { ...emptyProgress, version: 1, webNovel: "wn:1-3", lightNovels: { main: 1, ex: 4 } };
    const insert = env.DB.prepare(
      `INSERT INTO reading_progress (uid, progress, position, web_novel_arc, media, updated_at, first_saved_at)
       VALUES (?, ?, 3, 1, '["web_novel","light_novels"]', ?, ?)`,
    );
    const first = daysAgo(ESTABLISHED_AFTER_DAYS + 3).toISOString();
    const last = daysAgo(1).toISOString();
    const newer = JSON.stringify({ ...emptyProgress, webNovel: "wn:1-2", lightNovels: ["ln:main-1"] });
    await env.DB.batch([
      ...Array.from({ length: 3 }, (_, index) => insert.bind(`older-${index}`, JSON.stringify(older), last, first)),
      insert.bind("none", JSON.stringify({ ...older, lightNovels: {} }), last, first),
      ...Array.from({ length: 3 }, (_, index) => insert.bind(`newer-${index}`, newer, last, first)),
    ]);
    // Three of each shape reach the bucket of five only together; ln:ex-4 names no volume of the test pack.
    expect((await getReadership(env.DB)).volumes).toEqual([{ label: "Tiny Tale 1", readers: 6 }]);
    // Read back, a version 1 row is version 2.
    const stored = await env.DB.prepare("SELECT progress FROM reading_progress WHERE uid = 'older-0'").first<string>(
      "progress",
    );
    expect(parseStoredProgress(stored)).toMatchObject({ version: 2, lightNovels: ["ln:ex-4", "ln:main-1"] });
  });
});
