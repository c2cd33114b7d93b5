/** The benchmark's figures, the budgets (docs/performance.md, decision 20) checked against them, and the printed summary. */
import type { EdgeCacheProbe, FirstLoadParts } from "./bench-site";
import type { LighthouseResult } from "./bench-lighthouse";
import type { LoadResult } from "./bench-load";
import type { BurstTally } from "./bench-burst";
import type { CpuFigures } from "./bench-cpu";
import type { TapFigures } from "./bench-taps";

export interface PageFigures {
  /** 0: no answer within the time limit. */
  status: number;
  /** One signed-out document request, unloaded. */
  ms: number;
  firstLoadKb: number;
  /** What `firstLoadKb` is made of: each script's gzip KB, and the inline scripts' together. */
  firstLoadParts?: FirstLoadParts;
  /** The document's size as sent, before compression (KB): what the Function rendered. */
  htmlKb?: number;
  roundTrips: number | null;
  /** Set when one request took so long that the page was not put under load nor through Lighthouse. */
  tooSlow?: string;
  /** Under load, every request a URL of its own: what the server itself costs (edge cache misses). */
  load?: LoadResult;
  /** Under load on the one URL: what readers' repeated visits meet, edge cache hits included. */
  cachedLoad?: LoadResult;
  /** The no-data route (the 404 page) under the same load on the same site, measured right before `load`. */
  noDataLoad?: LoadResult;
  /** Throughput (of `load`) as a share of `noDataLoad`'s: both measured moments apart, so the machine's load falls on both. */
  throughputRatio?: number;
  lighthouse?: LighthouseResult & { scores: number[] };
  edgeCache?: EdgeCacheProbe;
  /** CPU time per edge cache miss, one request after another; absent when the Function's process was not found. */
  cpu?: CpuFigures;
}

export interface PageResult {
  name: string;
  path: string;
  /** Keyed by scale ("1", "10"). */
  byScale: Record<string, PageFigures>;
  /** p50 latency under load at the largest scale ÷ at 1×; absent with one scale. */
  latencyRatio?: number;
}

/** The write burst at one scale: what the writers were answered, what D1 stored, what readers met. */
export interface BurstFigures extends BurstTally {
  /** Accounts the writers posted as, in turn. */
  accounts: number;
  /** The thread page under the readers' load alone, measured right before the burst. */
  readersUnloaded: LoadResult;
  /** The same load while the writers post. */
  readersDuringBurst: LoadResult;
  /** readersDuringBurst ÷ readersUnloaded, at p50 and at p99. */
  readerP50Ratio: number;
  readerP99Ratio: number;
}

export interface WriteBurstResults {
  /** The thread written to. */
  unit: string;
  /** The page readers load meanwhile (every request a URL of its own). */
  path: string;
  writers: number;
  accountsPerWriter: number;
  /** The comment limit per account and minute (refusals past it are expected). */
  perMinute: number;
  seconds: number;
  readerConnections: number;
  byScale: Record<string, BurstFigures>;
}

export interface BenchResults {
  startedAt: string;
  finishedAt: string;
  commit: string;
  /** loadAverage: the one-minute load average; above the CPU count, other work skewed the figures. */
  machine: { cpus: number; loadAverage: { atStart: number; atEnd: number }; node: string; chromium: string | null };
  settings: { scales: number[]; lighthouseRuns: number; connections: number; seconds: number };
  baseline: { path: string; byScale: Record<string, LoadResult>; cpu?: Record<string, CpuFigures> };
  staticAsset: { path: string; byScale: Record<string, LoadResult> };
  /** A 404 for a path of 2,000 characters (400 segments), next to the short 404 of `baseline`. */
  longPath?: { path: string; byScale: Record<string, LoadResult> };
  /** The framework's JavaScript alone (gzip KB): the floor every page's first load stands on (decision 20). */
  floorKb: number;
  pages: PageResult[];
  /** By scale, then control: the first and a later tap (absent in results from before taps were measured). */
  taps?: Record<string, Record<string, TapFigures>>;
  /** Absent in results from before the burst was measured. */
  writeBurst?: WriteBurstResults;
  budgets: BudgetCheck[];
}

