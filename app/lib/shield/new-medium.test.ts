import { describe, expect, it } from "vitest";
import { defineMedium, type MediumDefinition, numberedKey, numberedKeyPattern, unitMedia } from "../content/units";
import { knowledgeRules } from "./knowledge";

/*
 * Adding a medium is one row in the table of media (app/lib/content/units.ts): here a manga, read in
 * order volume by volume and chapter by chapter, joins a copy of the table, and the spoiler rule holds
 * for it as it does for the others, with nothing else changed. Without `numbering` its units are written
 * one by one in the reveal parameter; with it, consecutive ones as spans.
 */

interface MangaChapter {
  medium: "manga";
  volume: number;
  chapter: number;
}

const mangaDefinition = {
  pattern: numberedKeyPattern("mg", 2),
  parts: (groups) => {
    const [volume = 0, chapter = 0] = groups.map(Number);
    return { medium: "manga", volume, chapter };
  },
  key: ({ volume, chapter }) => numberedKey("mg", volume, chapter),
  reading: {
    inOrder: true,
    line: () => "manga",
    position: ({ volume, chapter }) => [volume, chapter],
    at: (parts, [volume = 0, chapter = 0]) => ({ ...parts, volume, chapter }),
  },
} satisfies MediumDefinition<MangaChapter>;
const manga = defineMedium<MangaChapter>(mangaDefinition);

const { hasConsumed, knowledgeOfUnits, knows, encodeKnowledge, parseKnowledge } = knowledgeRules({
  ...unitMedia,
  manga,
});

describe("a medium added to the table of media", () => {
  const reader = knowledgeOfUnits(["mg:3-20", "wn:2-14", "ss:short-stories-2-1"]);

  it("is read in order: the furthest chapter stands for every one before it, volumes before it whole", () => {
    for (const key of ["mg:1-1", "mg:2-99", "mg:3-1", "mg:3-20"]) expect(hasConsumed(reader, key), key).toBe(true);
    for (const key of ["mg:3-21", "mg:4-1"]) expect(hasConsumed(reader, key), key).toBe(false);
  });

  it("infers nothing across media, either way", () => {
    expect(hasConsumed(knowledgeOfUnits(["wn:9-99"]), "mg:1-1")).toBe(false);
    expect(hasConsumed(knowledgeOfUnits(["mg:9-99"]), "wn:1-1")).toBe(false);
    expect(hasConsumed(reader, "wn:2-14")).toBe(true);
  });

  it("reveals what its chapters reveal, through the one rule", () => {
    expect(knows(reader, ["mg:3-20"])).toBe(true);
    expect(knows(reader, ["mg:4-1", "wn:3-1"])).toBe(false);
    expect(knows(reader, ["mg:4-1", "wn:2-1"])).toBe(true);
    expect(knows(knowledgeOfUnits(["mg:5-1"], ["mg:3-2"]), ["mg:3-2"])).toBe(false);
  });

  it("travels in the reveal parameter and reads back the same", () => {
    const knowledge = knowledgeOfUnits(["mg:3-20", "wn:2-14", "ss:short-stories-2-1"], ["mg:2-4"]);
    const text = encodeKnowledge(knowledge);
    expect(text).toBe("-mg:2-4,mg:3-20,ss:short-stories-2-1,wn:2-14");
    expect(encodeKnowledge(parseKnowledge(text)!)).toBe(text);
    expect(parseKnowledge("mg:03-1")).toBeNull();
  });

  it("writes consecutive skipped chapters as a span once its chapters are numbered in runs", () => {
    const numbered = knowledgeRules({
      ...unitMedia,
      manga: defineMedium<MangaChapter>({
        ...mangaDefinition,
        numbering: { number: ({ chapter }) => chapter, at: (parts, chapter) => ({ ...parts, chapter }) },
      }),
    });
    const skipped = Array.from({ length: 300 }, (_, index) => numberedKey("mg", 2, index + 1));
    const text = numbered.encodeKnowledge(numbered.knowledgeOfUnits(["mg:3-20"], skipped));
    expect(text).toBe("-mg:2-1..300,mg:3-20");
    expect(numbered.hasConsumed(numbered.parseKnowledge(text)!, "mg:2-300")).toBe(false);
    expect(numbered.hasConsumed(numbered.parseKnowledge(text)!, "mg:2-301")).toBe(true);
    expect(parseKnowledge("-mg:2-1..300,mg:3-20")).toBeNull();
  });

  it("moves back before its first skipped chapter when the skipped chapters alone would not fit", () => {
    const skipped = Array.from({ length: 300 }, (_, index) => numberedKey("mg", 2, index + 1));
    const moved = parseKnowledge(encodeKnowledge(knowledgeOfUnits(["mg:3-20"], skipped)))!;
    expect(hasConsumed(moved, "mg:1-999")).toBe(true);
    expect(hasConsumed(moved, "mg:2-1")).toBe(false);
  });
});
