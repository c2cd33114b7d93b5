import { describe, expect, it } from "vitest";
import { hiddenRuns, isPublic, isRevealed, type Shield } from "./spoiler-shield";

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

describe("isPublic (the server's side of the rule)", () => {
  it("lets the server show only what carries no reveal point, even the first chapter's secrets", () => {
    expect(isPublic(null)).toBe(true);
    expect(isPublic(undefined)).toBe(true);
    expect(isPublic(1)).toBe(false);
    expect(isPublic(0)).toBe(false);
  });

  it("agrees with the browser's rule before the shield is known", () => {
    for (const revealAt of [null, undefined, 0, 1, 12.01]) expect(isRevealed(null, revealAt)).toBe(isPublic(revealAt));
  });
});

describe("hiddenRuns", () => {
  const shown = (n: number) => n % 10 === 0;

  it("keeps shown items in place and gathers each run of hidden ones", () => {
    expect(hiddenRuns([10, 1, 2, 20, 3, 30, 40], shown)).toEqual([
      { shown: true, item: 10 },
      { shown: false, items: [1, 2] },
      { shown: true, item: 20 },
      { shown: false, items: [3] },
      { shown: true, item: 30 },
      { shown: true, item: 40 },
    ]);
  });

  it("makes one line of a list that is hidden from start to end, and nothing of an empty one", () => {
    expect(hiddenRuns([1, 2, 3, 4, 5], shown)).toEqual([{ shown: false, items: [1, 2, 3, 4, 5] }]);
    expect(hiddenRuns([], shown)).toEqual([]);
  });
});
