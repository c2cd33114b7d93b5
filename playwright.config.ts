import { defineConfig, devices } from "@playwright/test";
import { E2E_AUTH_EMULATOR_PORT } from "./scripts/lib/local-auth";
import { chromiumLaunchOptions } from "./tests/support/chromium";

/**
 * The e2e stack runs beside a developer's `npm start`, on its own ports (the site's and the Auth
 * emulator's) and its own local state.
 */
const port = Number(process.env.E2E_PORT ?? 8790);
export const baseURL = `http://localhost:${port}`;
/**
 * A second site with analytics configured, pointing at a local stand-in host: started by the one spec
 * that uses it, while it runs (tests/support/analytics-site.ts).
 */
export const analyticsPort = port + 1;
export const analyticsBaseURL = `http://localhost:${analyticsPort}`;
export const analyticsHostPort = port + 9;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // Generous: CI runs on two shared cores whose speed varies threefold from day to day, and a test
  // that runs out of time there says nothing about the site. Speed is measured by `npm run bench`.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // The site's service worker answers from its copies when the network is slow or gone; every spec but
    // the one about it (offline.spec.ts) sees the network as it is.
    serviceWorkers: "block",
    // On CI a failure's trace comes from its retry: recording every test's costs about a tenth of the run.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], launchOptions: chromiumLaunchOptions } }],
  webServer: [
    {
      // The real local stack: wrangler pages dev with local D1/KV, and the Firebase Auth emulator, from
      // an empty state each run (what one run's tests wrote must not change the next run's pages).
      command: `npx tsx scripts/start.ts --skip-build --port ${port} --persist-to .wrangler/e2e --fresh --auth-emulator-port ${E2E_AUTH_EMULATOR_PORT}`,
      url: `${baseURL}/privacy_policy`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
