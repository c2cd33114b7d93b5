/**
 * What the notes hub's counts and a volume's page under a filter cost the Worker: the rows they show,
 * not a row per entry or per distinct revealers. Over the demo pack with one volume's notes stored again
 * many times, a first load (which knows no note) and a reader with the shield off read a row per medium
 * and severity, and a page of matches or none; every reader's counts are still those the one rule gives
 * note by note, as notes are added, judged again and taken down.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { LN_ENTRIES_PER_PAGE, type MistakeFilters } from "~/lib/mistakes/rules";
import {
  allKnowledge,
  type Knowledge,
  knows,
  noKnowledge,
  parseKnowledge,
  readRevealers,
} from "~/lib/shield/knowledge";
import type { MistakeSeverity } from "~/lib/vocabulary";
import { getVolumeMistakes } from "~/models/light-novel-mistakes.server";
import { getTranslationMetaHub } from "~/models/mistakes.server";
import { importTestPack } from "../support/packs";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const COPIES = 20;
/** The volume whose notes are copied, with the severity most of them have. */
let volume = { code: "", number: 0, notes: 0 };
let severity: MistakeSeverity = "minor";

/** The database, counting its round trips and the rows its batches hand back. */
function countingRows() {
  const counted = { roundTrips: 0, rows: 0, firstRead: 0 };
  const db = new Proxy(env.DB, {
    get(target, property) {
      if (property === "batch")
        return async (statements: D1PreparedStatement[]) => {
          counted.roundTrips++;
          const results = await target.batch(statements);
          for (const result of results) counted.rows += result.results.length;
          counted.firstRead = results[0]!.meta.rows_read;
          return results;
        };
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db, counted };
}

const known = (text: string) => parseKnowledge(text)!;

beforeAll(async () => {
  await importTestPack("demo");
  const { volume_key: key } = (await env.DB.prepare(
    "SELECT volume_key FROM ln_mistakes GROUP BY volume_key ORDER BY count(*) DESC, volume_key LIMIT 1",
  ).first<{ volume_key: string }>())!;
  const { columns } = (await env.DB.prepare(
    "SELECT group_concat(name) AS columns FROM pragma_table_info('ln_mistakes') WHERE name NOT IN ('seq', 'id')",
  ).first<{ columns: string }>())!;
  for (let copy = 1; copy <= COPIES; copy++)
    await env.DB.prepare(
      `INSERT INTO ln_mistakes (id, ${columns}) SELECT id || '-copy-' || ?, ${columns} FROM ln_mistakes WHERE volume_key = ? AND id NOT LIKE '%-copy-%'`,
    )
      .bind(copy, key)
      .run();
  const [, code = "", number = "0"] = /^ln:(.+)-(\d+)$/.exec(key)!;
  const { notes } = (await env.DB.prepare("SELECT count(*) AS notes FROM ln_mistakes WHERE volume_key = ?")
    .bind(key)
    .first<{ notes: number }>())!;
  volume = { code, number: Number(number), notes };
  ({ severity } = (await env.DB.prepare(
    "SELECT severity FROM ln_mistakes WHERE volume_key = ? GROUP BY severity ORDER BY count(*) DESC LIMIT 1",
  )
    .bind(key)
    .first<{ severity: MistakeSeverity }>())!);
});

describe("the notes hub's counts", () => {
  it("are a row per medium and severity for a first load and for the shield off, in the page's one round trip", async () => {
    for (const knowledge of [noKnowledge, allKnowledge]) {
      const { db, counted } = countingRows();
      const hub = await getTranslationMetaHub(db, knowledge);
      expect(counted.roundTrips).toBe(1);
      // The counts, and the newest lines of each medium the page keeps eight of.
      expect(counted.rows).toBeLessThanOrEqual(6 + 2 * 8);
      expect(hub.newest).toHaveLength(8);
      // D1 reads the counts' rows, not every entry.
      expect(counted.firstRead).toBeLessThanOrEqual(6);
    }
  });

  it("are, for every reader, the entries the one rule lets them know, by severity", async () => {
    const readers: Knowledge[] = [
      noKnowledge,
      allKnowledge,
      { ...noKnowledge, unreachedTitles: "show" },
      known("ln:main-3"),
      known("anime:1-4,-anime:1-2"),
      known(`wn:2-10,ln:${volume.code}-${volume.number}`),
    ];
    for (const knowledge of readers)
      expect((await getTranslationMetaHub(env.DB, knowledge)).counts).toEqual(await countedOneByOne(knowledge));
    // Someone knows something of both media, and not everything.
    const reader = await getTranslationMetaHub(env.DB, known(`wn:2-10,ln:${volume.code}-${volume.number}`));
    expect(Object.values(reader.counts.light_novel.knownBySeverity).some((count) => count > 0)).toBe(true);
  });

  it("follow the entries as they are judged again, taken down and added", async () => {
    const anime = (await env.DB.prepare("SELECT id, severity FROM anime_mistakes ORDER BY id LIMIT 2").all<{
      id: string;
      severity: MistakeSeverity;
    }>())!.results;
    const [judged, removed] = anime;
    await env.DB.batch([
      env.DB.prepare("UPDATE anime_mistakes SET severity = ? WHERE id = ?").bind(
        judged!.severity === "plot_relevant" ? "minor" : "plot_relevant",
        judged!.id,
      ),
      env.DB.prepare("DELETE FROM anime_mistakes WHERE id = ?").bind(removed!.id),
      env.DB.prepare(
        "UPDATE ln_mistakes SET official = official || '.' WHERE id IN (SELECT id FROM ln_mistakes LIMIT 3)",
      ),
    ]);
    for (const knowledge of [noKnowledge, allKnowledge])
      expect((await getTranslationMetaHub(env.DB, knowledge)).counts).toEqual(await countedOneByOne(knowledge));
  });
});

/** Each medium's entries, and by severity those the one rule lets the requester know, judged one by one. */
async function countedOneByOne(knowledge: Knowledge) {
  const { results: entries } = await env.DB.prepare(
    "SELECT 'light_novel' AS medium, severity, revealed_by FROM ln_mistakes UNION ALL SELECT 'anime', severity, revealed_by FROM anime_mistakes",
  ).all<{ medium: "light_novel" | "anime"; severity: MistakeSeverity; revealed_by: string }>();
  return Object.fromEntries(
    (["light_novel", "anime"] as const).map((medium) => {
      const ofMedium = entries.filter((entry) => entry.medium === medium);
      const knownBySeverity = { minor: 0, meaning_changing: 0, plot_relevant: 0 };
      for (const entry of ofMedium)
        if (knows(knowledge, readRevealers(entry.revealed_by))) knownBySeverity[entry.severity]++;
      return [medium, { total: ofMedium.length, knownBySeverity }];
    }),
  );
}

describe("a volume's page under a filter", () => {
  const filters: () => MistakeFilters = () => ({ category: null, severity, status: null });

  it("reads no entry for a first load, which knows none of them", async () => {
    const { db, counted } = countingRows();
    const page = await getVolumeMistakes(db, volume.code, volume.number, filters(), 1, noKnowledge);
    expect(counted.roundTrips).toBe(1);
    expect(page!.entries).toEqual([]);
    expect(page!.paging.total).toBe(0);
    expect(page!.unknown).toBe(volume.notes);
    // The volume, its total, and each entry's filters and revealers (what the counts are made of).
    expect(counted.rows).toBe(1 + 1 + volume.notes);
  });

  it("reads one page of matches with the shield off, the same as a reader who knows every entry is shown", async () => {
    // A reader far along the volume's collection knows each of its entries, and is judged one entry at a time.
    const reader = known(`ln:${volume.code}-900`);
    const whole = await getVolumeMistakes(env.DB, volume.code, volume.number, filters(), 1, reader);
    expect(whole!.unknown).toBe(0);
    expect(whole!.paging.total).toBeGreaterThan(LN_ENTRIES_PER_PAGE);
    for (const page of [1, 2]) {
      const { db, counted } = countingRows();
      const off = await getVolumeMistakes(db, volume.code, volume.number, filters(), page, allKnowledge);
      const theirs = await getVolumeMistakes(env.DB, volume.code, volume.number, filters(), page, reader);
      expect(counted.roundTrips).toBe(1);
      expect(off!.entries.map((entry) => entry.id)).toEqual(theirs!.entries.map((entry) => entry.id));
      expect(off!.entries.every((entry) => entry.content?.severity === severity)).toBe(true);
      expect(off!.paging).toEqual(theirs!.paging);
      expect(off!.facets).toEqual(theirs!.facets);
      expect(counted.rows).toBeLessThanOrEqual(1 + 1 + volume.notes + LN_ENTRIES_PER_PAGE);
    }
  });
});
