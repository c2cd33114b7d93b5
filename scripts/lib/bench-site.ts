/** The benchmark's sites: their local state, the production build served on them, and what one request shows. */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { uncached } from "./bench-load";
import { authEmulatorHost, FIREBASE_PROJECT_ID } from "./local-auth";
import { applyLocalMigrations } from "./local-migrations";
import { emulatorOnPort } from "./local-stack";
import { offlineWrangler } from "./offline-wrangler";

// Local tools never reach Cloudflare: no Request.cf download, no telemetry.
const toolEnv = { ...process.env, ...offlineWrangler };

export function run(command: string, args: string[], extraEnv: Record<string, string> = {}) {
  const result = spawnSync(command, args, { stdio: ["ignore", "ignore", "inherit"], env: { ...toolEnv, ...extraEnv } });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal})`);
}

/** Migrates a state folder and imports a pack into it (the importer writes only differences, so a rerun is quick). */
export async function prepareState(persistTo: string, pack: string, packDirectory?: string) {
  await applyLocalMigrations({ persistTo });
  run("npx", [
    "tsx",
    "scripts/content-import.ts",
    pack,
    ...(packDirectory ? ["--dir", packDirectory] : []),
    "--persist-to",
    persistTo,
  ]);
}

/** Stops a process group the bench started, and waits (a few seconds at most) until its leader has gone. */
function stopper(child: ChildProcess) {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((resolve) => child.once("exit", resolve));
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      return; // already gone
    }
    await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  };
}

/**
 * The bench's own Firebase Auth emulator (its helpers on the two ports after it), for the write
 * burst's writers; its config and temporary files in `persistTo`/firebase. Answers with a function
 * that stops it; the caller waits for it to answer (bench-burst's waitForEmulator).
 */
export async function startAuthEmulator(port: number, persistTo: string) {
  const busy = await fetch(`http://${authEmulatorHost(port)}/`).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`Port ${port} is in use: the bench runs its Auth emulator there; stop what runs there`);
  const emulator = emulatorOnPort(port, { persistTo });
  const child = spawn(
    "node_modules/.bin/firebase",
    ["emulators:start", "--only", "auth", "--project", FIREBASE_PROJECT_ID, ...emulator.args],
    { stdio: "ignore", detached: true, env: emulator.env },
  );
  return stopper(child);
}

/**
 * Serves build/client with `wrangler pages dev` on its own state, and answers with a function that
 * stops it and the process group it leads (where the workerd that runs the Function is found). The settings are passed as bindings so the bench does not depend on .dev.vars: outside
 * production (so the D1 counter may run), with the counter on, tokens checked against the bench's
 * Auth emulator.
 */
export async function startSite({
  port,
  inspectorPort,
  persistTo,
  authEmulatorPort,
}: {
  port: number;
  inspectorPort: number;
  persistTo: string;
  authEmulatorPort: number;
}) {
  const busy = await fetch(`http://localhost:${port}/`).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`Port ${port} is in use: the bench serves its sites on 8851-8854; stop what runs there`);
  const child = spawn(
    "node_modules/.bin/wrangler",
    [
      "pages",
      "dev",
      "./build/client",
      "--port",
      String(port),
      "--inspector-port",
      String(inspectorPort),
      "--persist-to",
      persistTo,
      "--show-interactive-dev-session=false",
      "--binding",
      "ENVIRONMENT=development",
      "--binding",
      "SESSION_SECRET=bench-only-secret",
      "--binding",
      "COUNT_D1_ROUND_TRIPS=true",
      "--binding",
      `FIREBASE_AUTH_EMULATOR_HOST=${authEmulatorHost(authEmulatorPort)}`,
    ],
    // NODE_ENV as `wrangler pages deploy` sets it, so the Function bundles React's production build as
    // deployed (`pages dev` would bundle its development build, which checks every element it renders).
    { stdio: "ignore", detached: true, env: { ...toolEnv, NODE_ENV: "production" } },
  );
  // A process group of its own, so stopping it also stops the workerd it starts.
  const stop = stopper(child);
  for (let attempt = 0; attempt < 120; attempt++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`http://localhost:${port}/privacy_policy`)).ok) return { stop, group: child.pid! };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`The site on port ${port} did not start`);
}

export interface FirstLoadParts {
  /** Each script the HTML loads or preloads, by its address (/assets/…), gzip KB. */
  scripts: { file: string; kb: number }[];
  /** The inline scripts together (hydration data, React Router's scripts, the theme script), gzip KB. */
  inlineKb: number;
}

