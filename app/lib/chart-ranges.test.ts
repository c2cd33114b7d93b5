import { describe, expect, it } from "vitest";
import { inRanges, rangeLabel, sumOf } from "./chart-ranges";

const merge = (range: Array<{ from: number; to: number; n: number }>) => ({ from: range[0]!.from, to: range.at(-1)!.to, n: sumOf(range, (bar) => bar.n) });
const bars = (count: number) => Array.from({ length: count }, (_, index) => ({ from: index + 1, to: index + 1, n: 1 }));

describe("chart ranges", () => {
  it("leaves a chart of at most max bars as it is", () => {
    expect(inRanges(bars(24), 24, merge)).toEqual(bars(24));
  });

  it("merges a longer chart into at most max even ranges, keeping every count", () => {
    for (const count of [25, 70, 722, 2281]) {
      const merged = inRanges(bars(count), 24, merge);
      expect(merged.length).toBeLessThanOrEqual(24);
      expect(sumOf(merged, (bar) => bar.n)).toBe(count);
      expect(merged[0]!.from).toBe(1);
      expect(merged.at(-1)!.to).toBe(count);
      // Ranges follow one another without a gap.
      merged.slice(1).forEach((bar, index) => expect(bar.from).toBe(merged[index]!.to + 1));
    }
  });

  it("labels a range by its ends", () => {
    expect(rangeLabel(1, 3)).toBe("1–3");
    expect(rangeLabel("2001", "2001")).toBe("2001");
  });
});
