import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cleanQuery,
  parseSearchKind,
  searchKindLabels,
  searchKinds,
  searchWords,
  toFtsQuery,
  toNameFtsQuery,
  toTitleFtsQuery,
} from "./query";

describe("toFtsQuery", () => {
  it("makes every word a required prefix", () => {
    expect(toFtsQuery("Ash ward")).toBe('"ash"* "ward"*');
  });
  it("matches a number as a whole word: episode 8 is not episode 80", () => {
    expect(toFtsQuery("Episode 8")).toBe('"episode"* "8"');
    expect(toFtsQuery("chapter 123-A")).toBe('"chapter"* "123" "a"*');
    expect(toFtsQuery("第１２話")).toBe('"第12話"*');
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

describe("toNameFtsQuery", () => {
  it("asks for the same words in names and aliases only", () => {
    expect(toNameFtsQuery("Ilse mar")).toBe('{title aliases}: ("ilse"* "mar"*)');
    expect(toNameFtsQuery(" - ")).toBeNull();
  });
});

describe("toTitleFtsQuery", () => {
  it("asks for the same words in titles only", () => {
    expect(toTitleFtsQuery("Ash ward")).toBe('{title}: ("ash"* "ward"*)');
    expect(toTitleFtsQuery(" - ")).toBeNull();
  });
});

describe("parseSearchKind", () => {
  it("takes every kind the results page offers and ignores anything else", () => {
    for (const kind of searchKinds) expect(parseSearchKind(kind)).toBe(kind);
    expect(searchKinds).toEqual([
      "character",
      "arc",
      "chapter",
      "volume",
      "side_story",
      "season",
      "episode",
      "break_time",
      "anime_special",
      "manga_series",
      "manga_chapter",
      "translation_note",
    ]);
    for (const other of [null, undefined, "", "Character", "toString", "__proto__", "episode "])
      expect(parseSearchKind(other)).toBeNull();
  });
  it("names each kind", () => {
    expect(Object.keys(searchKindLabels)).toEqual(searchKinds);
  });
});

describe("searchWords", () => {
  const bytes = (text: string) => new TextEncoder().encode(text).length;
  it("keeps every word within D1's LIKE pattern limit once wrapped in % signs, whole characters only", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: "grapheme", maxLength: 200 }), fc.string({ unit: "binary", maxLength: 200 })),
        (input) => {
          for (const word of searchWords(input, 50)) {
            expect(bytes(`%${word}%`)).toBeLessThanOrEqual(50);
            expect(word).toMatch(/^[\p{L}\p{N}\p{M}]+$/u);
          }
        },
      ),
    );
  });
  it("cuts a long word at its last whole character and keeps short ones", () => {
    expect(searchWords("灯".repeat(17))).toEqual(["灯".repeat(16)]);
    expect(searchWords("a".repeat(48) + " b".repeat(2))).toEqual(["a".repeat(48), "b", "b"]);
    expect(searchWords("a".repeat(49))).toEqual(["a".repeat(48)]);
    expect(searchWords("😀".repeat(13) + "x")).toEqual(["x"]);
    expect(searchWords("é".repeat(30))).toEqual(["é".repeat(24)]);
    expect(searchWords("ab%_cd")).toEqual(["ab", "cd"]);
  });
});