export const budgets = {
  lighthouse: 98,
  cls: 0.02,
  /** First-load JavaScript with the hydration data, above the framework's floor (decision 20, restated). */
  siteKb: 20,
  latencyRatio: 1.3,
  roundTrips: 1,
  /** ms from a tap to the paint of its answer, first tap and later ones, every scale. */
  tapMs: 100,
  /** CPU ms per cache miss at the largest scale (the Workers free plan's limit a request), median, local D1 included. */
  cpuMs: 10,
  /** Readers' thread page during the write burst ÷ without it, at p50 and at p99. */
  burstReaderRatio: 2,
};

export interface BudgetCheck {
  budget: string;
  /** null: not measured in this run (e.g. --quick). */
  met: boolean | null;
  /** The worst figure and where it was seen. */
  worst: string;
}

interface Seen {
  value: number;
  where: string;
  /** A page too slow to measure is the worst figure of any budget it could not be measured for. */
  tooSlow?: boolean;
}

type Figure = number | "too slow" | undefined | null;

/** The largest (or with `lowest`, smallest) figure across pages and scales, with where it was seen. */
function extreme(
  pages: PageResult[],
  figure: (page: PageResult, scale: string, figures: PageFigures) => Figure,
  lowest = false,
): Seen | null {
  let worst: Seen | null = null;
  for (const page of pages) {
    for (const [scale, figures] of Object.entries(page.byScale)) {
      const value = figure(page, scale, figures);
      const where = `${page.name} at ${scale}×`;
      if (value === "too slow") {
        if (!worst?.tooSlow) worst = { value: Number.NaN, where, tooSlow: true };
        continue;
      }
      if (value === undefined || value === null || Number.isNaN(value) || worst?.tooSlow) continue;
      if (!worst || (lowest ? value < worst.value : value > worst.value)) worst = { value, where };
    }
  }
  return worst;
}

function check(
  budget: string,
  seen: Seen | null,
  met: (value: number) => boolean,
  format: (value: number) => string,
): BudgetCheck {
  if (!seen) return { budget, met: null, worst: "not measured" };
  if (seen.tooSlow) return { budget, met: false, worst: `too slow to measure (${seen.where})` };
  return { budget, met: met(seen.value), worst: `${format(seen.value)} (${seen.where})` };
}

/** What went wrong in a burst, in words; empty when every post was answered and stored as answered. */
export function burstFaults(figures: BurstFigures) {
  const faults: string[] = [];
  const say = (count: number, what: string) => count > 0 && faults.push(`${count} ${what}`);
  say(figures.lost, "answered as posted but not stored");
  say(figures.duplicated, "stored twice");
  say(figures.storedUnanswered, "stored but not answered as posted");
  say(figures.idMismatches, "stored under another id than answered");
  say(figures.unexpectedRefusals, "refused unexpectedly");
  say(figures.noAnswer, "not answered");
  return faults;
}

function burstChecks(burst: WriteBurstResults | undefined): BudgetCheck[] {
  const scales = Object.entries(burst?.byScale ?? {});
  const title = burst ? `Write burst (${burst.writers} writers, ${burst.seconds} s)` : "Write burst (16 writers, 10 s)";
  const integrity = `${title}: every post answered, each answered as posted stored once, nothing else stored`;
  const readers = `${title}: readers' thread page ≤ ${budgets.burstReaderRatio}× its latency without it (p50 and p99)`;
  if (!scales.length)
    return [
      { budget: integrity, met: null, worst: "not measured" },
      { budget: readers, met: null, worst: "not measured" },
    ];
  const faulty = scales.find(([, figures]) => burstFaults(figures).length);
  const posted = scales.map(([scale, figures]) => `${figures.posted} at ${scale}×`).join(", ");
  let worstRatio = { value: -Infinity, where: "" };
  for (const [scale, figures] of scales)
    for (const [at, value] of [
      ["p50", figures.readerP50Ratio],
      ["p99", figures.readerP99Ratio],
    ] as const)
      if (value > worstRatio.value) worstRatio = { value, where: `${at} at ${scale}×` };
  return [
    {
      budget: integrity,
      met: !faulty,
      worst: faulty
        ? `${burstFaults(faulty[1]).join(", ")} (at ${faulty[0]}×)`
        : `none lost, duplicated or unanswered (posted: ${posted})`,
    },
    {
      budget: readers,
      met: worstRatio.value <= budgets.burstReaderRatio,
      worst: `${worstRatio.value.toFixed(2)}× (${worstRatio.where})`,
    },
  ];
}

