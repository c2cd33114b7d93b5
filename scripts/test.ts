/**
 * Every test, in the order that fails fastest: lint, types, the dependency audit, unit and workerd
 * tests, then a production build and the end-to-end tests in Chromium against `wrangler pages dev`.
 */
import { spawnSync } from "node:child_process";

const steps: Array<[string, string[]]> = [
  ["Lint", ["npx", "eslint", "."]],
  ["Type check", ["npm", "run", "typecheck"]],
  ["Dependency audit", ["npx", "tsx", "scripts/audit.ts"]],
  ["Unit and workerd tests", ["npx", "vitest", "run"]],
  ["Build", ["npm", "run", "build"]],
  ["End-to-end tests", ["npx", "playwright", "test"]],
];

const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
for (const [name, [command, ...args]] of steps) {
  console.log(`\n=== ${name}: ${[command, ...args].join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command!, args, { stdio: "inherit", env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n${name} failed after ${seconds}s.`);
    process.exit(result.status ?? 1);
  }
  console.log(`=== ${name} passed in ${seconds}s`);
}
console.log("\nEvery test passed.");
