import { describe, expect, it } from "vitest";
import { encodeKnowledge, readRevealers } from "../shield/knowledge";
import { mediumOf, parseUnitKey, sideStoryKey } from "../content/units";
import { gated } from "../shield/gated";
import {
  changedProgress,
  followedMedia,
  markRead,
  mergeProgress,
  progressPosition,
  readUpTo,
  withLastVolume,
  withPosition,
  withTicked,
} from "./changes";
import { emptyProgress, knowledgeOf, lastVolumeKey, type Progress } from "./record";
import {
  bareTitle,
  groupName,
  lightNovelCollections,
  pickerLabel,
  type TrackerUnit,
  unitGroups,
  unitName,
  unitsByMedium,
} from "./tracker-units";
import { storyPlace, upNext } from "./up-next";
import { checkProgress, parseStoredProgress } from "./file";
import { parseProgressFile } from "./file-import";

const progress = (changes: Partial<Progress>): Progress => ({ ...emptyProgress, ...changes });

describe("mergeProgress", () => {
  it("keeps the furthest progress in each medium and unites checklists", () => {
    const phone = progress({
      webNovel: "wn:3-2",
      lightNovels: ["ln:ex-1", "ln:main-2"],
      sideStories: ["ss:a"],
      anime: "anime:1-12",
      recuts: ["anime:1r1-4", "anime:2r1-1"],
      breakTime: ["bt:1-1"],
      animeSpecials: ["sp:film"],
      manga: ["manga:tallow-2", "manga:wick-9"],
      position: 70,
      updatedAt: "2026-01-01T00:00:00.000Z",
    });
    const laptop = progress({
      webNovel: "wn:2-30",
      lightNovels: ["ln:main-5"],
      sideStories: ["ss:b", "ss:a"],
      anime: "anime:2-1",
      recuts: ["anime:1r1-2"],
      breakTime: ["bt:2-1"],
      animeSpecials: ["sp:an-ova", "sp:film"],
      manga: ["manga:wick-10"],
      position: 90,
      updatedAt: "2026-02-01T00:00:00.000Z",
    });
    expect(mergeProgress(phone, laptop)).toEqual({
      version: 2,
      webNovel: "wn:3-2",
      lightNovels: ["ln:ex-1", "ln:main-5"],
      sideStories: ["ss:a", "ss:b"],
      anime: "anime:2-1",
      // The furthest episode of each recut, apart from the season's own.
      recuts: ["anime:1r1-4", "anime:2r1-1"],
      breakTime: ["bt:1-1", "bt:2-1"],
      animeSpecials: ["sp:an-ova", "sp:film"],
      // The furthest chapter of each manga series, each series apart (chapter 10 after 9, not before it).
      manga: ["manga:tallow-2", "manga:wick-10"],
      skipped: [],
      position: 90,
      updatedAt: "2026-02-01T00:00:00.000Z",
    });
  });

  it("compares chapters by number, not as text", () => {
    expect(mergeProgress(progress({ webNovel: "wn:1-9" }), progress({ webNovel: "wn:1-10" })).webNovel).toBe("wn:1-10");
    expect(mergeProgress(progress({ webNovel: "wn:10-1" }), progress({ webNovel: "wn:9-30" })).webNovel).toBe(
      "wn:10-1",
    );
  });

  it("loses nothing when one side is empty", () => {
    const some = progress({ webNovel: "wn:1-1", sideStories: ["ss:x"] });
    expect(mergeProgress(emptyProgress, some)).toMatchObject({ webNovel: "wn:1-1", sideStories: ["ss:x"] });
  });
});

describe("progress files", () => {
  it("round-trips an export", () => {
    const exported = progress({
      webNovel: "wn:2-1",
      lightNovels: ["ln:main-1"],
      position: 40,
      updatedAt: "2026-03-03T10:00:00.000Z",
    });
    expect(parseProgressFile(JSON.stringify(exported))).toEqual({ progress: exported, error: null });
  });

  it.each([
    ["not json", "not valid JSON"],
    ["[]", "can read"],
    [JSON.stringify({ ...emptyProgress, version: 3 }), "at version"],
    [JSON.stringify({ ...emptyProgress, webNovel: "chapter two" }), "at webNovel"],
    [JSON.stringify({ ...emptyProgress, extra: true }), "can read"],
  ])("refuses a broken file with a clear error: %s", (text, words) => {
    const result = parseProgressFile(text);
    expect(result.progress).toBeNull();
    expect(result.error).toContain(words);
  });
});

