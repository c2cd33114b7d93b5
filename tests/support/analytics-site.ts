import { type ChildProcess, spawn } from "node:child_process";
import { analyticsBaseURL, analyticsHostPort, analyticsPort } from "../../playwright.config";
import { E2E_AUTH_EMULATOR_PORT } from "../../scripts/lib/local-auth";

/**
 * The second site, with analytics configured and pointing at a stand-in host (analytics-standin.ts),
 * for the one spec that needs it (analytics.spec.ts). It runs only while that spec runs: a local
 * `wrangler pages dev` costs CPU for as long as it runs (its bundler polls the Function's bundle, about
 * a tenth of a core), which every other test would pay. Its own local state, so the two sites never
 * share database files; the first site's Auth emulator.
 */
export async function startAnalyticsSite() {
  const site: ChildProcess = spawn(
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
    ],
    {
      // Its own process group, so stopping it stops wrangler and workerd with it.
      detached: true,
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, POSTHOG_KEY: "phc_e2e_test_key", POSTHOG_HOST: `http://127.0.0.1:${analyticsHostPort}` },
    },
  );
  const errors: string[] = [];
  site.stderr!.on("data", (chunk: Buffer) => errors.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => site.once("exit", () => resolve()));
  const stop = async () => {
    if (site.exitCode === null && site.signalCode === null) {
      try {
        process.kill(-site.pid!, "SIGTERM");
      } catch {
        // Already gone.
      }
      await exited;
    }
    // workerd, in the same group, may hold the port a moment longer; a retry starts the site on it again.
    for (let tries = 0; tries < 40; tries++) {
      try {
        await fetch(`${analyticsBaseURL}/privacy_policy`);
      } catch {
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  const deadline = Date.now() + 150_000;
  for (;;) {
    if (site.exitCode !== null) throw new Error(`The analytics site stopped as it started:\n${errors.join("")}`);
    try {
      if ((await fetch(`${analyticsBaseURL}/privacy_policy`)).ok) {
        // Started: what it says from now on is not kept.
        site.stderr!.removeAllListeners("data");
        site.stderr!.resume();
        return { stop };
      }
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The analytics site did not answer at ${analyticsBaseURL} in time:\n${errors.join("")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
