import { describe, expect, it } from "vitest";
import { knowledgeOfUnits, knows, readRevealers } from "../shield/knowledge";
import { episodeMistakes, type ListedAnimeMistake, listedAnimeMistake } from "./entries";
import { parseUnitKey } from "../content/units";

function entry(id: string, episode: string, revealedBy: string | null): ListedAnimeMistake {
  const { season, episode: number } = parseUnitKey(episode, "anime")!;
  return listedAnimeMistake({
    id,
    category: "omission",
    severity: "minor",
    status: "confirmed",
    credits: [],
    addedOn: "2020-01-01",
    updatedOn: null,
    episode: {
      medium: "anime",
      key: episode,
      season,
      number,
      label: null,
      title: { revealedBy: null, content: `Episode ${number}` },
      position: number,
    },
    start: 0,
    end: 5,
    platform: "StreamCo",
    track: "subtitles",
    revealedBy: readRevealers(revealedBy),
    content: null,
  });
}

describe("episodeMistakes", () => {
  it("groups entries by episode in the order they come, each group revealed by what reveals any of its entries, the episode first", () => {
    const groups = episodeMistakes([
      entry("a", "anime:1-1", "anime:1-1 wn:1-2"),
      entry("b", "anime:1-2", "wn:4-28 ln:main-8 anime:2-12"),
      entry("c", "anime:1-2", "anime:1-2 wn:2-1"),
      entry("d", "anime:1-1", "anime:1-1 wn:1-2"),
    ]);
    expect(groups.map((group) => [group.key, group.content?.map((each) => each.id), group.revealedBy])).toEqual([
      ["anime:1-1", ["a", "d"], ["anime:1-1", "wn:1-2"]],
      ["anime:1-2", ["b", "c"], ["anime:1-2", "wn:4-28", "ln:main-8", "anime:2-12", "wn:2-1"]],
    ]);
    // Known when any entry is: a reader at wn:2-1 sees the second episode, whose first entry stays beyond them.
    expect(knows(knowledgeOfUnits(["wn:2-1"]), groups[1]!.revealedBy)).toBe(true);
    expect(knows(knowledgeOfUnits(["wn:2-1"]), groups[1]!.content![0]!.revealedBy)).toBe(false);
  });

  it("spoils nothing if one entry spoils nothing; is revealed by nothing if none is", () => {
    expect(
      episodeMistakes([entry("a", "anime:1-1", "anime:1-1"), entry("b", "anime:1-1", null)])[0]!.revealedBy,
    ).toBeNull();
    expect(episodeMistakes([entry("a", "anime:1-1", ""), entry("b", "anime:1-1", "")])[0]!.revealedBy).toEqual([]);
  });
});
