import { describe, expect, it } from "vitest";
import { cleanQuery, toFtsQuery } from "./search-query";

describe("toFtsQuery", () => {
  it("makes every word a required prefix", () => {
    expect(toFtsQuery("Ash ward")).toBe('"ash"* "ward"*');
  });
  it("treats FTS syntax as plain text", () => {
    expect(toFtsQuery('name:"x" OR NEAR(a b) -c *')).toBe('"name"* "x"* "or"* "near"* "a"* "b"* "c"*');
    expect(toFtsQuery('"')).toBeNull();
    expect(toFtsQuery("   ")).toBeNull();
  });
  it("keeps letters of every script", () => {
    expect(toFtsQuery("灰の番人 Élise")).toBe('"灰の番人"* "élise"*');
  });
});

describe("cleanQuery", () => {
  it("trims and bounds the query", () => {
    expect(cleanQuery("  vell ")).toBe("vell");
    expect(cleanQuery(null)).toBe("");
    expect(cleanQuery("x".repeat(500))).toHaveLength(100);
  });
});
