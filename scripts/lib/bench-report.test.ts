import { describe, expect, it } from "vitest";
import {
  type BurstFigures,
  checkBudgets,
  formatBurst,
  type PageFigures,
  type PageResult,
  type WriteBurstResults,
} from "./bench-report";

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

describe("the write burst's budgets", () => {
  const load = (p50Ms: number, p99Ms: number) => ({
    requestsPerSecond: 80,
    p50Ms,
    p99Ms,
    errors: 0,
    statuses: { "200": 800 },
  });
  function burstFigures(overrides: Partial<BurstFigures> = {}): BurstFigures {
    return {
      attempted: 300,
      posted: 290,
      limitRefusals: 10,
      unexpectedRefusals: 0,
      noAnswer: 0,
      stored: 290,
      lost: 0,
      duplicated: 0,
      storedUnanswered: 0,
      idMismatches: 0,
      mostByOneAccount: 3,
      writeP50Ms: 400,
      writeP99Ms: 900,
      postsPerSecond: 29,
      accounts: 192,
      readersUnloaded: load(200, 300),
      readersDuringBurst: load(300, 500),
      readerP50Ratio: 1.5,
      readerP99Ratio: 500 / 300,
      ...overrides,
    };
  }
  const results = (byScale: Record<string, BurstFigures>): WriteBurstResults => ({
    unit: "anime:1-11",
    path: "/discuss/anime:1-11?reveal=all",
    writers: 16,
    accountsPerWriter: 12,
    perMinute: 3,
    seconds: 10,
    readerConnections: 16,
    byScale,
  });
  const checks = (byScale: Record<string, BurstFigures>) => checkBudgets([], 84.3, results(byScale));

  it("is met when every post was answered and stored as answered, refusals at the limit included", () => {
    expect(budget(checks({ "1": burstFigures() }), "Write burst (16 writers, 10 s): every post")).toMatchObject({
      met: true,
      worst: "none lost, duplicated or unanswered (posted: 290 at 1×)",
    });
  });

  it("names what went wrong, and where", () => {
    const check = budget(
      checks({ "1": burstFigures(), "10": burstFigures({ lost: 2, duplicated: 1, noAnswer: 3 }) }),
      "Write burst (16 writers, 10 s): every post",
    );
    expect(check).toMatchObject({
      met: false,
      worst: "2 answered as posted but not stored, 1 stored twice, 3 not answered (at 10×)",
    });
  });

  it("holds readers to twice their latency without the burst, at p50 and at p99", () => {
    const readers = (overrides: Partial<BurstFigures>) =>
      budget(checks({ "1": burstFigures(overrides) }), "Write burst (16 writers, 10 s): readers");
    expect(readers({ readerP50Ratio: 2, readerP99Ratio: 1.2 })).toMatchObject({
      met: true,
      worst: "2.00× (p50 at 1×)",
    });
    expect(readers({ readerP50Ratio: 1.1, readerP99Ratio: 2.4 })).toMatchObject({
      met: false,
      worst: "2.40× (p99 at 1×)",
    });
  });

  it("says when no burst was measured", () => {
    const without = checkBudgets([], 84.3);
    expect(without.filter((check) => check.budget.startsWith("Write burst"))).toEqual([
      expect.objectContaining({ met: null, worst: "not measured" }),
      expect.objectContaining({ met: null, worst: "not measured" }),
    ]);
  });

  it("prints each figure with a column for each scale", () => {
    const text = formatBurst(results({ "1": burstFigures(), "10": burstFigures({ posted: 250 }) })).join("\n");
    expect(text).toMatch(/answered as posted\s+290 \(29\.0\/s\)\s+250 \(29\.0\/s\)/);
    expect(text).toMatch(/readers during ÷ alone, p50\/p99\s+1\.50×\/1\.67×/);
    expect(text).toMatch(/refused at the limit \(expected\)\s+10\s+10/);
  });
});
