import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from "./database-types";

describe("the generated database types", () => {
  // Generated once (it starts a local D1 and runs every migration), read by both tests.
  let types: string;
  beforeAll(async () => {
    // On a loaded machine the local D1's proxy can fail to answer once (miniflare's synchronous fetch):
    // the types are made once more before the tests read them.
    types = await generateDatabaseTypes().catch(() => generateDatabaseTypes());
  }, 120_000);

  it("match the migrations (run `npm run db:types` after adding one)", () => {
    expect(readFileSync(DATABASE_TYPES_FILE, "utf8")).toBe(types);
  });

  it("narrow a column to the values its CHECK constraint allows, and mark what SQLite fills in", () => {
    expect(types).toContain(
      'kind: Generated<"prologue" | "chapter" | "interlude" | "extra" | "epilogue" | "afterword">;',
    );
    expect(types).toContain("id: Generated<1>;");
    expect(types).toMatch(/author: string \| null;/);
    expect(types).not.toMatch(/search_index_data/);
  });
});
