import { describe, expect, it } from "vitest";
import { continuePlaces, passedOver, type UnitSpans } from "./continue-places";
import { emptyProgress, type Progress } from "./record";

const spans: UnitSpans = {
  arcs: [
    { group: 1, first: 1, last: 32, count: 32, named: [] },
    // A prologue, an interlude, and two routes the series numbers 19-A and 19-B.
    {
      group: 2,
      first: 1,
      last: 32,
      count: 32,
      named: [
        [1, "prologue", null],
        [10, "interlude", null],
        [20, "chapter", "19-A"],
        [21, "chapter", "19-B"],
      ],
    },
    // A real series' arc whose numbers skip (a chapter withdrawn, "123-A" split off): no next number is guessed.
    { group: 3, first: 1, last: 40, count: 38, named: [] },
  ],
  // The main collection's eighth volume is the series' "7.5", between its volumes 7 and 8.
  collections: [
    { group: "main", first: 1, last: 12, count: 12, named: [[8, "7.5"]] },
    { group: "ex", first: 1, last: 3, count: 3, named: [] },
  ],
  // Season 2's eighth episode is the series' recap "7.5", between its episodes 7 and 8.
  seasons: [
    { group: 1, first: 1, last: 12, count: 12, named: [] },
    { group: 2, first: 1, last: 13, count: 13, named: [[8, "7.5"]] },
  ],
  // The first series numbers an extra 6.5 between its chapters 6 and 7.
  manga: [
    {
      group: "wick",
      series: 1,
      first: 1,
      last: 11,
      count: 11,
      named: [
        [7, "6.5"],
        [8, "7"],
        [9, "8"],
        [10, "9"],
        [11, "10"],
      ],
    },
    { group: "tallow", series: 2, first: 1, last: 5, count: 5, named: [] },
  ],
  // Episode 5 shows season 1's episodes 7 and 8, leaving out 9; the last shows the end of 10, then 11 and 12.
  recuts: [
    {
      group: "anime/1r1",
      season: 1,
      recut: 1,
      first: 1,
      last: 6,
      count: 6,
      held: [
        [1, 1],
        [1, 2],
        [2, 3],
        [3, 4],
        [3, 5],
        [4, 6],
        [5, 7],
        [5, 8],
        [6, 10],
        [6, 11],
        [6, 12],
      ],
    },
  ],
  // Announced, not out when the page was made: the main collection's last volume, season 2's last episode, arc 3.
  coming: [
    ["ln:main-12", "2027-03"],
    ["anime:2-13", "2027-Q2"],
    ["wn:3-1", "2027"],
  ],
};
const collections = [
  { code: "main", name: "Lanternfall" },
  { code: "ex", name: "Lanternfall EX" },
];
const at = (progress: Partial<Progress>) => ({ ...emptyProgress, ...progress });
const places = (progress: Partial<Progress>) =>
  continuePlaces(at(progress), spans, collections).map(({ kind, key, text }) => ({ kind, key, text }));

