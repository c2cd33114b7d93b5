/**
 * What the API's list of translation notes costs the Worker: the page asked for, not every note. Over
 * the demo pack with each light novel note stored again several times, the rows D1 hands back for a
 * page are the page's notes and a count per distinct revealers value, however many notes there are.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { REVEAL_PARAMETER } from "~/lib/shield/knowledge";
import { fetchDeployed } from "../support/site";
import { importTestPack } from "../support/packs";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const COPIES = 6;
let notes = 0;

/** The database, counting the rows its batches hand back. */
function countingRows() {
  const counted = { rows: 0 };
  const db = new Proxy(env.DB, {
    get(target, property) {
      if (property === "batch")
        return async (statements: D1PreparedStatement[]) => {
          const results = await target.batch(statements);
          for (const result of results) counted.rows += result.results.length;
          return results;
        };
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db, counted };
}

beforeAll(async () => {
  await importTestPack("demo");
  const { columns } = (await env.DB.prepare(
    "SELECT group_concat(name) AS columns FROM pragma_table_info('ln_mistakes') WHERE name NOT IN ('seq', 'id')",
  ).first<{ columns: string }>())!;
  for (let copy = 1; copy <= COPIES; copy++)
    await env.DB.prepare(
      `INSERT INTO ln_mistakes (id, ${columns}) SELECT id || '-copy-' || ?, ${columns} FROM ln_mistakes WHERE id NOT LIKE '%-copy-%'`,
    )
      .bind(copy)
      .run();
  notes = (await env.DB.prepare("SELECT count(*) AS notes FROM ln_mistakes").first<{ notes: number }>())!.notes;
});

describe("the API's translation notes", () => {
  it("hands the Worker a page of notes and a count per revealers value, not every note", async () => {
    const { revealers: distinct } = (await env.DB.prepare(
      "SELECT (SELECT count(DISTINCT revealed_by) FROM ln_mistakes) + (SELECT count(DISTINCT revealed_by) FROM anime_mistakes) AS revealers",
    ).first<{ revealers: number }>())!;
    expect(notes).toBeGreaterThan(COPIES * distinct);
    let client = 0;
    for (const query of [`${REVEAL_PARAMETER}=all&per_page=10`, `${REVEAL_PARAMETER}=all&per_page=10&page=40`, ""]) {
      const { db, counted } = countingRows();
      const response = await fetchDeployed(`/api/v1/translation-notes?${query}`, {
        headers: { "CF-Connecting-IP": `198.51.100.${++client}` },
        bindings: { DB: db },
      });
      expect(response.status, query).toBe(200);
      const body = (await response.json()) as { items: unknown[]; total: number };
      if (query) expect([body.items.length, body.total]).toEqual([10, expect.any(Number)]);
      if (query) expect(body.total).toBeGreaterThan(notes);
      // A count per revealers value, the page, and the rate limit's few rows.
      expect(counted.rows, query).toBeLessThanOrEqual(distinct + 10 + 5);
    }
  });
});
