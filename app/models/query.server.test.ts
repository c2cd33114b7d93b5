import { describe, expect, it } from "vitest";
import { batch, query, slot } from "./query.server";

/** A D1 stand-in that keeps the statements it was handed: their SQL and bound values. */
function recordingDb() {
  const statements: Array<{ sql: string; values: unknown[] }> = [];
  const db = {
    prepare: (sql: string) => ({ bind: (...values: unknown[]) => ({ sql, values }) }),
    batch: async (given: Array<{ sql: string; values: unknown[] }>) => {
      statements.push(...given);
      return given.map(() => ({ results: [] }));
    },
  } as unknown as D1Database;
  return { db, statements };
}

const chaptersOf = (arc: number, after: number) =>
  query
    .selectFrom("chapters")
    .select(["key", "title"])
    .where("arc_number", "=", arc)
    .where("ordinal", ">", after)
    .orderBy("ordinal")
    .limit(10);

describe("slots in queries built once", () => {
  const built = chaptersOf(slot<number>("arc"), slot<number>("after"));

  it("sends the same SQL and values as a query built with the values", async () => {
    const withSlots = recordingDb();
    const rebuilt = recordingDb();
    for (const [arc, after] of [
      [2, 0],
      [7, 40],
    ] as const) {
      await batch(withSlots.db, [built], { arc, after });
      await batch(rebuilt.db, [chaptersOf(arc, after)]);
    }
    expect(withSlots.statements).toEqual(rebuilt.statements);
    expect(withSlots.statements[1]!.values).toEqual([7, 40, 10]);
  });

  it("gives each request its own values, not the last request's", async () => {
    const { db, statements } = recordingDb();
    await Promise.all([batch(db, [built], { arc: 1, after: 0 }), batch(db, [built], { arc: 3, after: 5 })]);
    expect(statements.map((statement) => statement.values)).toEqual([
      [1, 0, 10],
      [3, 5, 10],
    ]);
  });

  it("refuses to run a query whose slot has no value", async () => {
    const { db } = recordingDb();
    await expect(batch(db, [built], { arc: 1 })).rejects.toThrow(/slot "after"/);
    await expect(batch(db, [built])).rejects.toThrow(/slot "arc"/);
  });
});
