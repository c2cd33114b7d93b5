import { expect, type Page, test } from "@playwright/test";
import { analyticsBaseURL, analyticsHostPort, baseURL } from "../../playwright.config";
import { type RecordedEvent, startAnalyticsStandIn } from "../support/analytics-standin";
import { waitForHydration } from "../support/browser";

// One stand-in host for the whole file; its tests run one after another.
test.describe.configure({ mode: "serial" });
let standIn: Awaited<ReturnType<typeof startAnalyticsStandIn>>;
test.beforeAll(async () => {
  standIn = await startAnalyticsStandIn(analyticsHostPort);
});
test.afterAll(async () => standIn.close());

const pageEvents = (events: RecordedEvent[]) =>
  events.filter((event) => event.event === "$pageview" || event.event === "$pageleave").map((event) => `${event.event} ${event.pathname}`);

async function browseThreePages(page: Page) {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Characters" }).click();
  await expect(page).toHaveURL(/\/characters$/);
  await page.getByRole("link", { name: /Corvin Hale/ }).click();
  await expect(page).toHaveURL(/\/characters\/corvin-hale$/);
}

test.describe("analytics", () => {
  // PostHog drops events from user agents that look like bots ("HeadlessChrome" included); the
  // browser is also started with navigator.webdriver off (tests/support/chromium.ts).
  const userAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
  test.use({ baseURL: analyticsBaseURL, viewport: { width: 1600, height: 900 }, userAgent });

  test("route changes send $pageview for each path and $pageleave for the previous one", async ({ page }) => {
    standIn.events.length = 0;
    await browseThreePages(page);
    await expect
      .poll(() => pageEvents(standIn.events), { timeout: 15_000 })
      .toEqual([
        "$pageview /",
        "$pageleave /",
        "$pageview /characters",
        "$pageleave /characters",
        "$pageview /characters/corvin-hale",
      ]);
    expect(standIn.events.find((event) => event.event === "$pageview")?.url).toBe(`${analyticsBaseURL}/`);
  });

  test("opting out on the privacy page stops all sending", async ({ page }) => {
    await page.goto("/privacy_policy");
    await waitForHydration(page);
    const toggle = page.getByRole("switch", { name: "Allow anonymous analytics in this browser" });
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "false");

    // The privacy page's own view, captured before the switch, may still be in the library's batch.
    await page.waitForTimeout(4_000);
    const before = standIn.requestCount();
    standIn.events.length = 0;
    await browseThreePages(page);
    await page.waitForTimeout(5_000); // longer than the library's 3 s batch interval
    expect(standIn.events).toEqual([]);
    expect(standIn.requestCount()).toBe(before);
  });
});

test("without an analytics key, no request leaves the site", async ({ page }) => {
  const foreign: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(baseURL)) foreign.push(request.url());
  });
  await page.goto(`${baseURL}/`);
  await waitForHydration(page);
  await page.goto(`${baseURL}/characters`);
  await page.getByRole("link", { name: /Corvin Hale/ }).click();
  await page.waitForTimeout(4_000);
  expect(foreign).toEqual([]);
});

test("a new deployment under an open page shows a toast with a reload action", async ({ page }) => {
  await page.goto(`${baseURL}/`);
  await waitForHydration(page);
  const running = await page.evaluate(async () => ((await (await fetch("/builds/latest.json")).json()) as { id: string }).id);
  // The deployment is replaced: the site now reports another build.
  await page.route("**/builds/latest.json*", (route) =>
    route.fulfill({ contentType: "application/json", body: JSON.stringify({ id: `${running}-next`, timestamp: new Date().toISOString() }) }),
  );
  // Coming back to the tab triggers a check.
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  const region = page.getByRole("region", { name: "Notifications (F8)" });
  await expect(region).toContainText("A new version is available");
  const reloaded = page.waitForEvent("load");
  await region.getByRole("button", { name: "Reload" }).click();
  await reloaded;
});

test("a chunk that fails to load reloads the page once, then shows the error page instead of looping", async ({ page }) => {
  await page.route("**/assets/toaster-*.js", (route) => route.abort());
  let loads = 0;
  page.on("load", () => loads++);
  await page.goto(`${baseURL}/side_stories`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Internal Server Error", { timeout: 15_000 });
  await expect(page.getByText("Part of the site could not be loaded")).toBeVisible();
  expect(loads).toBe(2);
  await page.waitForTimeout(3_000);
  expect(loads).toBe(2);
  // The header still works around the error.
  await expect(page.getByRole("link", { name: "Lanternfall Companion" })).toBeVisible();
});