describe("progressPosition", () => {
  it("is the furthest position reached in any medium", () => {
    const positions: Record<string, number> = { "wn:1-5": 5, "ln:main-2": 40, "anime:1-3": 12, "ss:x": 41.01 };
    expect(
      progressPosition(
        progress({ webNovel: "wn:1-5", lightNovels: ["ln:main-2"], anime: "anime:1-3" }),
        (key) => positions[key],
      ),
    ).toBe(40);
    expect(progressPosition(progress({ sideStories: ["ss:x"] }), (key) => positions[key])).toBe(41.01);
    expect(progressPosition(emptyProgress, () => 1)).toBe(0);
  });
});

/** A small timeline: every medium, interleaved as the tracker receives it (story order). */
const unit = (key: string, position: number): TrackerUnit => {
  const medium = mediumOf(key);
  if (!medium) throw new Error(`Not a unit key: ${key}`);
  const collection = parseUnitKey(key, "light_novels")?.collection ?? null;
  return {
    key,
    medium,
    position,
    label: key,
    title: gated(null, `Title of ${key}`),
    group: collection ?? medium,
    collection,
    coveredBy: [key],
  };
};
const timeline = [
  unit("wn:1-1", 1),
  unit("wn:1-2", 2),
  unit("ss:prologue-night", 2.5),
  unit("ln:main-1", 3),
  unit("anime:1-1", 3.5),
  unit("bt:1-1", 3.6),
  unit("wn:2-1", 4),
  unit("ln:main-2", 5),
  unit("ss:festival", 5.5),
  unit("anime:1-2", 6),
  unit("ln:ex-1", 6.5),
];
const keys = (units: TrackerUnit[]) => units.map((each) => each.key);

describe("markRead", () => {
  it("reads a skipped chapter or volume alone, leaving the reader's place and other gaps", () => {
    const crossed = progress({
      webNovel: "wn:2-1",
      lightNovels: ["ln:main-2"],
      skipped: ["ln:main-1", "wn:1-1", "wn:1-2"],
    });
    expect(markRead(crossed, unit("wn:1-1", 1))).toMatchObject({
      webNovel: "wn:2-1",
      skipped: ["ln:main-1", "wn:1-2"],
    });
    expect(markRead(crossed, unit("ln:main-1", 3))).toMatchObject({
      lightNovels: ["ln:main-2"],
      skipped: ["wn:1-1", "wn:1-2"],
    });
  });

  it("moves a chapter's, volume's or episode's own medium up to it, and no other medium", () => {
    expect(markRead(progress({ webNovel: "wn:1-1" }), unit("anime:1-2", 6))).toMatchObject({
      webNovel: "wn:1-1",
      anime: "anime:1-2",
      breakTime: [],
      sideStories: [],
    });
    expect(markRead(progress({ webNovel: "wn:2-1" }), unit("wn:1-2", 2))).toMatchObject({ webNovel: "wn:2-1" });
    expect(markRead(emptyProgress, unit("ln:main-2", 5))).toMatchObject({ webNovel: null, lightNovels: ["ln:main-2"] });
  });

  it("ticks a side story or a Break Time short", () => {
    expect(markRead(progress({ sideStories: ["ss:festival"] }), unit("ss:prologue-night", 2.5)).sideStories).toEqual([
      "ss:festival",
      "ss:prologue-night",
    ]);
    expect(markRead(emptyProgress, unit("bt:1-1", 3.6))).toMatchObject({ breakTime: ["bt:1-1"], anime: null });
    // A film is ticked on its own: no episode is watched with it.
    expect(markRead(emptyProgress, unit("sp:film", 3.61))).toMatchObject({ animeSpecials: ["sp:film"], anime: null });
  });
});

