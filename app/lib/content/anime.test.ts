import { describe, expect, it } from "vitest";
import { allKnowledge, knowledgeOfUnits, noKnowledge } from "../shield/knowledge";
import { seasonToOpen } from "./anime";

const seasons = [
  { number: 1, episodeCount: 13 },
  { number: 2, episodeCount: 13 },
  { number: 3, episodeCount: 12 },
];

// The rule itself (the next unit's view) is viewToOpen's (views.test.ts): here, which place it reads.
describe("seasonToOpen", () => {
  it("opens on the season of the episode after the viewer's place in the anime", () => {
    expect(seasonToOpen(seasons, knowledgeOfUnits(["anime:2-5"]))).toBe(2);
    expect(seasonToOpen(seasons, knowledgeOfUnits(["anime:1-13"]))).toBe(2);
    expect(seasonToOpen(seasons, knowledgeOfUnits(["anime:1-4", "wn:5-2"]))).toBe(1);
  });

  it("leaves the first season to a reader with no place in the anime, a recut's viewer and the shield turned off", () => {
    expect(seasonToOpen(seasons, noKnowledge)).toBeNull();
    expect(seasonToOpen(seasons, knowledgeOfUnits(["wn:4-20", "ln:main-6", "bt:2-1"]))).toBeNull();
    expect(seasonToOpen(seasons, knowledgeOfUnits(["anime:2r1-3"]))).toBeNull();
    expect(seasonToOpen(seasons, allKnowledge)).toBeNull();
  });
});
