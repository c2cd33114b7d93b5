import { describe, expect, it } from "vitest";
import {
  animeMistakePath,
  animeMistakesSeasonPath,
  bookLocationPattern,
  entryHandle,
  formatTimestamp,
  mistakeTimestampPattern,
  parseBookLocation,
  parseLnMistakeSlug,
  parseMistakeFilters,
  shortestRuntimeFor,
  timestampPastRuntimeMessage,
  timestampSeconds,
  timestampWithinRuntime,
  volumeSlugFromKey,
} from "./rules";

describe("parseLnMistakeSlug", () => {
  it("reads collections and volumes", () => {
    expect(parseLnMistakeSlug("main")).toEqual({ kind: "collection", code: "main" });
    expect(parseLnMistakeSlug("main_v3")).toEqual({ kind: "volume", code: "main", number: 3 });
    expect(parseLnMistakeSlug("ssc_v12")).toEqual({ kind: "volume", code: "ssc", number: 12 });
  });

  it.each([
    "main_v0",
    "main_vx",
    "_v3",
    "main_v",
    "1".repeat(40),
    `main_v${"9".repeat(40)}`,
    "main_v3_v4",
    "main_v03",
    "Main",
    "main-v3",
    "",
    "main_v3 ",
  ])("refuses %j", (slug) => expect(parseLnMistakeSlug(slug)).toBeNull());
});

describe("mistake helpers", () => {
  it("ignores filter values it does not know", () => {
    expect(
      parseMistakeFilters(new URLSearchParams("severity=plot_relevant&category=nonsense&status=toString")),
    ).toEqual({
      category: null,
      severity: "plot_relevant",
      status: null,
    });
  });
  it("formats timestamps and volume slugs", () => {
    expect(formatTimestamp(754)).toBe("12:34");
    expect(formatTimestamp(3723)).toBe("1:02:03");
    expect(timestampSeconds("12:34")).toBe(754);
    expect(timestampSeconds("1:02:03")).toBe(3723);
    for (const time of ["12:34", "0:05", "75:30", "1:02:03", "10:59:59"])
      expect(mistakeTimestampPattern.test(time), time).toBe(true);
    for (const time of ["99:99", "0:60", "1:75:00", "1:2:03", "12:3", "123:00", "1:02:03:04", ""])
      expect(mistakeTimestampPattern.test(time), time).toBe(false);
    expect(volumeSlugFromKey("ln:main-3")).toBe("main_v3");
  });
  it("names an anime entry's page by its season, or the section of OVAs, specials and films", () => {
    expect(animeMistakesSeasonPath("anime:2-5")).toBe("/translation_meta/anime_mistls?season=2");
    expect(animeMistakesSeasonPath("sp:ova-1")).toBe("/translation_meta/anime_mistls?season=specials");
    expect(animeMistakePath("n0000001", "sp:film-1")).toBe(
      "/translation_meta/anime_mistls?season=specials#entry-n0000001",
    );
    expect(animeMistakesSeasonPath("wn:1-2")).toBe("/translation_meta/anime_mistls");
  });
});