describe("skipped units", () => {
  it("stay skipped in a merge unless the other record has read them", () => {
    const crossed = progress({ webNovel: "wn:2-1", skipped: ["wn:1-2"] });
    expect(mergeProgress(crossed, progress({ webNovel: "wn:1-1" })).skipped).toEqual(["wn:1-2"]);
    expect(mergeProgress(progress({ webNovel: "wn:1-2" }), crossed).skipped).toEqual([]);
    expect(mergeProgress(crossed, progress({ webNovel: "wn:2-1", skipped: ["wn:1-1", "wn:1-2"] })).skipped).toEqual([
      "wn:1-2",
    ]);
  });

  it("are read by 'I have read up to here' at or after them", () => {
    const crossed = progress({ webNovel: "wn:3-1", skipped: ["wn:1-2", "wn:2-5"] });
    expect(readUpTo(crossed, { key: "wn:1-4", position: 4 }).skipped).toEqual(["wn:2-5"]);
    expect(readUpTo(crossed, { key: "wn:2-5", position: 9 }).skipped).toEqual([]);
  });

  it("stay unread when 'I have read up to here' moves the reader on past their place", () => {
    const crossed = progress({
      webNovel: "wn:3-1",
      lightNovels: ["ln:main-2"],
      skipped: ["ln:main-2", "wn:1-2", "wn:2-5", "wn:2-5"],
    });
    expect(readUpTo(crossed, { key: "wn:3-2", position: 12 })).toMatchObject({
      webNovel: "wn:3-2",
      skipped: ["ln:main-2", "wn:1-2", "wn:2-5"],
    });
    expect(readUpTo(crossed, { key: "ln:main-3", position: 12 })).toMatchObject({
      lightNovels: ["ln:main-3"],
      skipped: ["ln:main-2", "wn:1-2", "wn:2-5"],
    });
    // The place itself, skipped (a crossing into the light novels): reading it reads that volume.
    expect(readUpTo(crossed, { key: "ln:main-2", position: 5 }).skipped).toEqual(["wn:1-2", "wn:2-5"]);
    expect(markRead(crossed, { key: "wn:3-2", position: 12 }).skipped).toEqual(["ln:main-2", "wn:1-2", "wn:2-5"]);
  });

  it("are not known, and are dropped once the reader's place moves back before them", () => {
    const crossed = progress({ webNovel: "wn:2-1", skipped: ["wn:1-2"] });
    expect(encodeKnowledge(knowledgeOf(crossed))).toBe("-wn:1-2,wn:2-1");
    expect(changedProgress({ ...crossed, webNovel: "wn:1-1" }, timeline).skipped).toEqual([]);
    expect(changedProgress(crossed, timeline).skipped).toEqual(["wn:1-2"]);
  });
});