function tapCheck(taps: BenchResults["taps"]): BudgetCheck {
  const budget = `A tap answers within ${budgets.tapMs} ms (4× slower CPU, slow 4G; first and later taps)`;
  let worst: { value: number; where: string } | null = null;
  for (const [scale, controls] of Object.entries(taps ?? {}))
    for (const [control, figures] of Object.entries(controls)) {
      if (figures.problem)
        return { budget, met: false, worst: `${control} at ${scale}× not measured: ${figures.problem}` };
      for (const [which, value] of [
        ["first", figures.firstMs],
        ["later", figures.laterMs],
      ] as const)
        if (value !== null && (!worst || value > worst.value))
          worst = { value, where: `${control}, ${which} tap, at ${scale}×` };
    }
  if (!worst) return { budget, met: null, worst: "not measured" };
  return { budget, met: worst.value <= budgets.tapMs, worst: `${worst.value} ms (${worst.where})` };
}

export function checkBudgets(
  pages: PageResult[],
  floorKb: number,
  burst?: WriteBurstResults,
  taps?: BenchResults["taps"],
): BudgetCheck[] {
  const ranLighthouse = pages.some((page) => Object.values(page.byScale).some((f) => f.lighthouse));
  return [
    check(
      `Lighthouse mobile performance ≥ ${budgets.lighthouse} on every page`,
      extreme(pages, (_, __, f) => (f.tooSlow && ranLighthouse ? "too slow" : f.lighthouse?.performance), true),
      (v) => v >= budgets.lighthouse,
      (v) => String(v),
    ),
    check(
      `CLS < ${budgets.cls}`,
      extreme(pages, (_, __, f) => f.lighthouse?.cls),
      (v) => v < budgets.cls,
      (v) => v.toFixed(3),
    ),
    tapCheck(taps),
    check(
      `First-load JS incl. hydration data ≤ the framework's ${floorKb.toFixed(1)} KB + ${budgets.siteKb} KB gzip`,
      extreme(pages, (_, __, f) => f.firstLoadKb),
      (v) => v - floorKb <= budgets.siteKb,
      (v) => `${floorKb.toFixed(1)} + ${(v - floorKb).toFixed(1)} KB`,
    ),
    check(
      `10× content ≤ ${budgets.latencyRatio}× the 1× latency (p50 under load)`,
      extreme(pages, (page, scale, f) => (scale === "1" ? undefined : f.tooSlow ? "too slow" : page.latencyRatio)),
      (v) => v <= budgets.latencyRatio,
      (v) => `${v.toFixed(2)}×`,
    ),
    check(
      `CPU per cache miss ≤ ${budgets.cpuMs} ms at the largest scale (median, local D1 included)`,
      extreme(pages, (page, scale, f) =>
        scale === String(Math.max(...Object.keys(page.byScale).map(Number))) ? f.cpu?.p50Ms : undefined,
      ),
      (v) => v <= budgets.cpuMs,
      (v) => `${v.toFixed(1)} ms`,
    ),
    check(
      `${budgets.roundTrips} D1 round trip per page view`,
      extreme(pages, (_, __, f) => f.roundTrips),
      (v) => v <= budgets.roundTrips,
      (v) => String(v),
    ),
    ...burstChecks(burst),
  ];
}

function table(header: string[], rows: string[][]) {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join("  ");
  return [line(header), ...rows.map(line)].join("\n");
}

const mark = (met: boolean | null) => (met === null ? "not measured" : met ? "met" : "NOT MET");

/**
 * The site's share of a first load by where it comes from (gzip KB): the shell less the framework's floor
 * (the site's code every page carries), the root route and the entry, the page's own chunks, and the
 * inline scripts (hydration data, React Router's scripts, the theme script).
 */
export function siteShares(parts: FirstLoadParts, floorKb: number) {
  const sum = (test: (file: string) => boolean) =>
    parts.scripts.filter((script) => test(script.file)).reduce((total, script) => total + script.kb, 0);
  const isShell = (file: string) => /\/shell-[^/]*\.js$/.test(file);
  const isRootOrEntry = (file: string) => /\/(root|entry\.client)-[^/]*\.js$/.test(file);
  return {
    shell: sum(isShell) - floorKb,
    rootAndEntry: sum(isRootOrEntry),
    page: sum((file) => !isShell(file) && !isRootOrEntry(file)),
    inline: parts.inlineKb,
  };
}

