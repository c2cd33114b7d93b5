import { describe, expect, it } from "vitest";
import {
  type BurstFigures,
  checkBudgets,
  formatBurst,
  formatFirstLoad,
  type PageFigures,
  type PageResult,
  siteShares,
  type WriteBurstResults,
} from "./bench-report";
import { firstLoadKbOf } from "./bench-site";

function figures(overrides: Partial<PageFigures> = {}): PageFigures {
  return {
    status: 200,
    ms: 40,
    firstLoadKb: 90,
    roundTrips: 1,
    load: { requests: 300, requestsPerSecond: 100, p50Ms: 50, p99Ms: 90, errors: 0, statuses: { "200": 300 } },
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

  it("holds every tap, first and later, at every scale to 100 ms, and names a control it could not tap", () => {
    const taps = (laterMs: number) => ({
      "1": { "I have read up to here": { firstMs: 60, laterMs: 40 }, "a tracker picker": { firstMs: 90, laterMs } },
      "10": { "I have read up to here": { firstMs: 80, laterMs: 40 } },
    });
    expect(budget(checkBudgets([], 84.3, undefined, taps(100)), "A tap")).toMatchObject({
      met: true,
      worst: "100 ms (a tracker picker, later tap, at 1×)",
    });
    expect(budget(checkBudgets([], 84.3, undefined, taps(232)), "A tap")).toMatchObject({
      met: false,
      worst: "232 ms (a tracker picker, later tap, at 1×)",
    });
    const failed = { "1": { "a spoiler's Show it": { firstMs: null, laterMs: null, problem: "Timeout" } } };
    expect(budget(checkBudgets([], 84.3, undefined, failed), "A tap")).toMatchObject({ met: false });
    expect(budget(checkBudgets([], 84.3), "A tap")).toMatchObject({ met: null, worst: "not measured" });
  });

  it("holds CPU per miss to the largest scale's median, and says so when a page's process was not measured", () => {
    const cpu = (p50Ms: number) => ({
      samples: 40,
      p50Ms,
      p99Ms: p50Ms * 2,
      d1P50Ms: 1,
      cacheP50Ms: 0.5,
      ownP50Ms: p50Ms - 1.5,
      ownP99Ms: p50Ms * 2 - 1.5,
    });
    const checks = checkBudgets(
      [
        // 1× over the budget does not count: the budget is on the largest scale.
        page("home", { "1": figures({ cpu: cpu(14) }), "10": figures({ cpu: cpu(9.5) }) }),
        page("web novel", { "1": figures({ cpu: cpu(8) }), "10": figures({ cpu: cpu(10.4) }) }),
      ],
      84.3,
    );
    expect(budget(checks, "CPU per cache miss")).toMatchObject({ met: false, worst: "10.4 ms (web novel at 10×)" });
    const within = checkBudgets(
      [page("home", { "1": figures({ cpu: cpu(3) }), "10": figures({ cpu: cpu(10) }) })],
      84.3,
    );
    expect(budget(within, "CPU per cache miss")).toMatchObject({ met: true, worst: "10.0 ms (home at 10×)" });
    expect(budget(checkBudgets([page("home", { "1": figures() })], 84.3), "CPU per cache miss")).toMatchObject({
      met: null,
    });
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
    requests: 800,
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

describe("the first-load probe alone", () => {
  it("gives each page as floor + site with the room left, and marks a page over the ceiling", () => {
    const text = formatFirstLoad(
      [
        page("home", { "1": figures({ firstLoadKb: 100.3 }), "10": figures({ firstLoadKb: 100.4 }) }),
        page("web novel", { "1": figures({ firstLoadKb: 104.9 }), "10": figures({ firstLoadKb: Number.NaN }) }),
      ],
      84.3,
    );
    expect(text).toMatch(/home \/home\s+84\.3\+16\.0\s+4\.0\s+84\.3\+16\.1\s+3\.9/);
    expect(text).toMatch(/web novel \/web novel\s+84\.3\+20\.6\s+-0\.6\s+—/);
    expect(text).toMatch(/NOT MET\s+First-load .*: worst 84\.3 \+ 20\.6 KB \(web novel at 1×\)/);
  });

  it("splits the site's share into the shell less the floor, the root and entry, the page's chunks and the inline scripts", () => {
    const firstLoadParts = {
      scripts: [
        { file: "/assets/entry.client-B6Z6iXVd.js", kb: 0.2 },
        { file: "/assets/shell-Dg9Tq_CL.js", kb: 97.3 },
        { file: "/assets/root-CaUL7RJW.js", kb: 0.6 },
        { file: "/assets/web-novel-CseH08EZ.js", kb: 4.7 },
        { file: "/assets/error-body-BPmD0kK9.js", kb: 0.2 },
      ],
      inlineKb: 6.1,
    };
    expect(firstLoadKbOf(firstLoadParts)).toBeCloseTo(109.1);
    expect(siteShares(firstLoadParts, 83.9)).toEqual({
      shell: expect.closeTo(13.4),
      rootAndEntry: expect.closeTo(0.8),
      page: expect.closeTo(4.9),
      inline: 6.1,
    });
    const text = formatFirstLoad(
      [
        page("web novel", {
          "1": figures({ firstLoadKb: 109.1, firstLoadParts }),
          "10": figures({ firstLoadKb: 111 }),
        }),
      ],
      83.9,
    );
    expect(text).toMatch(
      /web novel \/web novel\s+83\.9\+25\.2\s+-5\.2\s+83\.9\+27\.1\s+-7\.1\s+13\.4\s+0\.8\s+4\.9\s+6\.1$/m,
    );
  });

  it("says the budget is met when every page is under the ceiling", () => {
    expect(formatFirstLoad([page("home", { "1": figures({ firstLoadKb: 100 }) })], 84.3)).toMatch(/^met\s+First-load/m);
  });
});