/** The JavaScript a first visit downloads (gzip, KB): every part together. */
export const firstLoadKbOf = (parts: FirstLoadParts) =>
  parts.scripts.reduce((sum, script) => sum + script.kb, parts.inlineKb);

/**
 * The JavaScript a first visit downloads, part by part (gzip, KB): each module script and preload the
 * HTML names, and its inline scripts together (the hydration data, React Router's scripts and the
 * theme script), which travel in the HTML.
 */
export function firstLoadParts(html: string, clientDirectory = "build/client"): FirstLoadParts {
  const files = new Set([...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!));
  for (const match of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) files.add(match[1]!);
  const scripts = [...files]
    .map((file) => ({ file, path: join(clientDirectory, file) }))
    .filter(({ path }) => existsSync(path))
    .map(({ file, path }) => ({ file, kb: gzipSync(readFileSync(path)).length / 1024 }));
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1]!)
    .join("\n");
  return { scripts, inlineKb: gzipSync(inline).length / 1024 };
}

/** A hashed script the HTML loads: the static asset the load test sets beside the pages. */
export function staticAssetOf(html: string) {
  const asset = /(?:href|src)="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!asset) throw new Error("The page names no /assets/*.js file");
  return asset;
}

/** Headers an edge cache may mark its answer with (the first one present is reported). */
const edgeCacheHeaders = ["x-edge-cache", "cf-cache-status", "x-cache-status", "x-cache"];

export function edgeCacheOf(headers: Headers) {
  for (const name of edgeCacheHeaders) {
    const value = headers.get(name);
    if (value) return { header: name, value: value.toUpperCase() };
  }
  return null;
}

export interface PageProbe {
  /** 0 when the page did not answer within the time limit. */
  status: number;
  /** How long the one request took. */
  ms: number;
  firstLoadKb: number;
  firstLoadParts?: FirstLoadParts;
  /** D1 round trips the document request made (X-D1-Round-Trips); null when the site does not say. */
  roundTrips: number | null;
  html: string;
}

/** One signed-out document request, as a first visit makes it; gives up after `limitMs`. Pass an uncached URL to see the page's own cost. */
export async function probePage(url: string, limitMs: number): Promise<PageProbe> {
  const started = performance.now();
  try {
    const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(limitMs) });
    const html = await response.text();
    const header = response.headers.get("x-d1-round-trips");
    const ms = performance.now() - started;
    const parts = firstLoadParts(html);
    return {
      status: response.status,
      ms,
      firstLoadKb: firstLoadKbOf(parts),
      firstLoadParts: parts,
      roundTrips: header === null ? null : Number(header),
      html,
    };
  } catch (error) {
    if (error instanceof DOMException && error.name === "TimeoutError")
      return { status: 0, ms: limitMs, firstLoadKb: Number.NaN, roundTrips: null, html: "" };
    throw error;
  }
}

export interface EdgeCacheProbe {
  /** The header that marks the edge cache's answer, or null when responses carry none ("no edge cache yet"). */
  header: string | null;
  /** A first request for a URL nobody asked for yet, then the same URL again; median of `samples` pairs. */
  first: { ms: number; mark: string | null };
  repeat: { ms: number; mark: string | null };
}

async function timed(url: string) {
  const started = performance.now();
  const response = await fetch(url, { redirect: "manual" });
  await response.arrayBuffer();
  return { ms: performance.now() - started, mark: edgeCacheOf(response.headers) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Edge cache miss next to hit: each sample asks for the page with a query string nobody asked for
 * before (a miss for any cache keyed by URL), then for the same URL again (a hit, if there is a cache).
 */
export async function probeEdgeCache(url: string, samples = 7): Promise<EdgeCacheProbe> {
  const firsts: Awaited<ReturnType<typeof timed>>[] = [];
  const repeats: Awaited<ReturnType<typeof timed>>[] = [];
  for (let sample = 0; sample < samples; sample++) {
    const fresh = uncached(url, `edge-${Date.now()}-${sample}`);
    firsts.push(await timed(fresh));
    repeats.push(await timed(fresh));
  }
  const mark = (list: typeof firsts) => list.at(-1)?.mark?.value ?? null;
  return {
    header:
      firsts.find((probe) => probe.mark)?.mark?.header ?? repeats.find((probe) => probe.mark)?.mark?.header ?? null,
    first: { ms: median(firsts.map((probe) => probe.ms)), mark: mark(firsts) },
    repeat: { ms: median(repeats.map((probe) => probe.ms)), mark: mark(repeats) },
  };
}
