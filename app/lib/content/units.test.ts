import { describe, expect, it } from "vitest";
import {
  breakTimeKey,
  chapterKey,
  collectionCodePattern,
  discussionPath,
  episodeKey,
  isUnitKey,
  mediumOf,
  parseUnitKey,
  sideStoryKey,
  slugPattern,
  UNIT_KEY_MAX_LENGTH,
  unitAnchor,
  unitKey,
  unitKeyPattern,
  type UnitKeyParts,
  unitPath,
  unitPlace,
  unitRun,
  volumeKey,
  wholeNumberPattern,
} from "./units";

describe("units", () => {
  it("knows each unit's medium, anchor, page and discussion", () => {
    expect(mediumOf("ln:ssc-2")).toBe("light_novels");
    expect(unitAnchor("wn:2-14")).toBe("wn-2-14");
    expect(unitPath("wn:2-14")).toBe("/web_novel?arc=2#wn-2-14");
    expect(unitPath("ln:main-3")).toBe("/light_novels?collection=main#ln-main-3");
    expect(unitPath("ss:short-stories-2-1")).toBe("/side_stories?story=short-stories-2-1#ss-short-stories-2-1");
    expect(unitAnchor("anime:1-5")).toBe("s1e5");
    expect(unitPath("anime:1-5")).toBe("/anime?season=1#s1e5");
    expect(unitPath("bt:2-1")).toBe("/break_time?season=2#bt-2-1");
    expect(discussionPath("wn:3-12")).toBe("/discuss/wn:3-12");
    expect(discussionPath("ss:short-stories-2-1")).toBe("/discuss/ss:short-stories-2-1");
  });

  it("links a malformed key home with a harmless anchor instead of failing the page", () => {
    expect(mediumOf("xx:1-1")).toBeNull();
    expect(unitPath("wn:1")).toBe("/");
    expect(unitAnchor("wn:<b>")).toBe("wn--b-");
  });
});

describe("runs of units", () => {
  it("numbers an arc's chapters, a collection's volumes, a season's episodes and shorts one after another", () => {
    for (const [key, run, number, other] of [
      ["wn:2-14", "wn:2-1", 14, "wn:2-999999"],
      ["ln:ex2-10", "ln:ex2-1", 10, "ln:ex2-999999"],
      ["anime:1-5", "anime:1-1", 5, "anime:1-999999"],
      ["bt:2-3", "bt:2-1", 3, "bt:2-999999"],
    ] as const) {
      const place = unitRun(key)!;
      expect([place.run, place.number], key).toEqual([run, number]);
      expect(place.keyAt(999_999)).toBe(other);
    }
    expect(unitRun("ss:short-stories-2-1")).toBeNull();
    expect(unitRun("wn:2")).toBeUndefined();
  });

  it("runs along a line's positions: a run is a position but its last number, which is the unit's number", () => {
    for (const key of ["wn:2-14", "ln:main-3", "anime:2-13"]) {
      const { number, keyAt } = unitRun(key)!;
      const position = unitPlace(key)!.position;
      expect(position.at(-1), key).toBe(number);
      expect(unitPlace(keyAt(number + 1))!.position, key).toEqual([...position.slice(0, -1), number + 1]);
    }
  });
});

describe("unit keys", () => {
  const examples: [string, UnitKeyParts][] = [
    ["wn:2-14", { medium: "web_novel", arc: 2, chapter: 14 }],
    ["ln:main-3", { medium: "light_novels", collection: "main", volume: 3 }],
    ["ln:ex2-10", { medium: "light_novels", collection: "ex2", volume: 10 }],
    ["ss:short-stories-2-1", { medium: "side_stories", slug: "short-stories-2-1" }],
    ["ss:2nd-story", { medium: "side_stories", slug: "2nd-story" }],
    ["anime:1-5", { medium: "anime", season: 1, episode: 5 }],
    ["bt:2-999999", { medium: "break_time", season: 2, number: 999999 }],
  ];

  it.each(examples)("parses %s into its parts and builds it back", (key, parts) => {
    expect(parseUnitKey(key)).toEqual(parts);
    expect(unitKey(parts)).toBe(key);
    expect(isUnitKey(key)).toBe(true);
    expect(isUnitKey(key, parts.medium)).toBe(true);
    expect(unitKeyPattern.test(key)).toBe(true);
  });

  it("builds each kind of key from its parts", () => {
    expect(chapterKey(2, 14)).toBe("wn:2-14");
    expect(volumeKey("main", 3)).toBe("ln:main-3");
    expect(sideStoryKey("short-stories-2-1")).toBe("ss:short-stories-2-1");
    expect(episodeKey(1, 5)).toBe("anime:1-5");
    expect(breakTimeKey(1, 5)).toBe("bt:1-5");
  });

  it("parses only the medium asked for", () => {
    expect(parseUnitKey("wn:2-14", "web_novel")).toEqual({ medium: "web_novel", arc: 2, chapter: 14 });
    expect(parseUnitKey("anime:2-14", "web_novel")).toBeNull();
    expect(parseUnitKey("bt:1-1", "anime")).toBeNull();
    expect(isUnitKey("ln:main-1", "side_stories")).toBe(false);
  });

  const malformed = [
    "",
    "wn:",
    "wn:2",
    "wn:2-",
    "wn:-2",
    "wn:2-14-1",
    "wn:02-14",
    "wn:2-0",
    "wn:0-1",
    "wn:1-1234567",
    "wn:2-1.5",
    "wn:a-b",
    " wn:2-14",
    "wn:2-14 ",
    "WN:2-14",
    "wn-2-14",
    "wn:2-14\nln:main-1",
    "ln:main",
    "ln:Main-1",
    "ln:1main-1",
    "ln:ma-in-1",
    "ln:main_x-1",
    volumeKey("a".repeat(33), 1),
    "ln:main-01",
    "ss:",
    "ss:-night",
    "ss:night-",
    "ss:festival--night",
    "ss:Festival",
    "ss:festival_night",
    sideStoryKey("a".repeat(101)),
    "anime:1",
    "anime:1-x",
    "bt:1--1",
    "bt:1-1-1",
    "xx:1-1",
    ":1-1",
    "wn:2:14",
  ];

  it.each(malformed)("refuses %j", (key) => {
    expect(parseUnitKey(key)).toBeNull();
    expect(isUnitKey(key)).toBe(false);
    expect(unitKeyPattern.test(key)).toBe(false);
    expect(mediumOf(key)).toBeNull();
  });

  it("keeps its limits in its named patterns", () => {
    expect(collectionCodePattern.test("a".repeat(32))).toBe(true);
    expect(collectionCodePattern.test("a".repeat(33))).toBe(false);
    expect(slugPattern.test("a".repeat(100))).toBe(true);
    expect(slugPattern.test("a".repeat(101))).toBe(false);
    expect(parseUnitKey(sideStoryKey("a".repeat(100)))).not.toBeNull();
    expect(sideStoryKey("a".repeat(100))).toHaveLength(UNIT_KEY_MAX_LENGTH);
  });

  it("writes whole numbers one way, in keys and URLs", () => {
    expect(wholeNumberPattern.test("1")).toBe(true);
    expect(wholeNumberPattern.test("999999")).toBe(true);
    for (const text of ["", "0", "01", "1000000", "-1", "1.0", "1e3", " 1", "x"])
      expect(wholeNumberPattern.test(text)).toBe(false);
  });
});
