/**
 * The performance benchmark (issue 13; docs/performance.md): builds, serves the production build with
 * `wrangler pages dev` on its own local state at 1× and 10× the demo content, and measures both side
 * by side:
 *   - Lighthouse mobile (performance, LCP, TBT, CLS) for every kind of public page, best of 2 runs;
 *   - first-load JavaScript including the inline hydration data (gzip);
 *   - taps: from input to the paint of the answer, for the first and a later tap on the reader's main
 *     controls, on a fresh load in Chromium slowed 4× on slow 4G (median of 3 loads);
 *   - throughput and p50/p99 latency under concurrent load for every page kind, next to the no-data
 *     route (a 404) and a static asset; the ratio to the 404 route and the 10×÷1× latency ratio.
 *     Every request asks for a URL of its own, so the edge cache misses and the figures are the
 *     server's own cost; the same page on one URL (edge cache hits) is measured beside it;
 *   - CPU time per cache miss: the workerd process that runs the Function, per request one after
 *     another (median and p99) and per request under load, with D1's share (the site's Server-Timing);
 *   - D1 round trips per page view (the site's X-D1-Round-Trips header, on for the bench only);
 *   - an edge cache's first answer next to a repeat;
 *   - a write burst on the long thread: 16 signed-in writers post at once for 10 s while readers load
 *     the thread; every comment answered as posted must be stored exactly once and nothing else, and
 *     readers' latency is set beside their latency without the writers.
 * Writes bench/results.json and prints a summary with each budget met or not. It never fails on a
 * budget: the figures are for people, not a gate.
 *
 *   npm run bench                       everything, about 20 minutes
 *   npm run bench -- --quick            1× only, no Lighthouse: a few minutes, for development
 *   npm run bench -- --skip-build       measure the build already in build/
 *   npm run bench -- --first-load       only each page's first-load JS: nothing timed, a few minutes
 *   npm run bench -- --scale 5 --lighthouse-runs 3 --seconds 5
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { parseArgs, runCli, UsageError } from "./lib/cli";
import { bestOf, startChrome } from "./lib/bench-lighthouse";
import { loadTest, type LoadResult, uncached } from "./lib/bench-load";
import {
  type BenchResults,
  checkBudgets,
  formatFirstLoad,
  formatSummary,
  type PageFigures,
  type PageResult,
  type WriteBurstResults,
} from "./lib/bench-report";
import { measureFrameworkFloorKb } from "./lib/bench-floor";
import {
  type PageProbe,
  prepareState,
  probeEdgeCache,
  probePage,
  run,
  startAuthEmulator,
  startSite,
  staticAssetOf,
} from "./lib/bench-site";
import { prepareWriters, tallyBurst, waitForEmulator, writeBurst } from "./lib/bench-burst";
import { clearBursts, readBackBurst } from "./lib/bench-burst-d1";
import { type CpuFigures, cpuPerRequestDuring, functionProcess, measureCpuPerMiss } from "./lib/bench-cpu";
import { measureTaps, type TapFigures } from "./lib/bench-taps";
import { authEmulatorHost } from "./lib/local-auth";
import { NEW_WRITER_LIMITS } from "../app/lib/discussion/standing";

/** The thread the bench fills with comments, 200 for each scale of content. */
const longThread = "anime:1-11";
const commentsPerScale = 200;

/** Every kind of public page, by one example of it. */
const pages = [
  { name: "home", path: "/" },
  { name: "web novel", path: "/web_novel" },
  { name: "light novels", path: "/light_novels" },
  { name: "side stories", path: "/side_stories" },
  { name: "anime", path: "/anime" },
  { name: "anime specials", path: "/anime/specials" },
  { name: "break time", path: "/break_time" },
  { name: "manga", path: "/manga" },
  { name: "releases", path: "/releases" },
  { name: "characters", path: "/characters" },
  { name: "a character", path: "/characters/ilse-marrow" },
  { name: "search", path: "/search?q=ash" },
  // A long thread (200 comments a scale: 2,000 at 10×) as a reader who has seen everything asks for it.
  { name: "a discussion thread", path: `/discuss/${longThread}?reveal=all` },
  { name: "translation notes hub", path: "/translation_meta" },
  { name: "LN mistakes hub", path: "/translation_meta/ln_mistls" },
  { name: "a volume's mistakes", path: "/translation_meta/ln_mistls/main_v1" },
  { name: "anime mistakes", path: "/translation_meta/anime_mistls" },
  { name: "statistics", path: "/statistics" },
  { name: "readership", path: "/statistics/readership" },
  { name: "reading tracker", path: "/reading_tracker" },
  { name: "privacy policy", path: "/privacy_policy" },
  { name: "login", path: "/login" },
];
const noDataRoute = "/no-such-page";
/** A not-found path of 400 segments, just under the address limit: its cost must stay in step with its length. */
const longPath = `/${"lost/".repeat(400)}`;
/** A page that does not answer one request within this long is reported as such and measured no further. */
const probeLimitMs = 60_000;
/** A page whose one unloaded request takes longer than this is not put under load nor through Lighthouse. */
const tooSlowMs = 5_000;

