/**
 * Renders the web manifest's screenshots from a running site with Chromium: the reading tracker on a phone
 * and the releases page on a wide screen, in the light theme, as a reader who has seen nothing.
 *
 *   npm start, then: tsx scripts/render-screenshots.ts [site URL, default http://localhost:8788]
 */
import { answerHelp } from "./lib/cli";
import { writeFile } from "node:fs/promises";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/support/chromium";

answerHelp("Usage: tsx scripts/render-screenshots.ts [site URL, default http://localhost:8788]");

const site = process.argv[2] ?? "http://localhost:8788";
/** Each screenshot: its file, page, CSS size and pixel ratio (the manifest names the size in pixels). */
const shots: Array<{ file: string; path: string; width: number; height: number; scale: number }> = [
  { file: "public/screenshots/tracker-narrow.png", path: "/reading_tracker", width: 360, height: 740, scale: 2 },
  { file: "public/screenshots/releases-wide.png", path: "/releases", width: 1280, height: 800, scale: 1 },
];

const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const shot of shots) {
    const page = await browser.newPage({
      viewport: { width: shot.width, height: shot.height },
      deviceScaleFactor: shot.scale,
      colorScheme: "light",
      serviceWorkers: "block",
    });
    await page.goto(new URL(shot.path, site).href);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => document.fonts.ready);
    await writeFile(shot.file, await page.screenshot());
    await page.close();
    console.log(`Wrote ${shot.file} (${shot.width * shot.scale}x${shot.height * shot.scale})`);
  }
} finally {
  await browser.close();
}
