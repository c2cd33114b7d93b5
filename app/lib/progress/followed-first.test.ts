import { describe, expect, it } from "vitest";
import { followedFirst, onlyMedium } from "./followed-first";
import { emptyProgress, type Progress } from "./record";

const progress = (places: Partial<Progress>): Progress => ({ ...emptyProgress, ...places });
/** Story positions: the anime's first season adapts arc 1 (episode n at chapter 5n), the first volume arc 1. */
const positions = new Map([
  ["wn:1-5", 5],
  ["wn:1-20", 20],
  ["wn:2-3", 33],
  ["anime:1-1", 5],
  ["anime:1-4", 20],
  ["ln:main-1", 30],
  ["ln:ex-1", 12],
  ["bt:1-2", 10],
  ["anime:1r1-3", 30],
  ["sp:the-film", 25],
  // A manga chapter stands at the last chapter it adapts: wick's chapter 4 at wn:1-20, tallow's chapter 1 at wn:2-3.
  ["manga:wick-4", 20],
  ["manga:tallow-1", 33],
]);
const positionOf = (key: string) => positions.get(key);

describe("the medium a reader follows first", () => {
  it("is none for a reader with no place in a medium a name can differ in", () => {
    expect(followedFirst(null, positionOf)).toBeNull();
    expect(followedFirst(progress({ sideStories: ["ss:short-stories-2-1"] }), positionOf)).toBeNull();
    expect(onlyMedium(progress({ sideStories: ["ss:short-stories-2-1"] }))).toEqual({ medium: null });
  });

  it("is the one medium a reader has a place in, without the story's timeline (Break Time shorts are the anime's)", () => {
    expect(onlyMedium(progress({ anime: "anime:1-1" }))).toEqual({ medium: "anime" });
    expect(onlyMedium(progress({ breakTime: ["bt:1-2"] }))).toEqual({ medium: "anime" });
    // A recut's episodes and the OVAs, specials and films are the anime's too.
    expect(onlyMedium(progress({ recuts: ["anime:1r1-3"] }))).toEqual({ medium: "anime" });
    expect(onlyMedium(progress({ animeSpecials: ["sp:the-film"] }))).toEqual({ medium: "anime" });
    expect(onlyMedium(progress({ lightNovels: ["ln:ex-1", "ln:main-1"] }))).toEqual({ medium: "light_novels" });
    expect(onlyMedium(progress({ webNovel: "wn:1-5", anime: "anime:1-1" }))).toBeNull();
  });

  it("is, of several, the one the reader is furthest in along the story; on a tie, the one the series came out in first", () => {
    expect(followedFirst(progress({ webNovel: "wn:1-5", anime: "anime:1-4" }), positionOf)).toBe("anime");
    expect(followedFirst(progress({ webNovel: "wn:2-3", anime: "anime:1-4" }), positionOf)).toBe("web_novel");
    expect(followedFirst(progress({ webNovel: "wn:1-20", anime: "anime:1-4" }), positionOf)).toBe("web_novel");
    expect(followedFirst(progress({ webNovel: "wn:1-20", lightNovels: ["ln:ex-1", "ln:main-1"] }), positionOf)).toBe(
      "light_novels",
    );
    expect(followedFirst(progress({ anime: "anime:1-1", breakTime: ["bt:1-2"], webNovel: "wn:1-5" }), positionOf)).toBe(
      "anime",
    );
    expect(followedFirst(progress({ recuts: ["anime:1r1-3"], webNovel: "wn:1-20" }), positionOf)).toBe("anime");
  });

  it("counts the manga: a reader of the manga alone follows it, one of several media is placed by their furthest series", () => {
    expect(onlyMedium(progress({ manga: ["manga:tallow-1", "manga:wick-4"] }))).toEqual({ medium: "manga" });
    expect(followedFirst(progress({ manga: ["manga:wick-4"] }), positionOf)).toBe("manga");
    expect(followedFirst(progress({ manga: ["manga:wick-4"], webNovel: "wn:2-3" }), positionOf)).toBe("web_novel");
    expect(followedFirst(progress({ manga: ["manga:wick-4"], anime: "anime:1-1" }), positionOf)).toBe("manga");
    // The furthest series counts, whichever of them came first.
    expect(
      followedFirst(progress({ manga: ["manga:tallow-1", "manga:wick-4"], webNovel: "wn:1-20" }), positionOf),
    ).toBe("manga");
    // Level with the chapter it adapts: the web novel came out first.
    expect(followedFirst(progress({ manga: ["manga:wick-4"], webNovel: "wn:1-20" }), positionOf)).toBe("web_novel");
    // The manga came out before the anime.
    expect(followedFirst(progress({ manga: ["manga:wick-4"], anime: "anime:1-4" }), positionOf)).toBe("manga");
  });
});
