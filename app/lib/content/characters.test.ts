import { describe, expect, it } from "vitest";
import { allKnowledge, knowledgeOfUnits, noKnowledge } from "../shield/knowledge";
import { mediaMetIn } from "./characters";

// Met at wn:1-8 in the web novel, the first volume, episode 2 and the manga's chapter 3 (decision 55).
const pell = ["wn:1-8", "ln:main-1", "anime:1-2", "manga:wick-3"];

describe("mediaMetIn", () => {
  it("names the media the reader met the character in, and only those", () => {
    expect(mediaMetIn(knowledgeOfUnits(["anime:1-4"]), pell)).toEqual(["anime"]);
    expect(mediaMetIn(knowledgeOfUnits(["manga:wick-5"]), pell)).toEqual(["manga"]);
    expect(mediaMetIn(knowledgeOfUnits(["wn:2-1", "anime:1-3", "ln:main-1"]), pell)).toEqual([
      "web_novel",
      "light_novels",
      "anime",
    ]);
  });

  it("leaves out a medium the reader follows but has not reached the character in", () => {
    expect(mediaMetIn(knowledgeOfUnits(["wn:1-9", "anime:1-1"]), pell)).toEqual(["web_novel"]);
    expect(mediaMetIn(noKnowledge, pell)).toEqual([]);
  });

  it("names every medium that shows them with the shield off", () => {
    expect(mediaMetIn(allKnowledge, pell)).toEqual(["web_novel", "light_novels", "anime", "manga"]);
  });
});
