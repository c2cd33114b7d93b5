import { type ChildProcess, spawn } from "node:child_process";
import { analyticsBaseURL, analyticsHostPort, analyticsPort } from "../../playwright.config";
import { E2E_AUTH_EMULATOR_PORT } from "../../scripts/lib/local-auth";

/**
 * The second site, with analytics configured and pointing at a stand-in host (analytics-standin.ts),
 * for the one spec that needs it (analytics.spec.ts), which starts it before its tests and stops it
 * after them. It runs only while that spec runs: a local `wrangler pages dev` costs CPU for as long as
 * it runs (its bundler polls the Function's bundle, about a tenth of a core), which every other test
 * would pay. Its own local state, so the two sites never share database files; the first site's Auth
 * emulator.
 */
let site: ChildProcess | undefined;

/** Whether anything answers at the analytics site's address. */
async function answers() {
  try {
    await fetch(`${analyticsBaseURL}/privacy_policy`, { signal: AbortSignal.timeout(5_000) });
    return true;
  } catch {
    return false;
  }
}

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

export async function startAnalyticsSite() {
  // A site left from another run would be tested in this one's place, perhaps without analytics.
  if (await answers())
    throw new Error(`Something already answers at ${analyticsBaseURL}: stop it (a site left from another run?).`);
  const child = spawn(
    "npx",
    [
      "tsx",
      "scripts/start.ts",
      "--skip-build",
      "--no-auth-emulator",
      "--auth-emulator-port",
      String(E2E_AUTH_EMULATOR_PORT),
      "--port",
      String(analyticsPort),
      "--persist-to",
      ".wrangler/e2e-analytics",
      "--fresh",
    ],
    {
      // Its own process group, so stopping it stops wrangler and workerd with it.
      detached: true,
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, POSTHOG_KEY: "phc_e2e_test_key", POSTHOG_HOST: `http://127.0.0.1:${analyticsHostPort}` },
    },
  );
  // Kept here before it answers, so stopAnalyticsSite stops it even if starting it ran out of time.
  site = child;
  const errors: string[] = [];
  child.stderr!.on("data", (chunk: Buffer) => errors.push(chunk.toString()));

  const deadline = Date.now() + 150_000;
  while (!(await answers())) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The analytics site stopped as it started:\n${errors.join("")}`);
    if (Date.now() > deadline)
      throw new Error(`The analytics site did not answer at ${analyticsBaseURL} in time:\n${errors.join("")}`);
    await pause(250);
  }
  // Started: what it says from now on is not kept.
  child.stderr!.removeAllListeners("data");
  child.stderr!.resume();
}

/** Stops the site startAnalyticsSite started, if any, and waits until its address is free again. */
export async function stopAnalyticsSite() {
  const child = site;
  site = undefined;
  if (!child) return;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // Already gone.
    }
    await exited;
  }
  // workerd, in the same group, may hold the port a moment longer; a retry starts the site on it again.
  for (let tries = 0; await answers(); tries++) {
    if (tries === 40) throw new Error(`The analytics site still answers at ${analyticsBaseURL} after it was stopped.`);
    await pause(250);
  }
}