describe("upNext", () => {
  it("starts a new reader on the web novel's first chapter", () => {
    const { next, passed } = upNext(emptyProgress, timeline);
    expect(keys(next)).toEqual(["wn:1-1"]);
    expect(passed).toEqual([]);
  });

  it("offers the next unit of each medium followed, with the side stories and shorts that come right there", () => {
    const watcher = upNext(progress({ anime: "anime:1-1" }), timeline);
    // ss:festival fits after ln:main-2, which the next episode reaches partway: offered after it.
    expect(keys(watcher.next)).toEqual(["bt:1-1", "anime:1-2", "ss:festival"]);
    expect(keys(watcher.passed)).toEqual(["ss:prologue-night"]);
    const reader = upNext(progress({ webNovel: "wn:1-2", sideStories: ["ss:prologue-night"] }), timeline);
    expect(keys(reader.next)).toEqual(["wn:2-1"]);
    expect(reader.passed).toEqual([]);
  });

  it("goes on in the manga's next series once a series is read to its end, and not before", () => {
    const manga = [
      unit("manga:wick-1", 1.1),
      unit("manga:wick-2", 2.1),
      unit("manga:tallow-1", 4.1),
      unit("manga:tallow-2", 5.1),
    ];
    expect(keys(upNext(progress({ manga: ["manga:wick-2"] }), manga).next)).toEqual(["manga:tallow-1"]);
    expect(keys(upNext(progress({ manga: ["manga:wick-1"] }), manga).next)).toEqual(["manga:wick-2"]);
    expect(keys(upNext(progress({ manga: ["manga:tallow-1", "manga:wick-2"] }), manga).next)).toEqual([
      "manga:tallow-2",
    ]);
  });

  it("lists what a reader further on passed after what comes next, never before it", () => {
    const { next, passed } = upNext(progress({ webNovel: "wn:2-1", anime: "anime:1-2" }), timeline);
    expect(keys(next)).toEqual([]);
    // Side stories before shorts.
    expect(keys(passed)).toEqual(["ss:prologue-night", "ss:festival", "bt:1-1"]);
  });

  it("neither offers nor lists as passed what the reader has through another unit", () => {
    // The prologue story is printed in ln:main-1; the short aired with anime:1-1.
    const told: Record<string, string[]> = {
      "ss:prologue-night": ["ss:prologue-night", "ln:main-1"],
      "bt:1-1": ["bt:1-1", "anime:1-1"],
    };
    const withTellers = timeline.map((each) => ({ ...each, coveredBy: told[each.key] ?? each.coveredBy }));
    const { passed } = upNext(
      progress({ webNovel: "wn:2-1", lightNovels: ["ln:main-1"], anime: "anime:1-2" }),
      withTellers,
    );
    expect(keys(passed)).toEqual(["ss:festival"]);
    // A reader of the web novel alone has read neither.
    expect(keys(upNext(progress({ webNovel: "wn:2-1" }), withTellers).passed)).toEqual(["ss:prologue-night"]);
  });

  it("offers a side story placed inside the next volume after the volume, one placed before it first", () => {
    // ss:market is read after wn:2-1, which ln:main-2 prints partway; ss:eve after ln:main-1 itself.
    const stories = [...timeline, unit("ss:eve", 3.01), unit("ss:market", 4.01)];
    expect(keys(upNext(progress({ lightNovels: ["ln:main-1"] }), stories).next)).toEqual([
      "ss:eve",
      "ln:main-2",
      "ss:market",
    ]);
    // A reader of the web novel (at its last chapter here) reaches ss:market right after wn:2-1.
    expect(keys(upNext(progress({ webNovel: "wn:2-1" }), stories).next)).toEqual(["ss:market", "ss:festival"]);
  });

  it("offers light novels only in the collections the reader has started", () => {
    const { next, passed } = upNext(progress({ lightNovels: ["ln:main-1"] }), timeline);
    expect(keys(next)).toEqual(["ln:main-2"]);
    expect(keys(passed)).toEqual(["ss:prologue-night"]);
  });

  it("lists skipped chapters and volumes first among what was passed, at most the number asked for", () => {
    const crossed = progress({ webNovel: "wn:2-1", lightNovels: ["ln:main-2"], skipped: ["wn:1-2", "ln:main-1"] });
    expect(keys(upNext(crossed, timeline).passed)).toEqual(["wn:1-2", "ln:main-1", "ss:prologue-night"]);
    expect(upNext(crossed, timeline, 1)).toMatchObject({ morePassed: 2 });
  });

  it("offers a few side stories at a time to a reader at the end of what they follow", () => {
    const stories = Array.from({ length: 8 }, (_, index) => unit(sideStoryKey(`later-${index}`), 10 + index));
    const { next } = upNext(progress({ anime: "anime:1-2", breakTime: ["bt:1-1"] }), [...timeline, ...stories]);
    expect(keys(next)).toEqual(["ss:later-0", "ss:later-1", "ss:later-2"]);
  });

  it("lists no side story as passed for what was read on its own: a story ticked, a book of side stories", () => {
    // ss:festival fits after ln:main-2; a reader who read it, or the side volume after it, has read neither before.
    const sideVolumes = timeline.map((each) => (each.key === "ln:ex-1" ? { ...each, sideVolume: true } : each));
    expect(upNext(progress({ sideStories: ["ss:festival"] }), sideVolumes).passed).toEqual([]);
    const bookReader = upNext(progress({ lightNovels: ["ln:ex-1"] }), sideVolumes);
    expect(bookReader.passed).toEqual([]);
    // The stories are still there to read, offered from the start of the story rather than called passed.
    expect(keys(bookReader.next)).toEqual(["ss:prologue-night", "ss:festival"]);
  });

  it("offers a book of side stories' next volume where it fits, not ahead of the reader's place", () => {
    const books = [...timeline, unit("ln:ex-2", 9)].map((each) =>
      each.key.startsWith("ln:ex-") ? { ...each, sideVolume: true } : each,
    );
    // ln:ex-2 fits far past a reader at wn:1-2, whose next chapter comes first.
    const early = keys(upNext(progress({ webNovel: "wn:1-2", lightNovels: ["ln:ex-1"] }), books).next);
    expect(early).toContain("wn:2-1");
    expect(early).not.toContain("ln:ex-2");
    // Past where it fits (or following nothing else), it is there to read.
    const further = upNext(progress({ webNovel: "wn:2-1", anime: "anime:1-2", lightNovels: ["ln:ex-1"] }), [
      ...books,
      unit("wn:9-1", 9.5),
    ]);
    expect(keys(further.next)).toContain("ln:ex-2");
    expect(keys(upNext(progress({ lightNovels: ["ln:ex-1"] }), books).next)).toContain("ln:ex-2");
  });

  it("is empty for a reader who is all caught up", () => {
    const done = progress({
      webNovel: "wn:2-1",
      lightNovels: ["ln:ex-1", "ln:main-2"],
      anime: "anime:1-2",
      sideStories: ["ss:festival", "ss:prologue-night"],
      breakTime: ["bt:1-1"],
    });
    expect(upNext(done, timeline)).toEqual({ next: [], passed: [], morePassed: 0, coming: [] });
  });
});

