import { describe, expect, it } from "vitest";
import { axisTicks, inRanges, rangeLabel, sumOf, withEmptyMonths, yearStarts } from "./chart-ranges";

const merge = (range: Array<{ from: number; to: number; n: number }>) => ({
  from: range[0]!.from,
  to: range.at(-1)!.to,
  n: sumOf(range, (bar) => bar.n),
});
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

  it("marks the value axis in round steps of 1, 2 or 5 × 10ⁿ, up to the tallest bar or just past it", () => {
    expect(axisTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(axisTicks(40)).toEqual([0, 10, 20, 30, 40]);
    expect(axisTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks(3)).toEqual([0, 1, 2, 3]);
    expect(axisTicks(1)).toEqual([0, 1]);
    expect(axisTicks(0)).toEqual([0, 1]);
    expect(axisTicks(123_456)).toEqual([0, 50_000, 100_000, 150_000]);
    expect(axisTicks(1_000_000)).toEqual([0, 500_000, 1_000_000]);
  });

  it("gives every chart a few round ticks that reach its tallest bar", () => {
    for (let max = 0; max <= 5000; max++) {
      const ticks = axisTicks(max);
      const step = ticks[1]!;
      expect(ticks.length, `ticks for ${max}`).toBeGreaterThanOrEqual(2);
      expect(ticks.length, `ticks for ${max}`).toBeLessThanOrEqual(5);
      expect(ticks.at(-1)!, `top tick for ${max}`).toBeGreaterThanOrEqual(max);
      expect(ticks.at(-1)! - step, `top tick for ${max}`).toBeLessThan(Math.max(max, 1));
      expect(step / 10 ** Math.floor(Math.log10(step)), `step for ${max}`).toSatisfy((mantissa: number) =>
        [1, 2, 5].includes(mantissa),
      );
      ticks.forEach((tick, index) => expect(tick).toBe(index * step));
    }
  });
});

describe("a timeline", () => {
  it("keeps a month without a release as a zero bar, across a new year too", () => {
    const months = withEmptyMonths([
      { label: "2014-11", value: 3 },
      { label: "2015-02", value: 4 },
      { label: "2014-12", value: 1 },
    ]);
    expect(months).toEqual([
      { label: "2014-11", value: 3 },
      { label: "2014-12", value: 1 },
      { label: "2015-01", value: 0 },
      { label: "2015-02", value: 4 },
    ]);
    expect(withEmptyMonths([])).toEqual([]);
  });

  it("names each January by its year, and the first month by its own, for the axis", () => {
    expect(yearStarts(["2014-11", "2014-12", "2015-01", "2015-02", "2016-01"])).toEqual([
      { index: 0, label: "2014" },
      { index: 2, label: "2015" },
      { index: 4, label: "2016" },
    ]);
  });
});
