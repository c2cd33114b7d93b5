import { describe, expect, it } from "vitest";
import type { Medium } from "../content/units";
import { gated } from "../shield/gated";
import { emptyProgress, type Progress } from "./record";
import type { TrackerUnit } from "./tracker-units";
import { readerPlaces, storyPlace, upNext } from "./up-next";

const unit = (
  key: string,
  position: number,
  medium: Medium,
  coveredBy: string[] = [],
  more: Partial<TrackerUnit> = {},
): TrackerUnit => ({
  key,
  medium,
  position,
  label: key,
  title: gated(null, key),
  group: medium,
  collection: null,
  coveredBy: [key, ...coveredBy],
  ...more,
});

/**
 * A season of four episodes, the first two held by its recut's first episode and the last two by its
 * second; a short aired with each episode, the web novel beside them, a side story between episodes and
 * a side volume that fits after the season.
 */
const units = [
  unit("wn:1-1", 5, "web_novel"),
  unit("anime:1-1", 10, "anime", ["anime:1r1-1"]),
  unit("bt:1-1", 11, "break_time"),
  unit("anime:1-2", 20, "anime", ["anime:1r1-1"]),
  unit("anime:1r1-1", 20, "anime"),
  unit("bt:1-2", 21, "break_time"),
  unit("ss:between", 25, "side_stories"),
  unit("anime:1-3", 30, "anime", ["anime:1r1-2"]),
  unit("bt:1-3", 31, "break_time"),
  unit("anime:1-4", 40, "anime", ["anime:1r1-2"]),
  unit("anime:1r1-2", 40, "anime"),
  unit("bt:1-4", 41, "break_time"),
  unit("ln:ex-1", 50, "light_novels", [], { collection: "ex", sideVolume: true }),
  unit("wn:1-2", 60, "web_novel"),
  unit("anime:1-5", 70, "anime"),
];

const progress = (changes: Partial<Progress>): Progress => ({ ...emptyProgress, ...changes });

describe("readerPlaces", () => {
  it("puts the reader in the story where they are furthest, and in the anime where they watched to, apart", () => {
    // Reading ahead of the anime moves the story on, not where the shorts are behind the reader.
    expect(readerPlaces(progress({ webNovel: "wn:1-2", anime: "anime:1-3" }), units)).toEqual({ story: 60, anime: 30 });
    // The recut's place counts for both where it is ahead of the season's, and the season's where it is ahead.
    expect(readerPlaces(progress({ anime: "anime:1-1", recuts: ["anime:1r1-2"] }), units)).toEqual({
      story: 40,
      anime: 40,
    });
    expect(readerPlaces(progress({ anime: "anime:1-3", recuts: ["anime:1r1-1"] }), units)).toEqual({
      story: 30,
      anime: 30,
    });
    // A book of side stories, a ticked story or a short says nothing of either.
    expect(
      readerPlaces(progress({ lightNovels: ["ln:ex-1"], sideStories: ["ss:between"], breakTime: ["bt:1-4"] }), units),
    ).toEqual({ story: -1, anime: -1 });
  });

  it("is what storyPlace says, and what Up next works out for itself when it is not handed them", () => {
    const readers = [
      emptyProgress,
      progress({ webNovel: "wn:1-2", anime: "anime:1-3" }),
      progress({ webNovel: "wn:1-1", recuts: ["anime:1r1-1"] }),
      progress({ anime: "anime:1-1", recuts: ["anime:1r1-2"] }),
      progress({ anime: "anime:1-4", recuts: ["anime:1r1-1"], lightNovels: ["ln:ex-1"] }),
    ];
    for (const reader of readers) {
      const places = readerPlaces(reader, units);
      expect(storyPlace(reader, units)).toBe(places.story);
      expect(upNext(reader, units, 6, places)).toEqual(upNext(reader, units));
    }
    // Handed places, Up next goes by them: the shorts behind the anime place are passed, the side story
    // before the story place is passed.
    const { passed } = upNext(progress({ anime: "anime:1-1" }), units, 6, { story: 30, anime: 20 });
    expect(passed.map((each) => each.key)).toEqual(["ss:between", "bt:1-1"]);
  });
});