describe("a timestamp within its episode", () => {
  it("takes a time up to 10% past the runtime, and at least 2 minutes past a short one", () => {
    // A 24-minute episode: to 26:24, and a file a little longer than its rounded runtime fits.
    for (const time of ["0:00", "12:34", "24:50", "26:24"]) expect(timestampWithinRuntime(time, 24), time).toBe(true);
    for (const time of ["26:25", "59:59", "1:00:00"]) expect(timestampWithinRuntime(time, 24), time).toBe(false);
    // A 3-minute short: to 5:00. A 2-hour film: to 2:12:00.
    expect(timestampWithinRuntime("5:00", 3)).toBe(true);
    expect(timestampWithinRuntime("5:01", 3)).toBe(false);
    expect(timestampWithinRuntime("2:12:00", 120)).toBe(true);
    expect(timestampWithinRuntime("2:12:01", 120)).toBe(false);
  });

  it("takes any time where the runtime is unknown", () => {
    for (const time of ["59:59", "1:02:03", "99:59:59"]) expect(timestampWithinRuntime(time, null), time).toBe(true);
  });

  it("asks of the episode the shortest runtime the timestamp falls within, as the rule says", () => {
    expect(shortestRuntimeFor("59:59")).toBe(55);
    expect(shortestRuntimeFor("26:24")).toBe(24);
    expect(shortestRuntimeFor("26:25")).toBe(25);
    expect(shortestRuntimeFor("0:00")).toBe(0);
    for (let seconds = 0; seconds <= 11 * 3600; seconds += 7) {
      const time = formatTimestamp(seconds);
      const shortest = shortestRuntimeFor(time);
      expect(timestampWithinRuntime(time, shortest), time).toBe(true);
      if (shortest > 0) expect(timestampWithinRuntime(time, shortest - 1), time).toBe(false);
    }
  });

  it("names the episode and its length when it refuses a time", () => {
    expect(timestampPastRuntimeMessage("Season 1 · Episode 3", 24)).toBe(
      "Season 1 · Episode 3 runs about 24 minutes: give a time within it.",
    );
    expect(timestampPastRuntimeMessage("Anime · Short 1", 1)).toBe(
      "Anime · Short 1 runs about 1 minute: give a time within it.",
    );
  });
});

describe("a light novel location", () => {
  it.each([
    ["p. 112", { page: 112, ebookPosition: null }],
    ["P.112", { page: 112, ebookPosition: null }],
    ["page 7", { page: 7, ebookPosition: null }],
    ["pg 31", { page: 31, ebookPosition: null }],
    ["  112 ", { page: 112, ebookPosition: null }],
    ["43%", { page: null, ebookPosition: "43%" }],
    ["43.50 %", { page: null, ebookPosition: "43.5%" }],
    ["100%", { page: null, ebookPosition: "100%" }],
    ["100.0%", { page: null, ebookPosition: "100%" }],
    [".5%", { page: null, ebookPosition: "0.5%" }],
    ["43,5%", { page: null, ebookPosition: "43.5%" }],
    ["pp. 112", { page: 112, ebookPosition: null }],
    ["Location: 1234", { page: null, ebookPosition: "loc. 1234" }],
    ["loc. 12345678", { page: null, ebookPosition: "loc. 12345678" }],
    ["loc. 1234", { page: null, ebookPosition: "loc. 1234" }],
    ["Location 88", { page: null, ebookPosition: "loc. 88" }],
  ])("reads %j as a page or an ebook position", (text, location) => {
    expect(parseBookLocation(text)).toEqual(location);
    expect(bookLocationPattern.test(text.trim())).toBe(true);
  });

  it.each([
    "",
    "p. 0",
    "0",
    "p. 112 where Corvin's sister dies",
    "the scene where she built the door",
    "101%",
    "100.5%",
    "%",
    ".%",
    "43,%",
    "loc. 123456789",
    "-3",
    "1e3",
    "p. 123456",
    "43%%",
    "chapter 3",
    "12:34",
    "p. 112\nand more",
  ])("refuses %j, which is not a place in a book", (text) => {
    expect(parseBookLocation(text)).toBeNull();
    expect(bookLocationPattern.test(text)).toBe(false);
  });
});

describe("entryHandle", () => {
  it("shows an id as a handle that spells none of it, the same each time, different for different ids", () => {
    const handle = entryHandle("main-3-his-sisters-face");
    expect(handle).toMatch(/^n[0-9a-z]{7}$/);
    expect(handle).toBe(entryHandle("main-3-his-sisters-face"));
    expect(entryHandle("main-3-his-sisters-face-2")).not.toBe(handle);
    // Any script, any length.
    expect(entryHandle("巻3-妹の顔")).toMatch(/^n[0-9a-z]{7}$/);
    expect(entryHandle("x".repeat(10_000))).toMatch(/^n[0-9a-z]{7}$/);
  });
});
