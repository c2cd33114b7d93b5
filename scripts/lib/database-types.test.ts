import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from "./database-types";

describe("the generated database types", () => {
  it("match the migrations (run `npm run db:types` after adding one)", async () => {
    expect(readFileSync(DATABASE_TYPES_FILE, "utf8")).toBe(await generateDatabaseTypes());
  });

  it("narrow a column to the values its CHECK constraint allows, and mark what SQLite fills in", async () => {
    const types = await generateDatabaseTypes();
    expect(types).toContain('kind: "prologue" | "chapter" | "interlude" | "epilogue";');
    expect(types).toContain("id: Generated<1>;");
    expect(types).toMatch(/author: string \| null;/);
    expect(types).not.toMatch(/search_index_data/);
  });
});
