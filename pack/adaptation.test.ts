import { describe, expect, it } from "vitest";
import {
  adaptationChanges,
  episodeAdaptation,
  episodeRunProblems,
  type PlacedRun,
  readBeforeShared,
  volumesOfEpisode,
} from "./adaptation";

/** Chapters wn:1-1 … wn:1-n at positions 1 … n. */
const chapters = (n: number) =>
  Array.from({ length: n }, (_, index) => ({ key: `wn:1-${index + 1}`, position: index + 1 }));
const episode = (number: number, from: number, to: number) => ({ key: `anime:1-${number}`, from, to });

describe("adaptationChanges", () => {
  it("finds nothing when the episodes cover their span in order, split chapters included", () => {
    expect(adaptationChanges([episode(1, 1, 4), episode(2, 5, 8), episode(3, 8, 10)], chapters(12))).toEqual([]);
  });

  it("gives each run of uncovered chapters inside the season's span to the episode that resumes after it", () => {
    expect(
      adaptationChanges([episode(1, 1, 4), episode(2, 7, 8), episode(3, 9, 9), episode(4, 11, 12)], chapters(20)),
    ).toEqual([
      { episode: "anime:1-2", kind: "skipped", from: "wn:1-5", to: "wn:1-6" },
      { episode: "anime:1-4", kind: "skipped", from: "wn:1-10", to: "wn:1-10" },
    ]);
  });

  it("gives the chapters an intercut episode passes over between its runs to that episode, and sees no step back", () => {
    // Episode 2 adapts 5 to 6 and 9; episode 3 goes on at 10.
    expect(
      adaptationChanges([episode(1, 1, 4), episode(2, 5, 6), episode(2, 9, 9), episode(3, 10, 12)], chapters(12)),
    ).toEqual([{ episode: "anime:1-2", kind: "skipped", from: "wn:1-7", to: "wn:1-8" }]);
  });

  it("does not count chapters before the season's first or after its last adapted chapter as skipped", () => {
    expect(adaptationChanges([episode(1, 3, 4), episode(2, 5, 6)], chapters(10))).toEqual([]);
  });

  it("finds an episode that goes back to chapters an earlier episode had passed", () => {
    expect(adaptationChanges([episode(1, 1, 6), episode(2, 4, 9), episode(3, 10, 12)], chapters(12))).toEqual([
      { episode: "anime:1-2", kind: "reordered", from: "wn:1-4", to: "wn:1-6" },
    ]);
  });

  it("measures going back against the furthest chapter reached, not only the previous episode", () => {
    // Episode 2 jumps ahead, episode 3 fills in what was left and is reordered; nothing is skipped.
    expect(adaptationChanges([episode(1, 1, 3), episode(2, 7, 9), episode(3, 4, 6)], chapters(9))).toEqual([
      { episode: "anime:1-3", kind: "reordered", from: "wn:1-4", to: "wn:1-6" },
    ]);
  });

  it("reports skipped runs across arcs in story order, whatever order the chapters come in", () => {
    const twoArcs = [
      { key: "wn:2-1", position: 4 },
      { key: "wn:1-3", position: 3 },
      { key: "wn:2-2", position: 5 },
      { key: "wn:1-1", position: 1 },
      { key: "wn:1-2", position: 2 },
    ];
    expect(adaptationChanges([episode(1, 1, 2), episode(2, 5, 5)], twoArcs)).toEqual([
      { episode: "anime:1-2", kind: "skipped", from: "wn:1-3", to: "wn:2-1" },
    ]);
  });

  it("finds nothing for a season without episodes", () => {
    expect(adaptationChanges([], chapters(3))).toEqual([]);
  });
});

const span = (number: number, from: number, to: number, overlapsPrevious = false) => ({
  key: `ln:main-${number}`,
  index: number - 1,
  from: { key: `wn:1-${from}`, position: from },
  to: { key: `wn:1-${to}`, position: to },
  overlapsPrevious,
});

