import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { AUTH_EMULATOR_HOSTNAME, AUTH_EMULATOR_PORT, authEmulatorHost, FIREBASE_PROJECT_ID } from "./local-auth";
import { applyLocalMigrations } from "./local-migrations";
import { keepWranglerOffline } from "./offline-wrangler";

keepWranglerOffline();

export interface StackOptions {
  /** Local state folder (wrangler --persist-to); the default is wrangler's own .wrangler/state. */
  persistTo?: string;
}

export interface PrepareOptions extends StackOptions {
  /** The content pack imported (content/<pack>); the default is the demo. */
  pack?: string;
}

function persistArgs({ persistTo }: StackOptions) {
  return persistTo ? ["--persist-to", persistTo] : [];
}

export function run(command: string, args: string[], label = `${command} ${args.join(" ")}`) {
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) throw new Error(`${label} failed (exit ${result.status ?? result.signal})`);
}

/** Idempotent local set-up: settings file, D1 migrations, the demo content pack, demo redirects, the demo discussion. */
export async function prepareLocal({ pack = "demo", ...options }: PrepareOptions = {}) {
  if (!existsSync(".dev.vars")) {
    copyFileSync(".dev.vars.example", ".dev.vars");
    console.log("Created .dev.vars from .dev.vars.example");
  }
  const applied = await applyLocalMigrations(options);
  console.log(
    applied.length
      ? `Applied ${applied.length} D1 migration${applied.length === 1 ? "" : "s"} to local state (${applied.at(-1)} the last)`
      : "Local D1 has every migration",
  );
  const importPack = () =>
    run(
      "npx",
      ["tsx", "scripts/content-import.ts", pack, ...persistArgs(options)],
      `Importing the content pack content/${pack}`,
    );
  try {
    importPack();
  } catch {
    // The import's statements each go through miniflare's synchronous proxy, which on a loaded machine
    // can lose an answer (an assertion in its SynchronousFetcher). The rows go in as one D1 batch, all or
    // nothing, so trying once more is safe.
    console.warn(`Importing the content pack content/${pack} failed; trying once more.`);
    importPack();
  }
  const redirects = join("content", pack, "redirects.csv");
  if (existsSync(redirects))
    run(
      "npx",
      ["tsx", "scripts/redirects.ts", "import", redirects, ...persistArgs(options)],
      `Seeding the redirects of ${redirects}`,
    );
  // The demo discussion is written for the demo's chapters and episodes: another pack's units go by the
  // same keys and would carry the demo's comments.
  if (pack === "demo")
    run("npx", ["tsx", "scripts/demo-discussion.ts", ...persistArgs(options)], "Loading the demo discussion");
}

/** Runtime settings taken from the environment of `npm start` (they win over .dev.vars). */
const forwardedSettings = ["POSTHOG_KEY", "POSTHOG_HOST", "SITE_NAME", "SITE_DESCRIPTION"];

/**
 * The Firebase CLI takes its ports only from a config file, so an emulator on another port gets a
 * copy of firebase.json with that port, in its stack's own state folder. The CLI's own helpers (the
 * hub on 4400 and the logging server on 4500, which it will not move) go on the two ports after it,
 * and that folder is its temporary directory, where the CLI notes which emulators run for a project:
 * so a test stack's emulator and `npm start`'s run side by side without touching each other.
 */
export function emulatorOnPort(port: number, { persistTo = ".wrangler/state" }: StackOptions) {
  if (port === AUTH_EMULATOR_PORT) return { args: [], env: process.env };
  const directory = resolve(persistTo, "firebase");
  mkdirSync(directory, { recursive: true });
  const config = JSON.parse(readFileSync("firebase.json", "utf8")) as { emulators: Record<string, object> };
  const at = (name: string, port: number) => ({ ...config.emulators[name], host: AUTH_EMULATOR_HOSTNAME, port });
  config.emulators = {
    ...config.emulators,
    auth: at("auth", port),
    hub: at("hub", port + 1),
    logging: at("logging", port + 2),
  };
  const file = join(directory, "firebase.json");
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  return { args: ["--config", file], env: { ...process.env, TMPDIR: directory } };
}

export interface ServeOptions extends StackOptions {
  port: number;
  /** Start the Auth emulator (false: a second site sharing another stack's emulator, or none). */
  authEmulator?: boolean;
  /** The emulator's port, and the one the site is pointed at; firebase.json's when not given. */
  authEmulatorPort?: number;
}

/**
 * Starts the Firebase Auth emulator and `wrangler pages dev`, and stops both (and exits) when
 * either ends or on Ctrl-C.
 */
export function serveLocal({ port, authEmulator = true, authEmulatorPort, ...options }: ServeOptions) {
  const children: ChildProcess[] = [];
  let stopping = false;

  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    setTimeout(() => process.exit(code), 2000).unref();
    Promise.all(
      children.map(
        (child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve))),
      ),
    ).then(() => process.exit(code));
  };

  const start = (name: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env) => {
    // The tools are started directly (no npx or shell in between), so a signal reaches the process
    // that cleans up after itself (wrangler stops workerd). They stay in our process group, so a
    // Ctrl-C in the terminal, or a test runner stopping the group, reaches them as well.
    const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"], env });
    child.once("exit", (code, signal) => {
      if (!stopping) {
        console.error(`${name} stopped (${signal ?? `exit ${code}`}); stopping the local stack.`);
        stop(code || 1);
      }
    });
    children.push(child);
  };

  if (authEmulator) {
    const emulator = emulatorOnPort(authEmulatorPort ?? AUTH_EMULATOR_PORT, options);
    start(
      "Firebase Auth emulator",
      "node_modules/.bin/firebase",
      ["emulators:start", "--only", "auth", "--project", FIREBASE_PROJECT_ID, ...emulator.args],
      emulator.env,
    );
  }
  // Without a port, .dev.vars says where the emulator is; with one, the site is pointed at it (a
  // --binding wins over .dev.vars).
  const emulatorBinding =
    authEmulatorPort === undefined
      ? []
      : ["--binding", `FIREBASE_AUTH_EMULATOR_HOST=${authEmulatorHost(authEmulatorPort)}`];
  start(
    "wrangler pages dev",
    "node_modules/.bin/wrangler",
    [
      "pages",
      "dev",
      "./build/client",
      "--port",
      String(port),
      "--show-interactive-dev-session=false",
      ...persistArgs(options),
      ...emulatorBinding,
      ...forwardedSettings.flatMap((name) => (process.env[name] ? ["--binding", `${name}=${process.env[name]}`] : [])),
      // Links lead back to this run (the request's origin), not to wrangler.toml's production address,
      // unless SITE_URL is given.
      "--binding",
      `SITE_URL=${process.env.SITE_URL ?? ""}`,
    ],
    // The site as deployed: NODE_ENV as `wrangler pages deploy` sets it, so the Function bundles React's
    // production build (`pages dev` alone bundles its development build, several times slower per page).
    // `npm run dev` is the development server.
    { ...process.env, NODE_ENV: "production" },
  );

  process.on("SIGINT", () => stop(0));
  process.on("SIGTERM", () => stop(0));
  console.log(`\nThe site is starting on http://localhost:${port} (Ctrl-C stops everything).\n`);
}
