import { describe, expect, it } from "vitest";
import { lengthProblem, textLength } from "./text-length";

describe("a field's length", () => {
  it("counts characters, not UTF-16 units", () => {
    expect(textLength("🏮🏮")).toBe(2);
    expect(textLength("灯a")).toBe(2);
    expect(textLength("")).toBe(0);
  });

  it("takes up to its limit, and past it says the true length however far past", () => {
    expect(lengthProblem("a".repeat(2000), 2000)).toBeNull();
    expect(lengthProblem("🏮".repeat(2001), 2000)).toBe("Keep it to 2,000 characters (this is 2,001).");
    // A paste three times the limit, or a megabyte: never cut to a box's size, so the count is the paste's.
    expect(lengthProblem("x".repeat(6000), 2000)).toBe("Keep it to 2,000 characters (this is 6,000).");
    expect(lengthProblem("🏮".repeat(1_000_000), 4000)).toBe("Keep it to 4,000 characters (this is 1,000,000).");
  });
});