/**
 * The write burst: this many writers post to the long thread at once, as fast as the site answers,
 * for this long, each taking its accounts in turn so that no account passes the per-minute limit
 * while it lasts (a writer that runs out of accounts goes round them again: refusals at the limit,
 * counted as expected). The accounts are new to discussion, so each may post one comment a minute
 * (NEW_WRITER_LIMITS): 30 accounts a writer allow 30 posts each, 48 a second in all, near the most one
 * local site has answered (56 a second so far); a faster run sees refusals at the limit, as expected.
 * Readers load the thread page meanwhile, on the load test's connections.
 */
const burst = { writers: 16, accountsPerWriter: 30, seconds: 10, readerPath: `/discuss/${longThread}?reveal=all` };

/**
 * Ports 8851–8859 belong to the bench: sites, their inspectors, Chromium's DevTools; its Auth
 * emulator (for the burst's writers) is on 9399, its helpers on 9400–9401.
 */
const ports = { sites: [8851, 8852], inspectors: [8853, 8854], chrome: 8859, authEmulator: 9399 };
const emulatorOrigin = `http://${authEmulatorHost(ports.authEmulator)}`;

const usage =
  "Usage: npm run bench [-- --quick] [--first-load] [--skip-build] [--scale N] [--lighthouse-runs N] [--seconds N] [--connections N]";

function positiveInteger(value: string | undefined, flag: string, fallback: number) {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new UsageError(`${flag} takes a positive whole number, not "${value}"\n${usage}`);
  return number;
}

