import { expect, type Page, test } from "@playwright/test";
import { followRequests, waitForHydration } from "../support/browser";

/*
 * Cumulative layout shift as Chromium reports it (the layout-shift entries Lighthouse adds up), on a
 * phone-sized screen: what moves while a page loads and hydrates. The budget is 0.02.
 */

test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

declare global {
  interface Window {
    layoutShifts: number[];
  }
}

/** A layout-shift entry (not in TypeScript's DOM types yet). */
interface LayoutShiftEntry extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
}

/**
 * Records every layout shift not caused by input, from before the first paint, and follows the page's
 * requests (once per page).
 */
async function observeLayoutShifts(page: Page) {
  const requests = followRequests(page);
  await page.addInitScript(() => {
    // Runs in the page: everything it uses is defined here.
    const isLayoutShift = (entry: PerformanceEntry): entry is LayoutShiftEntry => entry.entryType === "layout-shift";
    window.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (isLayoutShift(entry) && !entry.hadRecentInput) window.layoutShifts.push(entry.value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  return requests;
}

/** The page's cumulative layout shift from its first paint until it is hydrated and the reader's revealed data is shown. */
async function shiftWhileLoading(page: Page, path: string, requests: ReturnType<typeof followRequests>) {
  await page.goto(path);
  await waitForHydration(page);
  // The revealed data has replaced every quiet "…" a known item waited with.
  await page.waitForFunction(() => !document.querySelector('[data-spoiler="loading"]'));
  // Whatever else the page asked for has come and been laid out.
  await requests.quiet();
  return page.evaluate(() => window.layoutShifts.reduce((sum, value) => sum + value, 0));
}

async function layoutShift(page: Page, path: string) {
  return shiftWhileLoading(page, path, await observeLayoutShifts(page));
}

test("the reading tracker does not move when the reader's progress appears", async ({ page }) => {
  expect(await layoutShift(page, "/reading_tracker")).toBeLessThan(0.02);
  await expect(page.getByLabel("Last chapter read")).toBeVisible();
});

for (const path of ["/", "/web_novel"]) {
  test(`${path} stays still while it hydrates`, async ({ page }) => {
    expect(await layoutShift(page, path)).toBeLessThan(0.02);
  });
}

test.describe("on a first visit, when the service worker takes the page", () => {
  test.use({ serviceWorkers: "allow" });
  for (const path of ["/web_novel", "/anime", "/light_novels"])
    test(`${path} does not move as "Keep for offline" comes`, async ({ page }) => {
      await observeLayoutShifts(page);
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
      await expect(page.getByRole("button", { name: /^Keep for offline/ }).first()).toBeVisible();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await page.evaluate(() => window.layoutShifts.reduce((sum, value) => sum + value, 0))).toBeLessThan(0.005);
    });
});

/*
 * Readers with progress: every public page is rendered the same for everyone, with every gated item
 * sealed; after hydration the page asks for what the reader knows and shows it in place
 * (useShieldedData). That must move nothing, for readers of each medium, on a phone and a desktop.
 */
const readers = [
  { name: "a web novel reader at arc 2, chapter 20", webNovel: "wn:2-20", anime: null, lightNovels: [] },
  { name: "an anime-only viewer who watched season 1", webNovel: null, anime: "anime:1-12", lightNovels: [] },
  { name: "a light-novel-only reader at volume 3", webNovel: null, anime: null, lightNovels: ["ln:main-3"] },
];

/** One page of each public kind, with gated items on it: a character with gated facts and a volume's mistakes. */
const pagesWithGatedItems = [
  "/",
  "/web_novel?arc=2",
  "/light_novels",
  "/side_stories",
  "/anime?season=1",
  "/break_time?season=1",
  "/characters",
  "/characters/hester-crane",
  "/translation_meta",
  "/translation_meta/ln_mistls",
  "/translation_meta/ln_mistls/main_v3",
  "/translation_meta/anime_mistls",
  "/search?q=ilse",
  "/search?q=lantern",
  "/reading_tracker",
  "/discuss/anime:1-11",
];

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    // A plain viewport: Chromium's mobile emulation reported less shift at 360 px than a 360 px window shows.
    test.use({ viewport: { width, height: 800 }, isMobile: false, hasTouch: false });

    for (const reader of readers) {
      test(`nothing moves when ${reader.name}'s revealed items appear`, async ({ page }) => {
        test.setTimeout(180_000);
        const { webNovel, anime, lightNovels } = reader;
        const progress = {
          version: 2,
          webNovel,
          anime,
          lightNovels,
          sideStories: [],
          breakTime: [],
          skipped: [],
          position: 0,
          updatedAt: "2024-01-01T00:00:00.000Z",
        };
        await page.addInitScript((stored) => localStorage.setItem("rc:progress", stored), JSON.stringify(progress));
        const requests = await observeLayoutShifts(page);
        const shifts: Record<string, number> = {};
        for (const path of pagesWithGatedItems)
          shifts[path] = Number((await shiftWhileLoading(page, path, requests)).toFixed(4));
        test.info().annotations.push({ type: "layout shift", description: JSON.stringify(shifts) });
        expect(Object.entries(shifts).filter(([, shift]) => shift >= 0.02)).toEqual([]);
      });
    }
  });
}

