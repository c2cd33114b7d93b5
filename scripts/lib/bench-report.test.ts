import { describe, expect, it } from "vitest";
import { checkBudgets, type PageFigures, type PageResult } from "./bench-report";

function figures(overrides: Partial<PageFigures> = {}): PageFigures {
  return {
    status: 200,
    ms: 40,
    firstLoadKb: 90,
    roundTrips: 1,
    load: { requestsPerSecond: 100, p50Ms: 50, p99Ms: 90, errors: 0, statuses: { "200": 300 } },
    throughputRatio: 0.8,
    edgeCache: { header: null, first: { ms: 20, mark: null }, repeat: { ms: 20, mark: null } },
    ...overrides,
  };
}

const page = (name: string, byScale: Record<string, PageFigures>, latencyRatio?: number): PageResult => ({
  name,
  path: `/${name}`,
  byScale,
  latencyRatio,
});
const budget = (checks: ReturnType<typeof checkBudgets>, start: string) =>
  checks.find((check) => check.budget.startsWith(start))!;

describe("checkBudgets", () => {
  it("names the worst page and scale of each budget and marks it met or not", () => {
    const checks = checkBudgets(
      [
        page("home", { "1": figures(), "10": figures({ firstLoadKb: 104.6 }) }, 1.1),
        page("statistics", { "1": figures({ throughputRatio: 0.12, roundTrips: 2 }), "10": figures() }, 1.6),
      ],
      84.3,
    );
    expect(budget(checks, "First-load")).toEqual({
      budget: expect.any(String),
      met: false,
      worst: "84.3 + 20.3 KB (home at 10×)",
    });
    // Throughput beside the 404 is reported in the tables, not budgeted.
    expect(budget(checks, "Data routes")).toBeUndefined();
    expect(budget(checks, "10× content")).toMatchObject({ met: false, worst: "1.60× (statistics at 10×)" });
    expect(budget(checks, "1 D1")).toMatchObject({ met: false, worst: "2 (statistics at 1×)" });
  });

  it("says what this run did not measure", () => {
    const checks = checkBudgets(
      [page("privacy", { "1": figures({ roundTrips: 0, throughputRatio: 0.3 }) }), page("home", { "1": figures() })],
      84.3,
    );
    expect(budget(checks, "Lighthouse")).toMatchObject({ met: null, worst: "not measured" });
    expect(budget(checks, "CLS")).toMatchObject({ met: null });
    expect(budget(checks, "10× content")).toMatchObject({ met: null });
  });

  it("holds first-load JavaScript to the framework's floor plus 20 KB", () => {
    const at = (firstLoadKb: number) =>
      budget(checkBudgets([page("privacy", { "1": figures({ firstLoadKb }) })], 84.3), "First-load");
    expect(at(104.3)).toMatchObject({ met: true, worst: "84.3 + 20.0 KB (privacy at 1×)" });
    expect(at(104.4)).toMatchObject({ met: false });
    expect(
      budget(checkBudgets([page("privacy", { "1": figures({ firstLoadKb: 104.4 }) })], 88.3), "First-load"),
    ).toMatchObject({ met: true });
  });

  it("holds Lighthouse to at least 98 and CLS below 0.02 on every page", () => {
    const lighthouse = (performance: number, cls: number) => ({
      performance,
      cls,
      lcpMs: 1500,
      tbtMs: 0,
      fcpMs: 900,
      scores: [performance],
    });
    const checks = checkBudgets(
      [
        page("home", { "1": figures({ lighthouse: lighthouse(100, 0) }) }),
        page("tracker", { "1": figures({ lighthouse: lighthouse(98, 0.02) }) }),
      ],
      84.3,
    );
    expect(budget(checks, "Lighthouse")).toMatchObject({ met: true, worst: "98 (tracker at 1×)" });
    const below = checkBudgets([page("tracker", { "1": figures({ lighthouse: lighthouse(97, 0) }) })], 84.3);
    expect(budget(below, "Lighthouse")).toMatchObject({ met: false, worst: "97 (tracker at 1×)" });
    expect(budget(checks, "CLS")).toMatchObject({ met: false, worst: "0.020 (tracker at 1×)" });
  });

  it("fails the budgets a page too slow to measure could not be measured for, naming it", () => {
    const slow = figures({
      status: 0,
      ms: 60_000,
      firstLoadKb: Number.NaN,
      roundTrips: null,
      tooSlow: "no answer within 60 s",
      load: undefined,
      throughputRatio: undefined,
      edgeCache: undefined,
    });
    const checks = checkBudgets(
      [page("home", { "1": figures(), "10": figures() }, 1.1), page("statistics", { "1": figures(), "10": slow })],
      84.3,
    );
    expect(budget(checks, "10× content")).toMatchObject({
      met: false,
      worst: "too slow to measure (statistics at 10×)",
    });
    expect(budget(checks, "First-load")).toMatchObject({ met: true, worst: "84.3 + 5.7 KB (home at 1×)" });
  });
});