describe("storyPlace", () => {
  const sideVolumes = timeline.map((each) => (each.key === "ln:ex-1" ? { ...each, sideVolume: true } : each));

  it("is the furthest place along the web novel, the main light novels or the anime", () => {
    expect(storyPlace(progress({ webNovel: "wn:1-2", anime: "anime:1-1" }), sideVolumes)).toBe(3.5);
    expect(storyPlace(progress({ lightNovels: ["ln:main-2"], webNovel: "wn:1-1" }), sideVolumes)).toBe(5);
    expect(storyPlace(emptyProgress, sideVolumes)).toBe(-1);
  });

  it("says nothing of what was read on its own, however late it fits", () => {
    const ticked = progress({
      webNovel: "wn:1-1",
      lightNovels: ["ln:ex-1"],
      sideStories: ["ss:festival"],
      breakTime: ["bt:1-1"],
      animeSpecials: ["sp:film"],
    });
    // The record's position is the furthest point in any medium; the story place is the first chapter.
    expect(withPosition(ticked, sideVolumes).position).toBe(6.5);
    expect(storyPlace(ticked, sideVolumes)).toBe(1);
  });
});

describe("followedMedia", () => {
  it("follows the web novel unless only the anime or light novels are started, and the anime with Break Time and its specials once any is", () => {
    expect([...followedMedia(emptyProgress)].sort()).toEqual(["side_stories", "web_novel"]);
    expect([...followedMedia(progress({ anime: "anime:1-1" }))].sort()).toEqual([
      "anime",
      "anime_specials",
      "break_time",
      "side_stories",
    ]);
    expect([...followedMedia(progress({ animeSpecials: ["sp:film"] }))].sort()).toEqual([
      "anime",
      "anime_specials",
      "break_time",
      "side_stories",
      "web_novel",
    ]);
    expect([...followedMedia(progress({ lightNovels: ["ln:main-1"] }))].sort()).toEqual(["side_stories"]);
    expect([...followedMedia(progress({ breakTime: ["bt:1-1"] }))].sort()).toEqual([
      "anime",
      "anime_specials",
      "break_time",
      "side_stories",
      "web_novel",
    ]);
    expect([...followedMedia(progress({ webNovel: "wn:1-1", anime: "anime:1-1" }))].sort()).toEqual([
      "anime",
      "anime_specials",
      "break_time",
      "side_stories",
      "web_novel",
    ]);
  });
});

