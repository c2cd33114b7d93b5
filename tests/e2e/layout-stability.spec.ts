import { expect, type Page, test } from "@playwright/test";
import { waitForHydration } from "../support/browser";

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

async function layoutShift(page: Page, path: string) {
  await page.addInitScript(() => {
    // Runs in the page: everything it uses is defined here.
    const isLayoutShift = (entry: PerformanceEntry): entry is LayoutShiftEntry => entry.entryType === "layout-shift";
    window.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (isLayoutShift(entry) && !entry.hadRecentInput) window.layoutShifts.push(entry.value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(path);
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  // Two frames after the last response, so whatever it rendered has been laid out.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => window.layoutShifts.reduce((sum, value) => sum + value, 0));
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