/**
 * The first-load probe alone (`--first-load`): each page's first load as the floor + the site's share, the
 * room left under the ceiling (negative: over it), where the site's share comes from at the first scale,
 * and the first-load budget.
 */
export function formatFirstLoad(pages: PageResult[], floorKb: number) {
  const scales = [...new Set(pages.flatMap((page) => Object.keys(page.byScale)))];
  const first = scales[0]!;
  const out = [
    `First-load JS incl. hydration data (KB gzip) as the framework's floor (${floorKb.toFixed(1)} KB) + the site's, the room left under + ${budgets.siteKb} KB, and at ${first}× the site's share by part: the shell less the floor, the root route and entry, the page's own chunks, the inline scripts (hydration data)`,
    table(
      ["page", ...scales.flatMap((scale) => [`${scale}× JS KB`, "room"]), "shell", "root+entry", "page's", "inline"],
      pages.map((page) => {
        const parts = page.byScale[first]?.firstLoadParts;
        const shares = parts ? siteShares(parts, floorKb) : null;
        return [
          `${page.name} ${page.path}`,
          ...scales.flatMap((scale) => {
            const kb = page.byScale[scale]?.firstLoadKb;
            if (kb === undefined || !Number.isFinite(kb)) return ["—", ""];
            const site = kb - floorKb;
            return [`${floorKb.toFixed(1)}+${site.toFixed(1)}`, (budgets.siteKb - site).toFixed(1)];
          }),
          ...(shares
            ? [shares.shell, shares.rootAndEntry, shares.page, shares.inline].map((kb) => kb.toFixed(1))
            : ["", "", "", ""]),
        ];
      }),
    ),
    "",
  ];
  const budget = checkBudgets(pages, floorKb).find((check) => check.budget.startsWith("First-load"))!;
  out.push(`${mark(budget.met).padEnd(12)} ${budget.budget}: worst ${budget.worst}`);
  return out.join("\n");
}

