import { describe, expect, it } from "vitest";
import { formatTimestamp, parseLnMistakeSlug, parseMistakeFilters, timestampSeconds, volumeSlugFromKey } from "./rules";

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
    expect(volumeSlugFromKey("ln:main-3")).toBe("main_v3");
  });
});
