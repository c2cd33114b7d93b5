/**
 * Renders public/logo.svg to the PNG icons (favicon and web-manifest icons) with Chromium, and the
 * maskable icons: the lantern alone on a full square of the logo's colour, inside the middle 70% that
 * every mask shape keeps.
 */
import { answerHelp } from "./lib/cli";
import { readFile, writeFile } from "node:fs/promises";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/support/chromium";

answerHelp("Usage: tsx scripts/render-icons.ts   (renders public/logo.svg to the PNG and maskable icons)");

const svg = await readFile("public/logo.svg", "utf8");
// The logo's first shape is its rounded tile; the rest is the lantern.
const tile = /<rect width="64" height="64" rx="14" fill="(#[0-9a-f]{6})"\/>/;
const [, colour] = svg.match(tile) ?? [];
if (!colour) throw new Error("public/logo.svg no longer starts with its rounded tile: update scripts/render-icons.ts");
const maskable = svg
  .replace(
    tile,
    `<rect width="64" height="64" fill="${colour}"/><g transform="translate(32 32) scale(0.7) translate(-32 -32)">`,
  )
  .replace("</svg>", "</g></svg>");

const icons: Array<[string, number, string]> = [
  ["public/favicon.png", 48, svg],
  ["public/icons/icon-192.png", 192, svg],
  ["public/icons/icon-512.png", 512, svg],
  ["public/icons/maskable-192.png", 192, maskable],
  ["public/icons/maskable-512.png", 512, maskable],
];

const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const [file, size, source] of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${source}`,
    );
    await writeFile(file, await page.screenshot({ omitBackground: true }));
    await page.close();
    console.log(`Wrote ${file}`);
  }
} finally {
  await browser.close();
}
