import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
for (const width of [360, 1024, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto("http://localhost:8872/manga");
  await page.evaluate(() => localStorage.setItem("rc:progress", JSON.stringify({ version: 2, webNovel: null, lightNovels: [], sideStories: [], anime: null, recuts: [], breakTime: [], animeSpecials: [], manga: ["manga:wick-8"], skipped: [], position: 0, updatedAt: "2026-11-30T00:00:00.000Z" })));
  await page.goto("http://localhost:8872/manga?series=wick");
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/manga-${width}.png`, fullPage: false });
  const header = await page.evaluate(() => {
    const nav = document.querySelector("header");
    return { scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth, header: nav ? nav.getBoundingClientRect().height : null, links: [...document.querySelectorAll("header a")].map((a) => [a.textContent, a.getBoundingClientRect().width > 0 && getComputedStyle(a).visibility !== "hidden"]) };
  });
  console.log(width, JSON.stringify(header));
  await page.close();
}
await browser.close();
