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

describe("upNext, for units not out yet", () => {
  const keys = (list: readonly TrackerUnit[]) => list.map((each) => each.key);
  // Today is 15 May 2027: a day is out on it, a month, a quarter or a year once it is over.
  const today = "2027-05-15";
  const dated = (key: string, position: number, medium: Medium, released?: string, more: Partial<TrackerUnit> = {}) =>
    unit(key, position, medium, [], { ...more, ...(released !== undefined && { released }) });
  const volume = (number: number, position: number, released?: string) =>
    dated(`ln:main-${number}`, position, "light_novels", released, { collection: "main" });
  const timeline = [
    dated("wn:1-1", 5, "web_novel", "2016-10-12"),
    volume(1, 10, "2017-01"),
    dated("wn:1-2", 12, "web_novel", "2027-05-15"),
    dated("ss:there", 15, "side_stories", "2027-06-01"),
    volume(2, 20),
    volume(3, 30, "2027-05"),
    volume(4, 40, "2027-Q2"),
    volume(5, 50, "2027"),
    volume(6, 60, "2026-Q4"),
    dated("anime:1-1", 7, "anime", "2027-05-01"),
    dated("anime:1-2", 8, "anime", "2027-05-16"),
  ];
  const lightNovels = (read: number) =>
    upNext(progress({ lightNovels: [`ln:main-${read}`] }), timeline, 6, undefined, today);

  it("offers the next unit once its day has come, and one without a date at all", () => {
    expect(keys(upNext(progress({ webNovel: "wn:1-1" }), timeline, 6, undefined, today).next)).toEqual(["wn:1-2"]);
    expect(keys(lightNovels(1).next)).toEqual(["ln:main-2"]);
  });

  it("never offers a month, a quarter or a year until it is over, and says it is coming instead", () => {
    for (const read of [2, 3, 4]) {
      const { next, coming } = lightNovels(read);
      expect(next).toEqual([]);
      expect(keys(coming)).toEqual([`ln:main-${read + 1}`]);
    }
    // A quarter that is over is out; nothing comes after the last volume.
    expect(lightNovels(5)).toMatchObject({ next: [timeline[8]], coming: [] });
    expect(lightNovels(6)).toMatchObject({ next: [], coming: [] });
  });

  it("offers nothing further on a line whose next unit is not out, and keeps other lines going", () => {
    // The season's second episode airs tomorrow.
    const reader = progress({ webNovel: "wn:1-1", lightNovels: ["ln:main-1"], anime: "anime:1-1" });
    const { next, coming, passed } = upNext(reader, timeline, 6, undefined, today);
    expect(keys(next)).toEqual(["wn:1-2", "ln:main-2"]);
    expect(keys(coming)).toEqual(["anime:1-2"]);
    // A side story not out is neither offered right there nor passed once the reader is past it.
    expect(keys(next)).not.toContain("ss:there");
    expect(passed).toEqual([]);
    expect(upNext({ ...reader, lightNovels: ["ln:main-2"] }, timeline, 6, undefined, today).passed).toEqual([]);
  });

  it("does not trip over a reader who marked a unit not out yet, nor offer one they skipped", () => {
    const ahead = upNext(
      progress({ lightNovels: ["ln:main-5"], skipped: ["ln:main-3"] }),
      timeline,
      6,
      undefined,
      today,
    );
    expect(keys(ahead.next)).toEqual(["ln:main-6"]);
    expect(ahead.passed).toEqual([]);
    expect(keys(upNext(progress({ lightNovels: ["ln:main-3"] }), timeline, 6, undefined, "2027-07-01").next)).toEqual([
      "ln:main-4",
    ]);
  });
});
