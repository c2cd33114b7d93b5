import { afterEach, describe, expect, it, vi } from "vitest";
import { emptyProgress, type Progress } from "~/lib/progress/record";
import { markStoredProgress } from "./progress-mark";

/** Runs the head script against a stored value (undefined: storage that throws) and says whether it marked the page. */
function marks(stored: string | null | undefined, mark = "progress") {
  const dataset: Record<string, string> = {};
  vi.stubGlobal("document", { documentElement: { dataset } });
  vi.stubGlobal("localStorage", {
    getItem: () => {
      if (stored === undefined) throw new DOMException("Blocked", "SecurityError");
      return stored;
    },
  });
  markStoredProgress("rc:progress");
  return mark in dataset;
}

const stored = (changes: Partial<Progress>) => JSON.stringify({ ...emptyProgress, ...changes });

describe("the head script that marks a browser keeping progress", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("marks a record with a place or a tick in any medium", () => {
    expect(marks(stored({ webNovel: "wn:2-14" }))).toBe(true);
    expect(marks(stored({ anime: "anime:1-12" }))).toBe(true);
    expect(marks(stored({ lightNovels: ["ln:main-3"] }))).toBe(true);
    expect(marks(JSON.stringify({ ...emptyProgress, version: 1, lightNovels: { main: 3 } }))).toBe(true);
    expect(marks(stored({ sideStories: ["ss:short-stories-2-1"] }))).toBe(true);
    expect(marks(stored({ breakTime: ["bt:1-2"] }))).toBe(true);
    expect(marks(stored({ animeSpecials: ["sp:ova-1"] }))).toBe(true);
    // A reader who follows only the manga, or only a recut, knows what those reveal from the first paint on.
    expect(marks(stored({ manga: ["manga:wick-3"] }))).toBe(true);
    expect(marks(stored({ recuts: ["anime:1r1-3"] }))).toBe(true);
  });

  it("leaves the page unmarked with no progress, an empty record, skipped units alone, or blocked storage", () => {
    expect(marks(null)).toBe(false);
    expect(marks(stored({}))).toBe(false);
    expect(marks(stored({ skipped: ["wn:1-7"] }))).toBe(false);
    expect(marks("{")).toBe(false);
    expect(marks(undefined)).toBe(false);
  });

  it("marks a place in the anime apart, for the pages of seasons that may open on a later season", () => {
    expect(marks(stored({ anime: "anime:2-5" }), "animePlace")).toBe(true);
    // Only a place in the anime can move them: a web novel reader's, a recut's or a special's cannot.
    expect(marks(stored({ webNovel: "wn:2-14" }), "animePlace")).toBe(false);
    expect(marks(stored({ recuts: ["anime:1r1-3"] }), "animePlace")).toBe(false);
    expect(marks(stored({ animeSpecials: ["sp:ova-1"] }), "animePlace")).toBe(false);
    expect(marks(null, "animePlace")).toBe(false);
  });

  it("marks a place in the web novel apart, for /web_novel that may open on a later arc", () => {
    expect(marks(stored({ webNovel: "wn:2-14" }), "webNovelPlace")).toBe(true);
    expect(marks(stored({ anime: "anime:2-5" }), "webNovelPlace")).toBe(false);
    expect(marks(stored({ lightNovels: ["ln:main-3"] }), "webNovelPlace")).toBe(false);
    expect(marks(stored({ skipped: ["wn:1-7"] }), "webNovelPlace")).toBe(false);
    expect(marks(null, "webNovelPlace")).toBe(false);
  });
});
