import { describe, expect, it } from "vitest";
import { isRevealed, type Shield } from "./spoiler-shield";

const at = (position: number, mode: Shield["mode"] = "hide"): Shield => ({ position, mode, hasProgress: position > 0 });

describe("isRevealed", () => {
  it("shows what carries no reveal point, to everyone", () => {
    expect(isRevealed(null, null)).toBe(true);
    expect(isRevealed(at(0), undefined)).toBe(true);
  });

  it("hides gated items until the shield is known (server, first paint, no JavaScript)", () => {
    expect(isRevealed(null, 1)).toBe(false);
  });

  it("shows an item once the reader's progress reaches its reveal point, in hide and blur modes alike", () => {
    for (const mode of ["hide", "blur"] as const) {
      expect(isRevealed(at(40, mode), 40)).toBe(true);
      expect(isRevealed(at(40, mode), 40.01)).toBe(false);
    }
  });

  it("shields everything gated for a reader with no progress, and nothing when the shield is off", () => {
    expect(isRevealed(at(0), 2)).toBe(false);
    expect(isRevealed(at(0, "off"), 999)).toBe(true);
  });
});