describe("tracker choices", () => {
  it("groups units by medium and lists collections in story order", () => {
    expect(keys(unitsByMedium(timeline).light_novels)).toEqual(["ln:main-1", "ln:main-2", "ln:ex-1"]);
    expect(keys(unitsByMedium(timeline).break_time)).toEqual(["bt:1-1"]);
    expect(lightNovelCollections(timeline).map(({ code, name, volumes }) => [code, name, keys(volumes)])).toEqual([
      ["main", "main", ["ln:main-1", "ln:main-2"]],
      ["ex", "ex", ["ln:ex-1"]],
    ]);
  });

  it("sets and clears a collection's last volume by its key", () => {
    const started = withLastVolume(emptyProgress, "main", "ln:main-2");
    expect(started.lightNovels).toEqual(["ln:main-2"]);
    expect(lastVolumeKey(started, "main")).toBe("ln:main-2");
    expect(lastVolumeKey(started, "ex")).toBeNull();
    expect(withLastVolume(started, "main", null).lightNovels).toEqual([]);
    // A key of another collection never lands in this one; the other collections stay as they were.
    expect(withLastVolume(started, "main", "ln:ex-1").lightNovels).toEqual([]);
    const both = withLastVolume(withLastVolume(started, "ex", "ln:ex-1"), "main", "ln:main-3");
    expect(both.lightNovels).toEqual(["ln:ex-1", "ln:main-3"]);
  });

  it("ticks and unticks checklist entries, kept sorted", () => {
    expect(withTicked(["ss:b"], "ss:a", true)).toEqual(["ss:a", "ss:b"]);
    expect(withTicked(["ss:a", "ss:b"], "ss:a", false)).toEqual(["ss:b"]);
    expect(withTicked(["ss:a"], "ss:a", true)).toEqual(["ss:a"]);
  });

  it("works out the position from the timeline and stamps a change with its time", () => {
    const chosen = progress({ webNovel: "wn:1-2", lightNovels: ["ln:main-2"], position: 999 });
    expect(withPosition(chosen, timeline).position).toBe(5);
    expect(changedProgress(chosen, timeline, new Date("2026-04-01T12:00:00.000Z"))).toMatchObject({
      position: 5,
      updatedAt: "2026-04-01T12:00:00.000Z",
    });
  });
});

describe("checkProgress", () => {
  const valid = progress({
    webNovel: "wn:2-1",
    lightNovels: ["ln:main-1"],
    sideStories: ["ss:festival"],
    breakTime: ["bt:1-1"],
    position: 4,
  });

  it("reads records from before skipped units as having none, and refuses a skipped unit of another medium", () => {
    const { skipped: _skipped, ...older } = emptyProgress;
    expect(checkProgress(older).progress?.skipped).toEqual([]);
    expect(
      checkProgress({ ...emptyProgress, skipped: ["wn:1-3", "ln:main-2", "manga:wick-7"] }).progress?.skipped,
    ).toEqual(["wn:1-3", "ln:main-2", "manga:wick-7"]);
    expect(checkProgress({ ...emptyProgress, skipped: ["anime:1-3"] }).problem).toMatchObject({ path: "skipped.0" });
    expect(checkProgress({ ...emptyProgress, skipped: "wn:1-3" }).problem).toMatchObject({ path: "skipped" });
  });

  it("reads a version 1 record, whose light novel places were volume numbers, as version 2", () => {
    const older = { ...valid, version: 1, lightNovels: { main: 4, ex: 1 } };
    expect(checkProgress(older)).toEqual({
      progress: { ...valid, version: 2, lightNovels: ["ln:ex-1", "ln:main-4"] },
      problem: null,
    });
    expect(parseProgressFile(JSON.stringify({ ...older, lightNovels: {} })).progress?.lightNovels).toEqual([]);
  });

  it("holds a version 1 record to the bound its version 2 form is held to", () => {
    const many = Object.fromEntries(Array.from({ length: 5001 }, (_, index) => [`c${index}`, 1]));
    expect(checkProgress({ ...valid, version: 1, lightNovels: many }).problem).toMatchObject({ path: "lightNovels" });
  });

  it("keeps light novel places sorted, so equal records serialise alike", () => {
    const checked = checkProgress({ ...valid, lightNovels: ["ln:main-2", "ln:ex-1"] }).progress;
    expect(checked?.lightNovels).toEqual(["ln:ex-1", "ln:main-2"]);
  });

  it("accepts a record and returns it with its fields in one order", () => {
    const shuffled = Object.fromEntries(Object.entries(valid).reverse());
    const checked = checkProgress(shuffled);
    expect(checked).toEqual({ progress: valid, problem: null });
    expect(JSON.stringify(checked.progress)).toBe(JSON.stringify(valid));
  });

  it.each([
    [{ ...valid, sideStories: ["ss:festival", "ss:Not A Slug"] }, "sideStories.1"],
    [{ ...valid, anime: "wn:1-1" }, "anime"],
    [{ ...valid, lightNovels: ["ln:Main-1"] }, "lightNovels.0"],
    [{ ...valid, lightNovels: ["ln:main-0"] }, "lightNovels.0"],
    [{ ...valid, lightNovels: ["ln:main-2", "ln:main-1"] }, "lightNovels.1"],
    [{ ...valid, lightNovels: { main: 1 } }, "lightNovels"],
    [{ ...valid, version: 1, lightNovels: ["ln:main-1"] }, "lightNovels"],
    [{ ...valid, version: 1, lightNovels: { Main: 1 } }, "lightNovels.Main"],
    [{ ...valid, version: 1, lightNovels: { main: 0 } }, "lightNovels.main"],
    [{ ...valid, breakTime: "bt:1-1" }, "breakTime"],
    [{ ...valid, position: -1 }, "position"],
    [{ ...valid, updatedAt: "yesterday" }, "updatedAt"],
    [{ ...valid, webNovel: undefined }, "webNovel"],
  ])("says where a record is wrong: %j", (record, path) => {
    expect(checkProgress(record)).toMatchObject({ progress: null, problem: { path } });
  });

  it("reads stored progress, and counts anything unreadable as none", () => {
    expect(parseStoredProgress(JSON.stringify(valid))).toEqual(valid);
    expect(parseStoredProgress(null)).toBeNull();
    expect(parseStoredProgress("{")).toBeNull();
    expect(parseStoredProgress(JSON.stringify({ position: 40 }))).toBeNull();
  });
});

