import { describe, expect, it } from "vitest";
import { allKnowledge, knowledgeOfUnits, noKnowledge } from "../shield/knowledge";
import { arcToOpen } from "./web-novel";

const arcs = [
  { number: 1, chapterCount: 30 },
  { number: 2, chapterCount: 41 },
  { number: 3, chapterCount: 12 },
];

// The rule itself (the next unit's view) is viewToOpen's (views.test.ts): here, which place it reads.
describe("arcToOpen", () => {
  it("opens on the arc of the chapter after the reader's place in the web novel", () => {
    expect(arcToOpen(arcs, knowledgeOfUnits(["wn:2-5"]))).toBe(2);
    expect(arcToOpen(arcs, knowledgeOfUnits(["wn:1-30"]))).toBe(2);
    // A place in another medium beside it moves nothing.
    expect(arcToOpen(arcs, knowledgeOfUnits(["wn:1-4", "anime:2-5", "ln:main-6"]))).toBe(1);
  });

  it("leaves the first arc to a reader with no place in the web novel, and to the shield turned off", () => {
    expect(arcToOpen(arcs, noKnowledge)).toBeNull();
    expect(arcToOpen(arcs, knowledgeOfUnits(["anime:2-5", "ln:main-6", "ss:short-stories-2-1"]))).toBeNull();
    expect(arcToOpen(arcs, allKnowledge)).toBeNull();
  });
});
