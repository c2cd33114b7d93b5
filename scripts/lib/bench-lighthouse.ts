/**
 * Lighthouse mobile (its default config: a mid-range phone, simulated slow 4G and 4× CPU slowdown)
 * in Debian's Chromium, one browser for the whole run. Decision 14 says why Lighthouse 12.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";

export interface LighthouseResult {
  /** 0–100 */
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
}

/** Starts headless Chromium with its DevTools protocol on `port`; answers with a function that stops it and removes its profile. */
export async function startChrome(port: number) {
  const profile = mkdtempSync(join(tmpdir(), "bench-chrome-"));
  const chromium = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  const child = spawn(
    chromium,
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    {
      stdio: "ignore",
    },
  );
  const stop = async () => {
    // Chromium writes to its profile until it has exited, so the profile goes only after that.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    }
    rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
  };
  for (let attempt = 0; attempt < 60; attempt++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return stop;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`Chromium (${chromium}) did not start; set CHROME_PATH to a Chrome or Chromium binary`);
}

async function once(url: string, chromePort: number): Promise<LighthouseResult> {
  const result = await lighthouse(url, {
    port: chromePort,
    logLevel: "error",
    output: "json",
    onlyCategories: ["performance"],
    disableFullPageScreenshot: true,
  });
  const lhr = result?.lhr;
  if (!lhr || lhr.runtimeError)
    throw new Error(`Lighthouse could not measure ${url}: ${lhr?.runtimeError?.message ?? "no result"}`);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: metric("largest-contentful-paint"),
    tbtMs: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
    fcpMs: metric("first-contentful-paint"),
  };
}

/** The best of `runs` (by performance score) with that run's metrics: this shared machine is noisy. */
export async function bestOf(url: string, chromePort: number, runs: number) {
  let best: LighthouseResult | null = null;
  const scores: number[] = [];
  for (let attempt = 0; attempt < runs; attempt++) {
    const result = await once(url, chromePort);
    scores.push(result.performance);
    if (!best || result.performance > best.performance) best = result;
  }
  return { ...best!, scores };
}