describe("readUpTo", () => {
  const now = new Date("2024-05-01T10:00:00.000Z");

  it("moves one medium up to a chapter, volume or episode, with the position, in one step", () => {
    expect(readUpTo(emptyProgress, { key: "wn:1-12", position: 12 }, now)).toEqual(
      progress({ webNovel: "wn:1-12", position: 12, updatedAt: now.toISOString() }),
    );
    expect(readUpTo(emptyProgress, { key: "ln:main-2", position: 32 }, now)).toMatchObject({
      lightNovels: ["ln:main-2"],
      position: 32,
    });
    expect(readUpTo(emptyProgress, { key: "anime:1-3", position: 17 }, now)).toMatchObject({
      anime: "anime:1-3",
      position: 17,
    });
  });

  it("never moves progress back: an earlier unit keeps what was reached further on", () => {
    const reader = progress({ webNovel: "wn:2-3", lightNovels: ["ln:main-1"], position: 35 });
    expect(readUpTo(reader, { key: "wn:1-4", position: 4 }, now)).toMatchObject({
      webNovel: "wn:2-3",
      position: 35,
      lightNovels: ["ln:main-1"],
    });
    expect(readUpTo(reader, { key: "anime:1-1", position: 5 }, now)).toMatchObject({
      webNovel: "wn:2-3",
      anime: "anime:1-1",
      position: 35,
    });
  });
});

