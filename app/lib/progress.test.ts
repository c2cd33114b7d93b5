import { describe, expect, it } from "vitest";
import { emptyProgress, mergeProgress, type Progress, progressPosition } from "./progress";
import { parseProgressFile } from "./progress-file";

const progress = (changes: Partial<Progress>): Progress => ({ ...emptyProgress, ...changes });

describe("mergeProgress", () => {
  it("keeps the furthest progress in each medium and unites checklists", () => {
    const phone = progress({
      webNovel: "wn:3-2",
      lightNovels: { main: 2, ex: 1 },
      sideStories: ["ss:a"],
      anime: "anime:1-12",
      breakTime: ["bt:1-1"],
      position: 70,
      updatedAt: "2026-01-01T00:00:00.000Z",
    });
    const laptop = progress({
      webNovel: "wn:2-30",
      lightNovels: { main: 5 },
      sideStories: ["ss:b", "ss:a"],
      anime: "anime:2-1",
      breakTime: ["bt:2-1"],
      position: 90,
      updatedAt: "2026-02-01T00:00:00.000Z",
    });
    expect(mergeProgress(phone, laptop)).toEqual({
      version: 1,
      webNovel: "wn:3-2",
      lightNovels: { main: 5, ex: 1 },
      sideStories: ["ss:a", "ss:b"],
      anime: "anime:2-1",
      breakTime: ["bt:1-1", "bt:2-1"],
      position: 90,
      updatedAt: "2026-02-01T00:00:00.000Z",
    });
  });

  it("compares chapters by number, not as text", () => {
    expect(mergeProgress(progress({ webNovel: "wn:1-9" }), progress({ webNovel: "wn:1-10" })).webNovel).toBe("wn:1-10");
    expect(mergeProgress(progress({ webNovel: "wn:10-1" }), progress({ webNovel: "wn:9-30" })).webNovel).toBe("wn:10-1");
  });

  it("loses nothing when one side is empty", () => {
    const some = progress({ webNovel: "wn:1-1", sideStories: ["ss:x"] });
    expect(mergeProgress(emptyProgress, some)).toMatchObject({ webNovel: "wn:1-1", sideStories: ["ss:x"] });
  });
});

describe("progress files", () => {
  it("round-trips an export", () => {
    const exported = progress({ webNovel: "wn:2-1", lightNovels: { main: 1 }, position: 40, updatedAt: "2026-03-03T10:00:00.000Z" });
    expect(parseProgressFile(JSON.stringify(exported))).toEqual({ progress: exported, error: null });
  });

  it.each([
    ["not json", "not valid JSON"],
    ["[]", "can read"],
    [JSON.stringify({ ...emptyProgress, version: 2 }), "at version"],
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
    expect(progressPosition(progress({ webNovel: "wn:1-5", lightNovels: { main: 2 }, anime: "anime:1-3" }), (key) => positions[key])).toBe(40);
    expect(progressPosition(progress({ sideStories: ["ss:x"] }), (key) => positions[key])).toBe(41.01);
    expect(progressPosition(emptyProgress, () => 1)).toBe(0);
  });
});