describe("readBeforeShared", () => {
  it("ends a volume's reading before the chapters the next declares it shares, and nowhere else", () => {
    expect([...readBeforeShared([span(1, 1, 5), span(2, 5, 9, true), span(3, 10, 12)])]).toEqual([["ln:main-1", 4]]);
    // Refused by the check, and trusted by nothing: an overlap declared where the volumes share nothing.
    expect([...readBeforeShared([span(1, 1, 5), span(2, 6, 9, true)])]).toEqual([]);
  });
});

describe("volumesOfEpisode", () => {
  it("lists every volume whose range meets the episode's, in story order, both of a shared chapter's", () => {
    const spans = [span(2, 5, 9, true), span(1, 1, 5), span(3, 10, 12)];
    expect(volumesOfEpisode(spans, [{ from: 5, to: 5 }])).toEqual(["ln:main-1", "ln:main-2"]);
    expect(volumesOfEpisode(spans, [{ from: 9, to: 10 }])).toEqual(["ln:main-2", "ln:main-3"]);
    expect(volumesOfEpisode(spans, [{ from: 13, to: 14 }])).toEqual([]);
  });

  it("lists the volumes of each of an intercut episode's runs, not those of the chapters it passes over", () => {
    const spans = [span(1, 1, 4), span(2, 5, 8), span(3, 9, 12)];
    expect(
      volumesOfEpisode(spans, [
        { from: 3, to: 4 },
        { from: 10, to: 10 },
      ]),
    ).toEqual(["ln:main-1", "ln:main-3"]);
    expect(volumesOfEpisode(spans, [])).toEqual([]);
  });
});

describe("an episode's runs", () => {
  const run = (field: string, from: number, to: number): PlacedRun => ({
    from: `wn:1-${from}`,
    to: `wn:1-${to}`,
    field,
    fromField: `${field}.from`,
    toField: `${field}.to`,
    fromPosition: from,
    toPosition: to,
  });

  it("reads one run, and a list of runs, single chapters and side stories", () => {
    expect(episodeAdaptation({ from: "wn:3-1", to: "wn:3-5" }).runs).toEqual([
      { from: "wn:3-1", to: "wn:3-5", field: "adapts", fromField: "adapts.from", toField: "adapts.to" },
    ]);
    const listed = episodeAdaptation([{ from: "wn:3-10", to: "wn:3-12" }, "wn:3-15", "ss:lamp", "anime:1-2"]);
    expect(listed.runs.map(({ from, to, field }) => [from, to, field])).toEqual([
      ["wn:3-10", "wn:3-12", "adapts[0]"],
      ["wn:3-15", "wn:3-15", "adapts[1]"],
    ]);
    expect(listed.sideStories).toEqual([{ key: "ss:lamp", field: "adapts[2]" }]);
    expect(listed.strays).toEqual([{ key: "anime:1-2", field: "adapts[3]" }]);
    expect(episodeAdaptation(undefined)).toEqual({ runs: [], sideStories: [], strays: [] });
  });

  it("accepts runs in story order with chapters passed over between them", () => {
    expect(episodeRunProblems([run("adapts[0]", 10, 12), run("adapts[1]", 15, 15)])).toEqual([]);
  });

  it("refuses a run listed before one it comes after", () => {
    expect(episodeRunProblems([run("adapts[0]", 15, 15), run("adapts[1]", 10, 12)])).toEqual([
      {
        field: "adapts[1]",
        message:
          'wn:1-10 to wn:1-12 comes before wn:1-15 (adapts[0]) in the story: list the chapters an episode adapts in story order (a scene the episode moved is a change of kind "reordered")',
      },
    ]);
  });

  it("refuses runs that share chapters", () => {
    expect(episodeRunProblems([run("adapts[0]", 10, 12), run("adapts[1]", 12, 14)])).toEqual([
      {
        field: "adapts[1]",
        message:
          "wn:1-12 to wn:1-14 overlaps wn:1-10 to wn:1-12 (adapts[0]): they share wn:1-12; name each chapter once, in story order",
      },
    ]);
  });
});