export function formatSummary(results: BenchResults) {
  const scales = results.settings.scales.map(String);
  const big = scales.at(-1)!;
  const out: string[] = [];
  const { connections, seconds } = results.settings;

  out.push(
    `Server under load (${connections} connections, ${seconds} s each), every request a URL of its own (edge cache misses): requests/s, ÷ the 404 route (measured right before each page), p50/p99 ms; "cached": requests/s on one URL (edge cache hits)`,
  );
  const loadRow = (name: string, byScale: Record<string, LoadResult>, ratio?: (scale: string) => string) => [
    name,
    ...scales.flatMap((scale) => {
      const load = byScale[scale];
      return load
        ? [load.requestsPerSecond.toFixed(0), ratio?.(scale) ?? "", `${load.p50Ms}/${load.p99Ms}`, ""]
        : ["", "", "", ""];
    }),
  ];
  const pageLoadRow = (page: PageResult) => [
    page.name,
    ...scales.flatMap((scale) => {
      const figures = page.byScale[scale];
      if (!figures?.load) return [figures?.tooSlow ?? "", "", "", ""];
      return [
        figures.load.requestsPerSecond.toFixed(0),
        `${(figures.throughputRatio ?? 0).toFixed(2)}×`,
        `${figures.load.p50Ms}/${figures.load.p99Ms}`,
        figures.cachedLoad ? figures.cachedLoad.requestsPerSecond.toFixed(0) : "",
      ];
    }),
  ];
  const rows = [
    loadRow(`no-data route ${results.baseline.path}`, results.baseline.byScale, () => "1.00×"),
    loadRow(
      `static asset`,
      results.staticAsset.byScale,
      (scale) =>
        `${(results.staticAsset.byScale[scale]!.requestsPerSecond / results.baseline.byScale[scale]!.requestsPerSecond).toFixed(2)}×`,
    ),
    ...(results.longPath
      ? [
          loadRow(
            `404 of ${results.longPath.path.length} characters`,
            results.longPath.byScale,
            (scale) =>
              `${(results.longPath!.byScale[scale]!.requestsPerSecond / results.baseline.byScale[scale]!.requestsPerSecond).toFixed(2)}×`,
          ),
        ]
      : []),
    ...results.pages.map((page) => [
      ...pageLoadRow(page),
      page.latencyRatio === undefined ? "" : `${page.latencyRatio.toFixed(2)}×`,
      page.byScale["1"]?.roundTrips === null ? "?" : String(page.byScale["1"]?.roundTrips ?? ""),
    ]),
  ];
  out.push(
    table(
      [
        "page",
        ...scales.flatMap((scale) => [`${scale}× req/s`, "÷404", "p50/p99", "cached"]),
        scales.length > 1 ? `${big}×÷1×` : "",
        "D1",
      ],
      rows,
    ),
  );

  out.push(
    "",
    `Browser: first-load JS incl. hydration data (KB gzip) as the framework's floor (${results.floorKb.toFixed(1)} KB) + the site's; Lighthouse mobile, best of runs (score, LCP s, TBT ms, CLS)`,
  );
  out.push(
    table(
      ["page", ...scales.flatMap((scale) => [`${scale}× JS KB`, `${scale}× score`, "LCP", "TBT", "CLS"])],
      results.pages.map((page) => [
        `${page.name} ${page.path}`,
        ...scales.flatMap((scale) => {
          const figures = page.byScale[scale];
          const lh = figures?.lighthouse;
          return [
            figures && Number.isFinite(figures.firstLoadKb)
              ? `${results.floorKb.toFixed(1)}+${(figures.firstLoadKb - results.floorKb).toFixed(1)}`
              : "—",
            lh ? `${lh.performance} (${lh.scores.join(",")})` : "—",
            lh ? (lh.lcpMs / 1000).toFixed(1) : "",
            lh ? lh.tbtMs.toFixed(0) : "",
            lh ? lh.cls.toFixed(3) : "",
          ];
        }),
      ]),
    ),
  );

  if (results.taps) out.push("", ...formatTaps(results.taps));

  if (results.pages.some((page) => Object.values(page.byScale).some((figures) => figures.cpu)))
    out.push("", ...formatCpu(results));

  const anyMark = results.pages.some((page) =>
    Object.values(page.byScale).some((figures) => figures.edgeCache?.header),
  );
  out.push(
    "",
    anyMark
      ? "Edge cache: a first request for a fresh URL, then the same URL again (median ms and the mark)"
      : "Edge cache: no edge cache yet (no response marks one); a first request for a fresh URL, then the same URL again (median ms)",
  );
  out.push(
    table(
      ["page", ...scales.flatMap((scale) => [`${scale}× first`, "repeat"])],
      results.pages.map((page) => [
        page.name,
        ...scales.flatMap((scale) => {
          const probe = page.byScale[scale]?.edgeCache;
          if (!probe) return ["—", ""];
          const show = (side: EdgeCacheProbe["first"]) => `${side.ms.toFixed(1)}${side.mark ? ` ${side.mark}` : ""}`;
          return [show(probe.first), show(probe.repeat)];
        }),
      ]),
    ),
  );

  if (results.writeBurst) out.push("", ...formatBurst(results.writeBurst));

  const { cpus, loadAverage } = results.machine;
  if (Math.max(loadAverage.atStart, loadAverage.atEnd) > cpus) {
    out.push(
      "",
      `Note: the machine was busy (load average ${loadAverage.atStart.toFixed(1)} at the start, ${loadAverage.atEnd.toFixed(1)} at the end, on ${cpus} CPUs): figures are skewed; rerun when it is idle.`,
    );
  }
  out.push("", "Budgets:");
  for (const budget of results.budgets)
    out.push(`  ${mark(budget.met).padEnd(12)} ${budget.budget}: worst ${budget.worst}`);
  return out.join("\n");
}

/** The taps, first and later, a pair of columns for each scale. */
export function formatTaps(taps: NonNullable<BenchResults["taps"]>) {
  const scales = Object.keys(taps);
  const controls = [...new Set(scales.flatMap((scale) => Object.keys(taps[scale]!)))];
  const ms = (value: number | null | undefined) => (value === null || value === undefined ? "—" : String(value));
  return [
    "Taps: ms from input to the paint of the answer on a fresh load (Chromium, 4× slower CPU, slow 4G, 360 px), median of the loads; first tap / a later one",
    table(
      ["control", ...scales.map((scale) => `${scale}× first/later`)],
      controls.map((control) => [
        control,
        ...scales.map((scale) => {
          const figures = taps[scale]![control];
          if (!figures) return "—";
          return figures.problem ? `not measured: ${figures.problem}` : `${ms(figures.firstMs)}/${ms(figures.laterMs)}`;
        }),
      ]),
    ),
  ];
}

