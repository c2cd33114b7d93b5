/**
 * Every test, in the order that fails fastest: lint, formatting (Prettier), types, the dependency audit,
 * unit, component and workerd tests, then a production build and the end-to-end tests in Chromium against
 * `wrangler pages dev`. With `--check` (`npm run check`), only the quick steps a change is checked with
 * before a commit: lint, formatting, types, unit, component and workerd tests.
 */
import { spawnSync } from "node:child_process";

interface Step {
  name: string;
  command: string[];
  /** Part of `npm run check`. */
  quick: boolean;
}

const steps: Step[] = [
  { name: "Lint", command: ["npx", "eslint", "."], quick: true },
  { name: "Format", command: ["npx", "prettier", "--check", "."], quick: true },
  { name: "Type check", command: ["npm", "run", "typecheck"], quick: true },
  { name: "Dependency audit", command: ["npx", "tsx", "scripts/audit.ts"], quick: false },
  { name: "Unit, component and workerd tests", command: ["npx", "vitest", "run"], quick: true },
  { name: "Build", command: ["npm", "run", "build"], quick: false },
  { name: "End-to-end tests", command: ["npx", "playwright", "test"], quick: false },
];

const quickOnly = process.argv.includes("--check");
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
const timings: string[] = [];
for (const {
  name,
  command: [command, ...args],
} of steps.filter((step) => step.quick || !quickOnly)) {
  console.log(`\n=== ${name}: ${[command, ...args].join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command!, args, { stdio: "inherit", env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n${name} failed after ${seconds}s.`);
    process.exit(result.status ?? 1);
  }
  console.log(`=== ${name} passed in ${seconds}s`);
  timings.push(`${name.padEnd(34)} ${seconds.padStart(7)}s`);
}
console.log(`\n${timings.join("\n")}\n\n${quickOnly ? "Every check passed." : "Every test passed."}`);