const step = (message: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

function output(command: string, args: string[]) {
  const result = spawnSync(command, args, { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : null;
}

interface BenchSite {
  scale: number;
  key: string;
  base: string;
  persistTo: string;
}

/**
 * The write burst at each scale, then (with the sites stopped: their D1 files are theirs while they
 * run) the read-back and the clean-up. Stops the sites and the emulator.
 */
async function measureWriteBurst(
  sites: BenchSite[],
  connections: number,
  stopSites: () => Promise<unknown>,
): Promise<WriteBurstResults> {
  await waitForEmulator(emulatorOrigin);
  const burstRuns = [];
  for (const site of sites) {
    step(
      `Write burst at ${site.scale}×: signing in ${burst.writers} writers × ${burst.accountsPerWriter} accounts, their progress saved`,
    );
    const tag = `${Date.now().toString(36)}-${site.scale}x`;
    const writers = await prepareWriters(site.base, emulatorOrigin, {
      writers: burst.writers,
      accountsPerWriter: burst.accountsPerWriter,
      unit: longThread,
      tag,
    });
    const readerUrl = site.base + burst.readerPath;
    step(`  readers alone: ${connections} connections on ${burst.readerPath}, ${burst.seconds} s`);
    const readersUnloaded = await loadTest(readerUrl, { connections, seconds: burst.seconds, fresh: true });
    step(`  readers with ${burst.writers} writers posting as fast as answered, ${burst.seconds} s`);
    const [readersDuringBurst, attempts] = await Promise.all([
      loadTest(readerUrl, { connections, seconds: burst.seconds, fresh: true, warm: false }),
      writeBurst(site.base, writers, { unit: longThread, tag, seconds: burst.seconds }),
    ]);
    step(
      `  ${attempts.length} posts sent, ${attempts.filter((attempt) => attempt.outcome === "posted").length} answered as posted; readers p50 ${readersUnloaded.p50Ms} → ${readersDuringBurst.p50Ms} ms`,
    );
    burstRuns.push({ site, tag, writers, attempts, readersUnloaded, readersDuringBurst });
  }
  // D1 is read back with the sites stopped (its files are theirs while they run).
  step("Reading the burst's comments back from D1");
  await stopSites();
  const writeBurstResults: WriteBurstResults = {
    unit: longThread,
    path: burst.readerPath,
    writers: burst.writers,
    accountsPerWriter: burst.accountsPerWriter,
    perMinute: NEW_WRITER_LIMITS.perMinute,
    seconds: burst.seconds,
    readerConnections: connections,
    byScale: {},
  };
  for (const { site, tag, writers, attempts, readersUnloaded, readersDuringBurst } of burstRuns) {
    const stored = await readBackBurst(site.persistTo, longThread, tag);
    const uids = writers.flatMap((writer) => writer.accounts.map((account) => account.uid));
    await clearBursts(site.persistTo, longThread, uids);
    writeBurstResults.byScale[site.key] = {
      ...tallyBurst(attempts, stored, { perMinute: NEW_WRITER_LIMITS.perMinute, seconds: burst.seconds }),
      accounts: uids.length,
      readersUnloaded,
      readersDuringBurst,
      readerP50Ratio: readersDuringBurst.p50Ms / readersUnloaded.p50Ms,
      readerP99Ratio: readersDuringBurst.p99Ms / readersUnloaded.p99Ms,
    };
  }
  return writeBurstResults;
}

runCli(async () => {
  const { values, positionals } = parseArgs(
    process.argv.slice(2),
    {
      quick: { type: "boolean" },
      "first-load": { type: "boolean" },
      "skip-build": { type: "boolean" },
      scale: { type: "string" },
      "lighthouse-runs": { type: "string" },
      seconds: { type: "string" },
      connections: { type: "string" },
    },
    usage,
  );
  if (positionals.length) throw new UsageError(usage);
  const quick = values.quick ?? false;
  // Only what a first visit downloads: it follows the build and the content, not the machine, so it
  // needs no idle machine and none of the timed parts.
  const firstLoadOnly = values["first-load"] ?? false;
  const bigScale = positiveInteger(values.scale, "--scale", 10);
  const scales = quick || bigScale === 1 ? [1] : [1, bigScale];
  const lighthouseRuns = quick ? 0 : positiveInteger(values["lighthouse-runs"], "--lighthouse-runs", 2);
  const seconds = positiveInteger(values.seconds, "--seconds", 3);
  const connections = positiveInteger(values.connections, "--connections", 16);
  const startedAt = new Date().toISOString();
  // Other work on the machine skews every figure: the results say how busy it was.
  const loadAtStart = loadavg()[0]!;

  step("Measuring the framework's floor (a copy of the build with the framework in a chunk of its own)");
  const floorKb = measureFrameworkFloorKb();
  if (!values["skip-build"]) {
    step("Building the site");
    run("npm", ["run", "build"]);
  }

  const sites = scales.map((scale, index) => ({
    scale,
    key: String(scale),
    port: ports.sites[index]!,
    inspectorPort: ports.inspectors[index]!,
    persistTo: scale === 1 ? ".wrangler/bench" : `.wrangler/bench-x${scale}`,
    base: `http://localhost:${ports.sites[index]!}`,
  }));
  for (const site of sites) {
    if (site.scale === 1) {
      step("Importing the demo pack into .wrangler/bench");
      await prepareState(site.persistTo, "demo");
    } else {
      const packDirectory = `.wrangler/bench-pack/demo-x${site.scale}`;
      step(`Generating a pack ${site.scale}× the demo and importing it into ${site.persistTo}`);
      run("npx", ["tsx", "scripts/content-generate.ts", "--scale", String(site.scale), "--out", packDirectory]);
      await prepareState(site.persistTo, `demo-x${site.scale}`, packDirectory);
    }
    step(`Filling ${longThread}'s thread with ${commentsPerScale * site.scale} comments`);
    run("npx", [
      "tsx",
      "scripts/demo-discussion.ts",
      "--long-thread",
      longThread,
      "--comments",
      String(commentsPerScale * site.scale),
      "--persist-to",
      site.persistTo,
    ]);
    // What an interrupted run's burst may have left (the burst clears its own once it is read back).
    await clearBursts(site.persistTo, longThread);
  }

  const stops: Array<() => void | Promise<void>> = [];
  const stopAll = () => Promise.all(stops.splice(0).map((stop) => stop()));
  process.once("SIGINT", () => {
    void stopAll().finally(() => process.exit(130));
  });

  try {
    step(`Serving the production build: ${sites.map((site) => `${site.scale}× on ${site.base}`).join(", ")}`);
    // The emulator is for the write burst's writers; a signed-out first visit never asks it.
    if (!firstLoadOnly) stops.push(await startAuthEmulator(ports.authEmulator, ".wrangler/bench"));
    // The workerd that runs each site's Function, whose CPU time is measured (null: not found, not measured).
    const functionPids = new Map<string, number | null>();
    for (const site of sites) {
      const { stop, group } = await startSite({ ...site, authEmulatorPort: ports.authEmulator });
      stops.push(stop);
      functionPids.set(site.key, functionProcess(group));
      if (functionPids.get(site.key) === null)
        step(`warning: the workerd that runs the Function at ${site.scale}× was not found; CPU time is not measured`);
    }
    /** CPU per miss, request after request, when the site's Function process is known. */
    const cpuOf = async (site: (typeof sites)[number], path: string): Promise<CpuFigures | undefined> => {
      const pid = functionPids.get(site.key);
      return pid ? await measureCpuPerMiss(site.base + path, pid) : undefined;
    };

    // What a first visit gets, per page and scale: status, first-load JS, D1 round trips.
    const probes = new Map<string, PageProbe>();
    for (const page of pages) {
      for (const site of sites) {
        const probe = await probePage(uncached(site.base + page.path, `probe-${Date.now()}`), probeLimitMs);
        if (probe.status !== 200)
          step(
            `warning: ${page.path} at ${site.scale}× ${probe.status ? `answered ${probe.status}` : `did not answer within ${probeLimitMs / 1000} s`}`,
          );
        probes.set(`${page.path} ${site.key}`, probe);
      }
    }
    if (firstLoadOnly) {
      const firstLoads = pages.map((page) => ({
        ...page,
        byScale: Object.fromEntries(sites.map((site) => [site.key, probes.get(`${page.path} ${site.key}`)!])),
      }));
      console.log(`\n${formatFirstLoad(firstLoads, floorKb)}`);
      return;
    }
    const staticAsset = staticAssetOf(probes.get(`/ 1`)!.html);

    // Load, one target at a time, each scale right after the other, so the machine's noise falls on both alike.
    step(`Load: ${connections} connections, ${seconds} s per target and scale`);
    const load = async (path: string) => {
      const byScale: Record<string, LoadResult> = {};
      for (const site of sites) byScale[site.key] = await loadTest(site.base + path, { connections, seconds });
      return byScale;
    };
    // The 404 page is never cached, and a hashed asset never reaches the Function.
    const baseline = await load(noDataRoute);
    const baselineCpu: Record<string, CpuFigures> = {};
    for (const site of sites) {
      const cpu = await cpuOf(site, noDataRoute);
      if (cpu) baselineCpu[site.key] = cpu;
    }
    const staticLoad = await load(staticAsset);
    const longPathLoad = await load(longPath);
    const results: PageResult[] = [];
    for (const page of pages) {
      const byScale: PageResult["byScale"] = {};
      for (const site of sites) {
        const probe = probes.get(`${page.path} ${site.key}`)!;
        const figures: PageFigures = {
          status: probe.status,
          ms: probe.ms,
          firstLoadKb: probe.firstLoadKb,
          firstLoadParts: probe.firstLoadParts,
          htmlKb: new TextEncoder().encode(probe.html).length / 1024,
          roundTrips: probe.roundTrips,
        };
        if (probe.ms > tooSlowMs) {
          // Sixteen connections on such a page would keep the site busy for minutes and skew every later figure.
          figures.tooSlow = probe.status
            ? `one request took ${(probe.ms / 1000).toFixed(1)} s`
            : `no answer within ${probeLimitMs / 1000} s`;
        } else {
          // The 404 route right before the page: a ratio of two figures taken moments apart holds when the
          // machine's load moves during the run (one 404 figure at the start made every ratio follow it).
          figures.noDataLoad = await loadTest(site.base + noDataRoute, { connections, seconds });
          const pid = functionPids.get(site.key);
          const freshLoad = () => loadTest(site.base + page.path, { connections, seconds, fresh: true });
          const loaded = pid ? await cpuPerRequestDuring(pid, freshLoad) : await freshLoad();
          figures.load = loaded;
          figures.throughputRatio = loaded.requestsPerSecond / figures.noDataLoad.requestsPerSecond;
          figures.cachedLoad = await loadTest(site.base + page.path, { connections, seconds });
          figures.edgeCache = await probeEdgeCache(site.base + page.path);
          figures.cpu = await cpuOf(site, page.path);
        }
        byScale[site.key] = figures;
      }
      const one = byScale["1"]?.load;
      const big = byScale[String(scales.at(-1))]?.load;
      results.push({
        ...page,
        byScale,
        ...(scales.length > 1 && one && big ? { latencyRatio: big.p50Ms / one.p50Ms } : {}),
      });
      const said = (figures: PageFigures) =>
        figures.tooSlow ??
        `${figures.load!.requestsPerSecond.toFixed(0)} req/s${figures.cpu ? `, ${figures.cpu.p50Ms} ms CPU a miss` : ""}`;
      step(`  ${page.name}: ${sites.map((site) => `${site.scale}× ${said(byScale[site.key]!)}`).join(", ")}`);
    }

    // Taps, then Lighthouse, in one headless Chromium.
    stops.push(await startChrome(ports.chrome));
    const tapRuns = quick ? 1 : 3;
    step(`Taps on a 4×-slowed phone on slow 4G, median of ${tapRuns} fresh loads a control and scale`);
    const taps: Record<string, Record<string, TapFigures>> = {};
    for (const site of sites) {
      taps[site.key] = await measureTaps(site.base, ports.chrome, tapRuns);
      step(
        `  ${site.scale}×: ${Object.entries(taps[site.key]!)
          .map(([name, figures]) => `${name} ${figures.firstMs ?? "—"}/${figures.laterMs ?? "—"} ms`)
          .join(", ")}`,
      );
    }

    if (lighthouseRuns > 0) {
      step(
        `Lighthouse mobile, best of ${lighthouseRuns}, ${pages.length} pages × ${scales.length} scales (about 10 s a run)`,
      );
      for (const page of results) {
        for (const site of sites) {
          const figures = page.byScale[site.key]!;
          if (!figures.tooSlow) figures.lighthouse = await bestOf(site.base + page.path, ports.chrome, lighthouseRuns);
        }
        step(
          `  ${page.name}: ${sites.map((site) => `${site.scale}× ${page.byScale[site.key]!.lighthouse?.performance ?? "too slow"}`).join(", ")}`,
        );
      }
    }

    // The write burst, last, so the comments it adds are in no other figure (they are taken out after).
    let writeBurstResults: WriteBurstResults | undefined;
    try {
      writeBurstResults = await measureWriteBurst(sites, connections, stopAll);
    } catch (error) {
      step(
        `warning: the write burst could not be measured (${error instanceof Error ? error.message : String(error)}); the other figures stand`,
      );
      await stopAll();
    }

    const dirty = output("git", ["status", "--porcelain"]) ? " (with uncommitted changes)" : "";
    const report: BenchResults = {
      startedAt,
      finishedAt: new Date().toISOString(),
      commit: `${output("git", ["rev-parse", "--short", "HEAD"]) ?? "unknown"}${dirty}`,
      machine: {
        cpus: cpus().length,
        loadAverage: { atStart: loadAtStart, atEnd: loadavg()[0]! },
        node: process.version,
        chromium:
          lighthouseRuns > 0
            ? output(process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", ["--version"])
            : null,
      },
      settings: { scales, lighthouseRuns, connections, seconds },
      baseline: { path: noDataRoute, byScale: baseline, cpu: baselineCpu },
      staticAsset: { path: staticAsset, byScale: staticLoad },
      longPath: { path: longPath, byScale: longPathLoad },
      pages: results,
      taps,
      ...(writeBurstResults ? { writeBurst: writeBurstResults } : {}),
      floorKb,
      budgets: checkBudgets(results, floorKb, writeBurstResults, taps),
    };
    mkdirSync("bench", { recursive: true });
    writeFileSync("bench/results.json", `${JSON.stringify(report, null, 2)}\n`);
    console.log(
      `\n${formatSummary(report)}\n\nAll figures: bench/results.json (${report.commit}, ${report.finishedAt}).`,
    );
    if (quick) console.log("--quick: 1× only, no Lighthouse; run without it for every budget.");
  } finally {
    await stopAll();
  }
});