/*
 * A sealed line says where the shield leaves the reader, and a reader without progress is offered to
 * set it, and before the page is interactive the shield is not known. On a narrow phone a few words more or
 * less rewrap the line, so each sealed line must keep its height from the first paint, for a reader
 * without progress and for one with it.
 */
test.describe("at 320 px", () => {
  test.use({ viewport: { width: 320, height: 800 }, isMobile: false, hasTouch: false });

  const pagesWithSealedLines = [
    "/web_novel",
    "/anime?season=2",
    "/light_novels",
    "/side_stories",
    "/characters",
    "/characters/hester-crane",
    "/translation_meta/ln_mistls/main_v3",
  ];

  /**
   * The height of every sealed line on the page, by the element with an id it is in and what it says,
   * whichever wording it has (a reader's revealed items change which lines there are, not what a line is).
   */
  const sealedLines = (page: Page) =>
    page.evaluate(() => {
      const heights: Record<string, number> = {};
      for (const line of document.querySelectorAll<HTMLElement>('[data-spoiler="hidden"], [data-spoiler="run"]')) {
        // Its words whether shown or kept in place, invisible (before the page is interactive, a browser
        // that keeps progress shows a quiet "…" over them).
        const what = (line.textContent ?? "")
          .replace(/…/g, "")
          .replace(/beyond (the first chapter|what you have read or watched)/, "beyond")
          .replace(/·\s*(Set|Update) your progress|(Set|Update) your progress|·\s*Show (it|them)|Show (it|them)/g, "")
          .replace(/\s+/g, " ")
          .trim();
        const where = `${line.parentElement?.closest("[id]")?.id ?? "page"}: ${what}`;
        let place = 0;
        while (`${where} #${place}` in heights) place++;
        heights[`${where} #${place}`] = Math.round(line.getBoundingClientRect().height);
      }
      return heights;
    });

  const viewers = [
    { name: "a new reader", progress: null },
    { name: "an anime-only viewer who watched season 1", progress: { anime: "anime:1-12" } },
  ];
  for (const { name, progress } of viewers) {
    test(`sealed lines keep their lines for ${name} when the page becomes interactive`, async ({ page }) => {
      test.setTimeout(120_000);
      if (progress) {
        const stored = { version: 1, webNovel: null, lightNovels: {}, sideStories: [], breakTime: [], skipped: [] };
        const record = { ...stored, ...progress, position: 0, updatedAt: "2024-01-01T00:00:00.000Z" };
        await page.addInitScript((value) => localStorage.setItem("rc:progress", value), JSON.stringify(record));
      }
      const requests = followRequests(page);
      // The typeface in the cache first: a page that paints without it keeps the system font (fonts.css),
      // and the lines are compared by their words, not by which font the first load happened to get.
      await page.goto("/");
      await page.evaluate(() => document.fonts.ready);
      let compared = 0;
      for (const path of pagesWithSealedLines) {
        // Before the page is interactive: as the first paint shows it, with the page's modules held back.
        await page.route("**/assets/**/*.js", (route) => route.abort());
        await page.goto(path);
        const before = await sealedLines(page);
        await page.unrouteAll();
        await page.goto(path);
        await waitForHydration(page);
        await page.waitForFunction(() => !document.querySelector('[data-spoiler="loading"]'));
        await requests.quiet();
        const after = await sealedLines(page);
        for (const [line, height] of Object.entries(after)) {
          if (!(line in before)) continue;
          expect(height, `${path}: ${line}`).toBe(before[line]);
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(5);
    });
  }
});
