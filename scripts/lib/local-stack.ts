import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync } from "node:fs";

// Local tools never reach Cloudflare: no Request.cf download, no telemetry.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
process.env.WRANGLER_SEND_METRICS ??= "false";

export const FIREBASE_PROJECT_ID = "demo-lanternfall";
export const AUTH_EMULATOR_HOST = "127.0.0.1:9099";

export interface StackOptions {
  /** Local state folder (wrangler --persist-to); the default is wrangler's own .wrangler/state. */
  persistTo?: string;
}

function persistArgs({ persistTo }: StackOptions) {
  return persistTo ? ["--persist-to", persistTo] : [];
}

export function run(command: string, args: string[], label = `${command} ${args.join(" ")}`) {
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) throw new Error(`${label} failed (exit ${result.status ?? result.signal})`);
}

/** Idempotent local set-up: settings file, D1 migrations, the demo content pack, demo redirects. */
export function prepareLocal(options: StackOptions = {}) {
  if (!existsSync(".dev.vars")) {
    copyFileSync(".dev.vars.example", ".dev.vars");
    console.log("Created .dev.vars from .dev.vars.example");
  }
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", ...persistArgs(options)], "Applying D1 migrations");
  run("npx", ["tsx", "scripts/content-import.ts", "demo", ...persistArgs(options)], "Importing the demo content pack");
  run("npx", ["tsx", "scripts/redirects.ts", "import", "content/demo/redirects.csv", ...persistArgs(options)], "Seeding demo redirects");
}

/**
 * Starts the Firebase Auth emulator and `wrangler pages dev`, and stops both (and exits) when
 * either ends or on Ctrl-C.
 */
/** Runtime settings taken from the environment of `npm start` (they win over .dev.vars). */
const forwardedSettings = ["POSTHOG_KEY", "POSTHOG_HOST", "SITE_NAME"];

export function serveLocal({ port, authEmulator = true, ...options }: StackOptions & { port: number; authEmulator?: boolean }) {
  const children: ChildProcess[] = [];
  let stopping = false;

  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    setTimeout(() => process.exit(code), 2000).unref();
    Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve))))).then(
      () => process.exit(code),
    );
  };

  const start = (name: string, command: string, args: string[]) => {
    // The tools are started directly (no npx or shell in between), so a signal reaches the process
    // that cleans up after itself (wrangler stops workerd). They stay in our process group, so a
    // Ctrl-C in the terminal, or a test runner stopping the group, reaches them as well.
    const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"], env: process.env });
    child.once("exit", (code, signal) => {
      if (!stopping) {
        console.error(`${name} stopped (${signal ?? `exit ${code}`}); stopping the local stack.`);
        stop(code || 1);
      }
    });
    children.push(child);
  };

  if (authEmulator) start("Firebase Auth emulator", "node_modules/.bin/firebase", ["emulators:start", "--only", "auth", "--project", FIREBASE_PROJECT_ID]);
  start("wrangler pages dev", "node_modules/.bin/wrangler", [
    "pages",
    "dev",
    "./build/client",
    "--port",
    String(port),
    "--show-interactive-dev-session=false",
    ...persistArgs(options),
    ...forwardedSettings.flatMap((name) => (process.env[name] ? ["--binding", `${name}=${process.env[name]}`] : [])),
  ]);

  process.on("SIGINT", () => stop(0));
  process.on("SIGTERM", () => stop(0));
  console.log(`\nThe site is starting on http://localhost:${port} (Ctrl-C stops everything).\n`);
}
