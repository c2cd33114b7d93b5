/**
 * Performance budgets, measured on the production build served by `wrangler pages dev`:
 *   - first-load JavaScript of every public page (gzip, with the inline hydration data) against the 100 KB budget;
 *   - server response time of each page, as a ratio to the 404 page (which reads no D1), at 1× and,
 *     with --scale N, at N× the demo content (generated, imported into its own local state).
 *
 *   npm run bench [-- --scale 10 --runs 15]
 *
 * Prints ratios, not pass/fail: times depend on the machine, ratios much less.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { parseArgs, runCli } from "./lib/cli";

const BUDGET_KB = 100;
const pages = ["/", "/web_novel", "/light_novels", "/side_stories", "/break_time", "/characters", "/characters/ilse-marrow", "/search?q=ash", "/translation_meta", "/translation_meta/ln_mistls/main_v1", "/translation_meta/anime_mistls", "/statistics", "/reading_tracker", "/privacy_policy", "/login"];
const baseline = "/no-such-page";

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false" } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
}

async function serve(port: number, persistTo: string) {
  const child = spawn("npx", ["tsx", "scripts/start.ts", "--skip-build", "--skip-prepare", "--no-auth-emulator", "--port", String(port), "--persist-to", persistTo], {
    stdio: "ignore",
    detached: true,
  });
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`http://localhost:${port}/privacy_policy`)).ok) return () => process.kill(-child.pid!, "SIGTERM");
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  process.kill(-child.pid!, "SIGTERM");
  throw new Error("The site did not start");
}

function prepare(pack: string, persistTo: string) {
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
  run("npx", ["tsx", "scripts/content-import.ts", pack, "--persist-to", persistTo]);
}

/**
 * The JavaScript a first visit downloads (gzip, KB): the module scripts and preloads the HTML names,
 * plus the inline scripts (the hydration data and the theme script), which travel in the HTML.
 */
function firstLoadKb(html: string) {
  const files = new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!));
  for (const match of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) files.add(match[1]!);
  let bytes = 0;
  for (const file of files) {
    const path = join("build/client", file);
    if (existsSync(path)) bytes += gzipSync(readFileSync(path)).length;
  }
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!).join("\n");
  return bytes / 1024 + gzipSync(inline).length / 1024;
}

async function medianMs(url: string, runs: number) {
  const times: number[] = [];
  await fetch(url); // warm the isolate and caches
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    await (await fetch(url)).text();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function measure(port: number, runs: number) {
  const base = `http://localhost:${port}`;
  const baselineMs = await medianMs(base + baseline, runs);
  const rows: Array<{ page: string; kb: number; ms: number; ratio: number }> = [];
  for (const page of pages) {
    const html = await (await fetch(base + page)).text();
    const ms = await medianMs(base + page, runs);
    rows.push({ page, kb: firstLoadKb(html), ms, ratio: ms / baselineMs });
  }
  return { baselineMs, rows };
}

runCli(async () => {
  const { values } = parseArgs(process.argv.slice(2), { scale: { type: "string" }, runs: { type: "string" } }, "Usage: npm run bench [-- --scale N --runs N]");
  const scale = Number(values.scale ?? 0);
  const runs = Number(values.runs ?? 15);
  if (!existsSync("build/client")) run("npm", ["run", "build"]);

  prepare("demo", ".wrangler/bench");
  let stop = await serve(8795, ".wrangler/bench");
  const one = await measure(8795, runs).finally(stop);

  let scaled: Awaited<ReturnType<typeof measure>> | null = null;
  if (scale > 1) {
    run("npx", ["tsx", "scripts/content-generate.ts", "--scale", String(scale), "--out", `.wrangler/bench-pack/demo-x${scale}`]);
    run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", `.wrangler/bench-x${scale}`]);
    run("npx", ["tsx", "scripts/content-import.ts", `demo-x${scale}`, "--dir", `.wrangler/bench-pack/demo-x${scale}`, "--persist-to", `.wrangler/bench-x${scale}`]);
    stop = await serve(8796, `.wrangler/bench-x${scale}`);
    scaled = await measure(8796, runs).finally(stop);
  }

  console.log(`\nFirst-load JavaScript (gzip) against the ${BUDGET_KB} KB budget, and server time as a ratio to the 404 page (${one.baselineMs.toFixed(1)} ms):\n`);
  console.log(["page".padEnd(40), "JS KB", "÷budget", "server÷404", scaled ? `${scale}×÷1×` : ""].join("  "));
  for (const row of one.rows) {
    const big = scaled?.rows.find((candidate) => candidate.page === row.page);
    console.log(
      [
        row.page.padEnd(40),
        row.kb.toFixed(1).padStart(5),
        (row.kb / BUDGET_KB).toFixed(2).padStart(7),
        row.ratio.toFixed(2).padStart(10),
        big ? (big.ms / row.ms).toFixed(2).padStart(6) : "",
      ].join("  "),
    );
  }
  const worst = Math.max(...one.rows.map((row) => row.kb / BUDGET_KB));
  console.log(`\nLargest first load: ${(worst * 100).toFixed(0)}% of the budget.`);
});
