/** Renders public/logo.svg to the PNG icons (favicon and web-manifest icons) with Chromium. */
import { readFile, writeFile } from "node:fs/promises";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../tests/support/chromium";

const sizes: Array<[string, number]> = [
  ["public/favicon.png", 48],
  ["public/icons/icon-192.png", 192],
  ["public/icons/icon-512.png", 512],
];

const svg = await readFile("public/logo.svg", "utf8");
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const [file, size] of sizes) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    await writeFile(file, await page.screenshot({ omitBackground: true }));
    await page.close();
    console.log(`Wrote ${file}`);
  }
} finally {
  await browser.close();
}
