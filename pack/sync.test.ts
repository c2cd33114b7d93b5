import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadPack } from "./folder";
import { contentTables, planSync } from "./sync";

/** The columns of every table the migrations create, add, drop and rename, in order. */
function migratedColumns() {
  const sql = readdirSync("migrations")
    .filter((name) => name.endsWith(".sql"))
    .map((name) => readFileSync(join("migrations", name), "utf8"))
    .join("\n");
  const tables = new Map<string, string[]>();
  // Tables made, columns added, dropped and renamed, and tables renamed, in the order the migrations do it
  // (a table made again under its own name replaces the one dropped before).
  for (const [, created, body, name, change, column, renamed, table] of sql.matchAll(
    /CREATE TABLE (\w+) \(\n([\s\S]*?)\n\)[^;\n]*;|ALTER TABLE (\w+) (?:(ADD|DROP|RENAME) COLUMN (\w+)(?: TO (\w+))?|RENAME TO (\w+))/g,
  )) {
    if (created) {
      const columns = body!
        .split("\n")
        .map((line) => line.trim().split(/\s+/)[0]!)
        // Column lines start with a lowercase name; constraints (UNIQUE, PRIMARY KEY, CHECK) do not.
        .filter((word) => /^[a-z_]+$/.test(word));
      tables.set(created, columns);
      continue;
    }
    if (table) {
      tables.set(table, tables.get(name!)!);
      tables.delete(name!);
      continue;
    }
    const columns = tables.get(name!);
    if (!columns) continue;
    if (change === "ADD") columns.push(column!);
    else if (change === "DROP") columns.splice(columns.indexOf(column!), 1);
    else columns.splice(columns.indexOf(column!), 1, renamed!);
  }
  return tables;
}

describe("content rows", () => {
  it("fill exactly the columns of each table, leaving out only those SQLite generates", async () => {
    const { rows } = await loadPack("tests/fixtures/packs/tiny", "tiny");
    const columns = migratedColumns();
    expect(contentTables.map(({ name }) => name).sort()).toEqual(Object.keys(rows!).sort());
    for (const { name, generated = [] } of contentTables) {
      const expected = columns
        .get(name)!
        .filter((column) => !generated.includes(column))
        .sort();
      expect(rows![name].length, name).toBeGreaterThan(0);
      for (const row of rows![name]) expect(Object.keys(row).sort(), name).toEqual(expected);
    }
  });
});

describe("planSync", () => {
  const current = {
    arcs: [
      { number: 1, title: "One", original_title: null, summary: null, phases: "[]" },
      { number: 2, title: "Two", original_title: null, summary: null, phases: "[]" },
    ],
    search_entries: [
      {
        id: 7,
        ref: "chapter:wn:1-1",
        kind: "chapter",
        title: "A",
        subtitle: "s",
        path: "/p",
        aliases: "",
        body: "",
        reveal_position: null,
      },
    ],
  };

  it("plans nothing for the same rows", () => {
    const desired = {
      arcs: current.arcs.map((row) => ({ ...row })),
      search_entries: [
        {
          ref: "chapter:wn:1-1",
          kind: "chapter",
          title: "A",
          subtitle: "s",
          path: "/p",
          aliases: "",
          body: "",
          reveal_position: null,
        },
      ],
    };
    expect(planSync(desired, current)).toEqual({ statements: [], changes: [] });
  });

  it("updates changed columns only, adds new rows and removes missing ones", () => {
    const desired = {
      arcs: [
        { number: 1, title: "One, revised", original_title: null, summary: null, phases: "[]" },
        { number: 3, title: "Three", original_title: null, summary: null, phases: "[]" },
      ],
      search_entries: [],
    };
    const { statements, changes } = planSync(desired, current);
    expect(changes).toEqual([
      { table: "arcs", added: 1, updated: 1, removed: 1 },
      { table: "search_entries", added: 0, updated: 0, removed: 1 },
    ]);
    expect(statements).toEqual([
      { sql: "DELETE FROM search_entries WHERE ref = ?", params: ["chapter:wn:1-1"] },
      { sql: "DELETE FROM arcs WHERE number = ?", params: [2] },
      { sql: "UPDATE arcs SET title = ? WHERE number = ?", params: ["One, revised", 1] },
      {
        sql: "INSERT INTO arcs (number, title, original_title, summary, phases) VALUES (?, ?, ?, ?, ?)",
        params: [3, "Three", null, null, "[]"],
      },
    ]);
  });

  it("adds new rows several to a statement, binding at most 100 values each", () => {
    const arcs = Array.from({ length: 45 }, (_, index) => ({
      number: index + 1,
      title: `Arc ${index + 1}`,
      original_title: null,
      summary: null,
      phases: "[]",
    }));
    const { statements, changes } = planSync({ arcs }, {});
    expect(changes).toEqual([{ table: "arcs", added: 45, updated: 0, removed: 0 }]);
    // Five columns a row: 20 rows, 20 rows, then the last 5.
    expect(statements.map((statement) => statement.params.length)).toEqual([100, 100, 25]);
    expect(statements[2]).toEqual({
      sql: `INSERT INTO arcs (number, title, original_title, summary, phases) VALUES ${Array(5).fill("(?, ?, ?, ?, ?)").join(", ")}`,
      params: arcs.slice(40).flatMap((arc) => [arc.number, arc.title, null, null, "[]"]),
    });
    // Rows that fill other columns go in a statement of their own.
    const [first, second] = planSync(
      { arcs: [arcs[0]!, { number: 2, title: "Two", phases: "[]" } as (typeof arcs)[number]] },
      {},
    ).statements;
    expect([first?.sql, second?.sql]).toEqual([
      "INSERT INTO arcs (number, title, original_title, summary, phases) VALUES (?, ?, ?, ?, ?)",
      "INSERT INTO arcs (number, title, phases) VALUES (?, ?, ?)",
    ]);
  });
});
