import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "/work/main/tests/support/chromium";
const [,, path, out, width, scheme] = process.argv;
const browser = await chromium.launch(chromiumLaunchOptions);
const page = await browser.newPage({ viewport: { width: Number(width ?? 1280), height: 900 }, colorScheme: (scheme as "dark") ?? "light" });
await page.goto(`http://localhost:8788${path}`);
await page.waitForTimeout(500);
await page.screenshot({ path: out, fullPage: process.argv[6] !== "viewport" });
await browser.close();
