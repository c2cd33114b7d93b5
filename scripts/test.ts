/**
 * Every test: lint, formatting (Prettier), types, the dependency audit, the unit, component, workerd
 * and command-line tests, a production build, and the end-to-end tests in Chromium against
 * `wrangler pages dev`. With `--check` (`npm run check`), only the quick steps a change is checked with
 * before a commit: lint, formatting, types, unit, component and workerd tests.
 *
 * Steps that do not depend on each other run side by side, as many at once as the machine has cores
 * (`TEST_JOBS=1` runs them one by one). Each step's output is kept and printed in one labelled block
 * when it ends; the first step to fail stops the others and is named at the end.
 */
import { answerHelp } from "./lib/cli";
import { type ChildProcess, spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import { stripVTControlCharacters } from "node:util";
import { offlineWrangler } from "./lib/offline-wrangler";

answerHelp("Usage: npm test [-- --check]   (every test; --check: the quick steps only, as npm run check)");

interface Step {
  name: string;
  command: string[];
  /** Part of `npm run check`. */
  quick: boolean;
  /** Steps that must pass first. */
  after?: string[];
}

const vitest = (project: string) => ["npx", "vitest", "run", "--project", project];

// Longest first, so two at a time end close together (npm run check: about 80 s instead of 100 s); each
// starts as soon as a slot is free and its `after` steps passed.
const steps: Step[] = [
  { name: "Workerd tests", command: vitest("workers"), quick: true },
  { name: "Command-line tests", command: vitest("cli"), quick: false },
  { name: "Type check", command: ["npm", "run", "typecheck"], quick: true },
  { name: "Unit tests", command: vitest("unit"), quick: true },
  { name: "Build", command: ["npm", "run", "build"], quick: false },
  // Format, lint and types keep what they learnt in node_modules/.cache (package.json): a run after a
  // change checks again only what changed.
  { name: "Format", command: ["npm", "run", "format:check"], quick: true },
  { name: "Lint", command: ["npm", "run", "lint"], quick: true },
  { name: "Component tests", command: vitest("components"), quick: true },
  { name: "Dependency audit", command: ["npx", "tsx", "scripts/audit.ts"], quick: false },
  // Alone at the end: the browser tests are the most timing-sensitive, and they need the build.
  {
    name: "End-to-end tests",
    command: ["npx", "playwright", "test"],
    quick: false,
    after: [
      "Lint",
      "Format",
      "Type check",
      "Dependency audit",
      "Unit tests",
      "Component tests",
      "Workerd tests",
      "Command-line tests",
      "Build",
    ],
  },
];

const quickOnly = process.argv.includes("--check");
const jobs = Math.max(1, Number(process.env.TEST_JOBS) || availableParallelism());
const env = {
  ...process.env,
  ...offlineWrangler,
  // Output goes through a pipe; keep the colours a terminal would show.
  ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: "1" } : {}),
};

const chosen = steps.filter((step) => step.quick || !quickOnly);
const waiting = [...chosen];
const running = new Map<string, ChildProcess>();
const passed = new Set<string>();
const timings: string[] = [];
const started = Date.now();
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
let failed: string | undefined;

console.log(`Running ${chosen.length} steps, up to ${jobs} at once.`);

function ready(step: Step) {
  return (step.after ?? []).every((name) => passed.has(name) || !chosen.some((other) => other.name === name));
}

function startNext() {
  while (!failed && running.size < jobs) {
    const index = waiting.findIndex(ready);
    if (index < 0) break;
    const [step] = waiting.splice(index, 1);
    run(step!);
  }
  if (!failed && !running.size && !waiting.length) finish();
}

function run({ name, command: [command, ...args] }: Step) {
  console.log(`=== ${name} started: ${[command, ...args].join(" ")}`);
  const since = Date.now();
  // Its own process group, so stopping it stops what it started (workerd, wrangler, the browser).
  const child = spawn(command!, args, { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  running.set(name, child);
  const output: Buffer[] = [];
  child.stdout!.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr!.on("data", (chunk: Buffer) => output.push(chunk));
  child.on("close", (code, signal) => {
    running.delete(name);
    if (failed) return; // Stopped because another step failed.
    const text = Buffer.concat(output).toString().trimEnd();
    const label = `--- ${name} (${[command, ...args].join(" ")})`;
    console.log(`\n${label}\n${text ? `${text}\n` : ""}${"-".repeat(Math.min(label.length, 80))}`);
    if (code !== 0) {
      failed = name;
      const stopped = [...running.keys()];
      for (const other of running.values()) stop(other);
      console.error(failureDigest(text));
      console.error(
        `\n${name} failed (${signal ?? `exit code ${code}`}) after ${seconds(since)}s; its output is above.` +
          (stopped.length ? `\nStopped: ${stopped.join(", ")}.` : ""),
      );
      process.exit(code ?? 1);
    }
    passed.add(name);
    console.log(`=== ${name} passed in ${seconds(since)}s`);
    timings.push(`${name.padEnd(34)} ${seconds(since).padStart(7)}s`);
    startNext();
  });
}

/**
 * The step's tallies and the start of its first failure, repeated last: where only the end of a long
 * log is kept (a CI page), it still says how many failed and why the first one did.
 */
function failureDigest(output: string) {
  const lines = output.split("\n").filter((line) => !line.startsWith("[WebServer]"));
  const tallies = lines.filter((line) => /^\s+\d+ (failed|flaky|interrupted|did not run|passed)\b/.test(line));
  const first = lines.findIndex((line) => /^\s+1\) \[|^ FAIL /.test(stripVTControlCharacters(line)));
  const excerpt = first < 0 ? [] : lines.slice(first, first + 30);
  if (!tallies.length && !excerpt.length) return "";
  return `\n--- In short\n${[...tallies, "", ...excerpt].join("\n").trim()}\n---`;
}

function stop(child: ChildProcess) {
  try {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
  } catch {
    // Already gone.
  }
}

function finish() {
  console.log(
    `\n${timings.join("\n")}\n${"In all".padEnd(34)} ${seconds(started).padStart(7)}s\n\n` +
      (quickOnly ? "Every check passed." : "Every test passed."),
  );
}

// Ctrl-C stops every step, not only this script.
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    for (const child of running.values()) stop(child);
    process.exit(130);
  });

startNext();
