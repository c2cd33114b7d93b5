import { describe, expect, it } from "vitest";
import { isMissingFilter, missingPage } from "./missing-filter";

describe("missingPage", () => {
  it("offers the first and the last page", () => {
    expect(missingPage(new URL("https://example.org/characters?page=9"), 3)).toEqual({
      missing: "Page 9",
      instead: "This list has 3 pages",
      choices: [
        { label: "First page", href: "/characters?page=1" },
        { label: "Last page (3)", href: "/characters?page=3" },
      ],
    });
  });

  it("is known for what it is, and nothing else is", () => {
    expect(isMissingFilter(missingPage(new URL("https://example.org/search?q=ash&page=2"), 1))).toBe(true);
    expect(missingPage(new URL("https://example.org/search?q=ash&page=2"), 1).choices).toEqual([
      { label: "Page 1", href: "/search?q=ash&page=1" },
    ]);
    expect(isMissingFilter(null)).toBe(false);
    expect(isMissingFilter("Not found")).toBe(false);
  });
});