/** CPU time per cache miss, a group of columns for each scale. */
export function formatCpu(results: BenchResults) {
  const scales = results.settings.scales.map(String);
  const ms = (value: number | null | undefined) => (value === null || value === undefined ? "—" : value.toFixed(1));
  const columns = (cpu: CpuFigures | undefined, load?: LoadResult, htmlKb?: number) =>
    cpu
      ? [
          htmlKb === undefined ? "—" : htmlKb.toFixed(0),
          `${ms(cpu.p50Ms)}/${ms(cpu.p99Ms)}`,
          ms(cpu.d1P50Ms),
          ms(cpu.cacheP50Ms),
          `${ms(cpu.ownP50Ms)}/${ms(cpu.ownP99Ms)}`,
          ms(load?.cpuMsPerRequest),
        ]
      : ["—", "", "", "", "", ""];
  const samples = results.pages.flatMap((page) => Object.values(page.byScale)).find((f) => f.cpu)?.cpu?.samples;
  return [
    `CPU per cache miss (ms) of the workerd that runs the Function beside the page's HTML (KB, uncompressed), local D1 and edge cache included: p50/p99 of ${samples} requests one after another; the waits for D1 and for the edge cache (p50: locally both run in that process, on Cloudflare neither does); the rest, the Function's own (p50/p99); the mean per request under load`,
    table(
      ["page", ...scales.flatMap((scale) => [`${scale}× HTML KB`, "p50/p99", "D1", "cache", "own", "loaded"])],
      [
        ...(results.baseline.cpu
          ? [
              [
                `no-data route ${results.baseline.path}`,
                ...scales.flatMap((scale) => columns(results.baseline.cpu?.[scale])),
              ],
            ]
          : []),
        ...results.pages.map((page) => [
          page.name,
          ...scales.flatMap((scale) =>
            columns(page.byScale[scale]?.cpu, page.byScale[scale]?.load, page.byScale[scale]?.htmlKb),
          ),
        ]),
      ],
    ),
  ];
}

/** The write burst's figures, a column for each scale. */
export function formatBurst(burst: WriteBurstResults) {
  const scales = Object.keys(burst.byScale);
  const row = (name: string, figure: (figures: BurstFigures) => string) => [
    name,
    ...scales.map((scale) => figure(burst.byScale[scale]!)),
  ];
  const ms = (load: LoadResult) => `${load.p50Ms}/${load.p99Ms}`;
  return [
    `Write burst on ${burst.unit}'s thread: ${burst.writers} writers posting at once, as fast as answered, for ${burst.seconds} s, each taking ${burst.accountsPerWriter} accounts in turn (${burst.perMinute} posts a minute allowed to each; refusals past it are expected); ${burst.readerConnections} connections reading ${burst.path} (every request a URL of its own) before and during it; D1 read back after`,
    table(
      ["", ...scales.map((scale) => `${scale}×`)],
      [
        row("posts attempted", (f) => String(f.attempted)),
        row("answered as posted", (f) => `${f.posted} (${f.postsPerSecond.toFixed(1)}/s)`),
        row(`refused at the limit (expected)`, (f) => String(f.limitRefusals)),
        row("refused otherwise", (f) => String(f.unexpectedRefusals)),
        row("no answer", (f) => String(f.noAnswer)),
        row("stored in D1", (f) => String(f.stored)),
        row("posted, not stored (lost)", (f) => String(f.lost)),
        row("stored twice (duplicates)", (f) => String(f.duplicated)),
        row("stored, not answered as posted", (f) => String(f.storedUnanswered)),
        row("most stored by one account", (f) => String(f.mostByOneAccount)),
        row("writes p50/p99 ms", (f) => `${f.writeP50Ms.toFixed(0)}/${f.writeP99Ms.toFixed(0)}`),
        row(
          "readers alone p50/p99 ms, req/s",
          (f) => `${ms(f.readersUnloaded)}, ${f.readersUnloaded.requestsPerSecond.toFixed(0)}`,
        ),
        row(
          "readers during burst p50/p99 ms, req/s",
          (f) => `${ms(f.readersDuringBurst)}, ${f.readersDuringBurst.requestsPerSecond.toFixed(0)}`,
        ),
        row(
          "readers during ÷ alone, p50/p99",
          (f) => `${f.readerP50Ratio.toFixed(2)}×/${f.readerP99Ratio.toFixed(2)}×`,
        ),
      ],
    ),
  ];
}