describe("continuePlaces", () => {
  it("names the unit after the reader's place, not the one they finished", () => {
    // Named as the site names it, not by its place in reading order: the prologue and interlude are no chapters.
    expect(places({ webNovel: "wn:2-14" })).toEqual([{ kind: "next", key: "wn:2-15", text: "Arc 2, chapter 13" }]);
    expect(places({ webNovel: "wn:2-19" })).toEqual([{ kind: "next", key: "wn:2-20", text: "Arc 2, chapter 19-A" }]);
    expect(places({ webNovel: "wn:2-9" })).toEqual([{ kind: "next", key: "wn:2-10", text: "Arc 2, interlude" }]);
    expect(places({ anime: "anime:1-5" })).toEqual([{ kind: "next", key: "anime:1-6", text: "Season 1, episode 6" }]);
    expect(places({ anime: "anime:2-7" })).toEqual([{ kind: "next", key: "anime:2-8", text: "Season 2, episode 7.5" }]);
    expect(places({ lightNovels: ["ln:main-3"] })).toEqual([{ kind: "next", key: "ln:main-4", text: "Lanternfall 4" }]);
    expect(places({ lightNovels: ["ln:main-7"] })).toEqual([
      { kind: "next", key: "ln:main-8", text: "Lanternfall 7.5" },
    ]);
  });

  it("goes on to the next arc or season after the last of one", () => {
    expect(places({ webNovel: "wn:1-32" })).toEqual([{ kind: "next", key: "wn:2-1", text: "Arc 2, prologue" }]);
    expect(places({ anime: "anime:1-12" })).toEqual([{ kind: "next", key: "anime:2-1", text: "Season 2, episode 1" }]);
  });

  it("says the reader is caught up after the last unit of a medium or collection", () => {
    expect(places({ anime: "anime:2-13", lightNovels: ["ln:ex-3", "ln:main-2"] })).toEqual([
      { kind: "next", key: "ln:main-3", text: "Lanternfall 3" },
      { kind: "caught-up", key: "ln:ex-3", text: "Lanternfall EX 3" },
      { kind: "caught-up", key: "anime:2-13", text: "Season 2, episode 13" },
    ]);
  });

  it("guesses no number where a group's numbers have gaps, nor for a group it does not know", () => {
    // Where an arc's numbers skip, its chapters cannot be counted: the place is its arc.
    expect(places({ webNovel: "wn:3-5" })).toEqual([{ kind: "after", key: "wn:3-5", text: "Arc 3" }]);
    // The last of a gappy arc still goes on to what comes after it.
    expect(places({ webNovel: "wn:3-40" })).toEqual([{ kind: "caught-up", key: "wn:3-40", text: "Arc 3" }]);
    expect(places({ webNovel: "wn:9-1" })).toEqual([{ kind: "after", key: "wn:9-1", text: "Arc 9" }]);
  });

  it("goes on in each manga series started, by the numbers the series gives its chapters", () => {
    expect(places({ manga: ["manga:wick-5"] })).toEqual([
      { kind: "next", key: "manga:wick-6", text: "Manga 1, chapter 6" },
    ]);
    expect(places({ manga: ["manga:tallow-2", "manga:wick-6"] })).toEqual([
      { kind: "next", key: "manga:wick-7", text: "Manga 1, chapter 6.5" },
      { kind: "next", key: "manga:tallow-3", text: "Manga 2, chapter 3" },
    ]);
    // Read to its end, a series goes on into the next one the reader has not started.
    expect(places({ manga: ["manga:wick-11"] })).toEqual([
      { kind: "next", key: "manga:tallow-1", text: "Manga 2, chapter 1" },
    ]);
    expect(places({ manga: ["manga:wick-11", "manga:tallow-2"] })).toEqual([
      { kind: "caught-up", key: "manga:wick-11", text: "Manga 1, chapter 10" },
      { kind: "next", key: "manga:tallow-3", text: "Manga 2, chapter 3" },
    ]);
  });

  it("goes on in a recut, and after its last episode in the season's first episode it did not show, not the next season", () => {
    expect(places({ recuts: ["anime:1r1-3"] })).toEqual([
      { kind: "next", key: "anime:1r1-4", text: "Season 1 Recut, episode 4" },
    ]);
    // Watching season 2 would count the season's episodes the recut leaves out (episode 9) as watched too.
    expect(places({ recuts: ["anime:1r1-6"] })).toEqual([
      { kind: "next", key: "anime:1-9", text: "Season 1, episode 9" },
    ]);
    // Where gaps in the seasons' numbers hide it: on from the recut, no further.
    const gapped = { ...spans, seasons: [{ group: 1, first: 1, last: 12, count: 11, named: [] }] };
    expect(continuePlaces(at({ recuts: ["anime:1r1-6"] }), gapped, collections)).toEqual([
      { medium: "anime", kind: "after", key: "anime:1r1-6", text: "Season 1 Recut, episode 6" },
    ]);
    // A viewer of the seasons themselves past the recut's season is told where they are there, once.
    expect(places({ recuts: ["anime:1r1-6"], anime: "anime:2-4" })).toEqual([
      { kind: "next", key: "anime:2-5", text: "Season 2, episode 5" },
    ]);
  });

  it("goes on in the seasons past the episodes the reader watched in a recut", () => {
    expect(places({ anime: "anime:1-3", recuts: ["anime:1r1-4"] })[0]).toEqual({
      kind: "next",
      key: "anime:1-7",
      text: "Season 1, episode 7",
    });
    // The recut leaves out episode 9: it comes next, though the recut has gone past it.
    expect(places({ anime: "anime:1-8", recuts: ["anime:1r1-6"] })[0]).toMatchObject({ key: "anime:1-9" });
    // All the season's rest watched in the recut: the next season.
    expect(places({ anime: "anime:1-9", recuts: ["anime:1r1-6"] })[0]).toMatchObject({ key: "anime:2-1" });
    // Only what the reader reached in the recut counts.
    expect(places({ anime: "anime:1-3", recuts: ["anime:1r1-2"] })[0]).toMatchObject({ key: "anime:1-4" });
  });

  it("after a crossing from the anime names the chapter after the season's, and counts what it left out", () => {
    const crossed = at({ anime: "anime:1-12", webNovel: "wn:2-20", skipped: ["wn:1-7", "wn:2-3"] });
    expect(continuePlaces(crossed, spans, collections).map(({ key }) => key)).toEqual(["wn:2-21", "anime:2-1"]);
    expect(passedOver(crossed)).toBe("2 web novel chapters");
    expect(passedOver(at({ skipped: ["wn:1-7", "ln:main-2"] }))).toBe("1 web novel chapter and 1 volume");
    expect(passedOver(at({ skipped: ["manga:wick-7"] }))).toBe("1 manga chapter");
    expect(passedOver(at({ skipped: ["wn:1-7", "ln:main-2", "manga:wick-7", "manga:wick-9"] }))).toBe(
      "1 web novel chapter, 1 volume and 2 manga chapters",
    );
  });

  it("never offers what is not out by the reader's day: a month, a quarter or a year once it is over", () => {
    const on = (today: string, progress: Partial<Progress>) =>
      continuePlaces(at(progress), spans, collections, today).map(({ kind, key, released }) => ({
        kind,
        key,
        released,
      }));
    const reader = { lightNovels: ["ln:main-11"], anime: "anime:2-12", webNovel: "wn:2-32" };
    expect(on("2027-03-31", reader)).toEqual([
      { kind: "coming", key: "wn:3-1", released: "2027" },
      { kind: "coming", key: "ln:main-12", released: "2027-03" },
      { kind: "coming", key: "anime:2-13", released: "2027-Q2" },
    ]);
    expect(on("2027-07-01", reader)).toEqual([
      { kind: "coming", key: "wn:3-1", released: "2027" },
      { kind: "next", key: "ln:main-12", released: undefined },
      { kind: "next", key: "anime:2-13", released: undefined },
    ]);
    expect(on("2028-01-01", reader)[0]).toEqual({ kind: "next", key: "wn:3-1", released: undefined });
    // A unit without a date is out; a reader who marked one not out yet (older progress) is caught up.
    expect(on("2027-03-31", { lightNovels: ["ln:main-3"] })).toEqual([
      { kind: "next", key: "ln:main-4", released: undefined },
    ]);
    expect(on("2027-03-31", { lightNovels: ["ln:main-12"] })).toEqual([
      { kind: "caught-up", key: "ln:main-12", released: undefined },
    ]);
  });

  it("is nothing for a reader without progress", () => {
    expect(continuePlaces(null, spans, collections)).toEqual([]);
    expect(continuePlaces(emptyProgress, spans, collections)).toEqual([]);
    expect(passedOver(emptyProgress)).toBeNull();
  });
});