describe("picker labels", () => {
  const unit = (
    key: string,
    label: string,
    title: string,
    group: string,
    revealedBy: string | null = null,
  ): TrackerUnit => ({
    key,
    medium: mediumOf(key) ?? "web_novel",
    position: 1,
    label,
    title: gated(readRevealers(revealedBy), title),
    group,
    collection: null,
    coveredBy: [key],
  });
  const chapter = unit("wn:3-14", "Arc 3 · Chapter 14", "The Ash Warden", "Arc 3: Cinder Academy", "wn:3-14");
  const prologue = unit(
    "wn:1-1",
    "Arc 1 · Chapter 1 · Prologue",
    "Before the Lamps Are Lit",
    "Arc 1: The Unburnt Wick",
  );
  const volume = unit("ln:main-1", "Lanternfall 1", "Lanternfall 1: The Unburnt Wick", "Lanternfall");
  const extra = unit(
    "ln:ex-1",
    "Lanternfall EX 1",
    "Lanternfall EX: The Ash Warden's Apprentice Days",
    "Lanternfall EX",
  );
  const episode = unit("anime:2-1", "Season 2 · Episode 1", "Embers Hill", "Lanternfall Season 2: Cinder Academy");

  it("names a unit within its group, the arc or collection left to the first picker", () => {
    expect([chapter, prologue, volume, extra, episode].map(unitName)).toEqual([
      "Chapter 14",
      "Chapter 1 · Prologue",
      "Volume 1",
      "Volume 1",
      "Episode 1",
    ]);
  });

  it("drops the volume's own name or its collection's from the front of its title", () => {
    expect([volume, extra, chapter].map(bareTitle)).toEqual([
      "The Unburnt Wick",
      "The Ash Warden's Apprentice Days",
      "The Ash Warden",
    ]);
  });

  it("shows a title only where the shield allows, and never a dangling separator", () => {
    expect(pickerLabel(chapter, true)).toBe("Chapter 14 · The Ash Warden");
    expect(pickerLabel(chapter, false)).toBe("Chapter 14");
    expect(pickerLabel(volume, true)).toBe("Volume 1 · The Unburnt Wick");
    expect(pickerLabel(unit("wn:1-2", "Arc 1 · Chapter 2", "", "Arc 1: Embers"), true)).toBe("Chapter 2");
    expect(pickerLabel(unit("wn:1-3", "Arc 1 · Chapter 3 · Epilogue", "Epilogue", "Arc 1: Embers"), true)).toBe(
      "Chapter 3 · Epilogue",
    );
    expect(pickerLabel(prologue, true)).toBe("Chapter 1 · Prologue · Before the Lamps Are Lit");
    for (const shown of [true, false]) {
      for (const named of [chapter, prologue, volume, extra, episode]) {
        const text = pickerLabel(named, shown);
        expect(text).not.toMatch(/[:·]\s*$/);
        expect(text).not.toContain(named.group);
      }
    }
  });

  it("says an episode is anime-original, with or without its title", () => {
    const original = {
      ...unit("anime:1-13", "Season 1 · Episode 13", "Lowwick Between the Lamps", "Lanternfall"),
      animeOriginal: true,
    };
    expect(pickerLabel(original, true)).toBe("Episode 13 (anime-original) · Lowwick Between the Lamps");
    expect(pickerLabel(original, false)).toBe("Episode 13 (anime-original)");
    expect(pickerLabel(original, false, { withGroup: true })).toBe("Season 1 · Episode 13 (anime-original)");
    expect(pickerLabel(episode, true)).toBe("Episode 1 · Embers Hill");
  });

  it("names a unit by its label alone where the response left its title out, even if the shield would show it", () => {
    const sealed = { ...chapter, title: { revealedBy: ["wn:3-14"], content: null } };
    expect(bareTitle(sealed)).toBe("");
    expect(pickerLabel(sealed, true)).toBe("Chapter 14");
    expect(pickerLabel(sealed, true, { withGroup: true })).toBe("Arc 3 · Chapter 14");
  });

  it("names the arc too where units of several arcs share one list", () => {
    expect(pickerLabel(chapter, true, { withGroup: true })).toBe("Arc 3 · Chapter 14 · The Ash Warden");
    expect(pickerLabel(chapter, false, { withGroup: true })).toBe("Arc 3 · Chapter 14");
  });

  it("says an arc's or season's number once, and names every season the same way", () => {
    expect(groupName("Arc 3", "Cinder Academy")).toBe("Arc 3: Cinder Academy");
    expect(groupName("Season 1", "Lanternfall")).toBe("Season 1: Lanternfall");
    expect(groupName("Season 2", "Lanternfall Season 2: Cinder Academy")).toBe("Season 2: Cinder Academy");
  });

  it("does not say an interlude twice", () => {
    const interlude = unit("wn:2-17", "Arc 2 · Interlude 17", "Interlude: Letters to Lowwick", "Arc 2: Cinder Academy");
    expect(pickerLabel(interlude, true)).toBe("Interlude 17 · Letters to Lowwick");
    expect(pickerLabel(interlude, true, { withGroup: true })).toBe("Arc 2 · Interlude 17 · Letters to Lowwick");
    expect(pickerLabel(interlude, false)).toBe("Interlude 17");
  });

  it("groups one medium's units by arc in story order", () => {
    const second = unit("wn:1-2", "Arc 1 · Chapter 2", "The Canal Sweeper", "Arc 1: The Unburnt Wick");
    expect(
      unitGroups([prologue, second, chapter]).map((group) => [group.name, group.units.map((member) => member.key)]),
    ).toEqual([
      ["Arc 1: The Unburnt Wick", ["wn:1-1", "wn:1-2"]],
      ["Arc 3: Cinder Academy", ["wn:3-14"]],
    ]);
  });
});
