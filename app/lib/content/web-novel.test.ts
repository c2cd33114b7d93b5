import { describe, expect, it } from "vitest";
import { allKnowledge, knowledgeOfUnits, noKnowledge } from "../shield/knowledge";
import { arcToOpen } from "./web-novel";

const arcs = [
  { number: 1, chapterCount: 30 },
  { number: 2, chapterCount: 41 },
  // An arc announced with no chapter out yet.
  { number: 3, chapterCount: 0 },
  { number: 4, chapterCount: 12 },
];

describe("arcToOpen", () => {
  it("opens where the reader's next chapter is: their own arc partway through it, the next once it is read", () => {
    expect(arcToOpen(arcs, knowledgeOfUnits(["wn:2-5"]))).toBe(2);
    expect(arcToOpen(arcs, knowledgeOfUnits(["wn:1-30"]))).toBe(2);
    // Past an arc with no chapter out yet.
    expect(arcToOpen(arcs, knowledgeOfUnits(["wn:2-41"]))).toBe(4);
    // A place in another medium beside it moves nothing.
    expect(arcToOpen(arcs, knowledgeOfUnits(["wn:1-4", "anime:2-5", "ln:main-6"]))).toBe(1);
  });

  it("stays on the last arc read when nothing later is listed", () => {
    expect(arcToOpen(arcs, knowledgeOfUnits(["wn:4-12"]))).toBe(4);
    expect(arcToOpen(arcs.slice(0, 2), knowledgeOfUnits(["wn:2-41"]))).toBe(2);
  });

  it("leaves the first arc to a reader with no place in the web novel, and to the shield turned off", () => {
    expect(arcToOpen(arcs, noKnowledge)).toBeNull();
    expect(arcToOpen(arcs, knowledgeOfUnits(["anime:2-5", "ln:main-6", "ss:festival-night"]))).toBeNull();
    expect(arcToOpen(arcs, allKnowledge)).toBeNull();
  });
});
