import { type Browser, expect, type Page, test } from "@playwright/test";
import { analyticsBaseURL, analyticsHostPort, baseURL } from "../../playwright.config";
import { startAnalyticsSite, stopAnalyticsSite } from "../support/analytics-site";
import { type RecordedEvent, startAnalyticsStandIn } from "../support/analytics-standin";
import { waitForHydration } from "../support/browser";
import { withoutHeadlessBrand } from "../support/chromium";

// A site with analytics configured (tests/support/analytics-site.ts), sending to a stand-in host, both
// started for this file alone; its tests run one after another. The site and the stand-in listen on fixed
// ports, so only one copy of the file can run at a time (`--repeat-each` needs `--workers 1`).
test.describe.configure({ mode: "serial" });
let standIn: Awaited<ReturnType<typeof startAnalyticsStandIn>>;
test.beforeAll(async () => {
  // Preparing its local state and starting wrangler: about half a minute, more on a busy machine.
  test.setTimeout(180_000);
  standIn = await startAnalyticsStandIn(analyticsHostPort);
  await startAnalyticsSite();
});
test.afterAll(async () => {
  await stopAnalyticsSite();
  await standIn?.close();
});

const pageEvents = (events: RecordedEvent[]) =>
  events
    .filter((event) => event.event === "$pageview" || event.event === "$pageleave")
    .map((event) => `${event.event} ${event.pathname}`);

async function browseThreePages(page: Page) {
  // Not waiting for "load": a runtime held back (as one test does) may hold the load event with it.
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Characters" }).click();
  await expect(page).toHaveURL(/\/characters$/);
  await page.getByRole("link", { name: /Corvin Hale/ }).click();
  await expect(page).toHaveURL(/\/characters\/corvin-hale$/);
}

const threePagesEvents = [
  "$pageview /",
  "$pageleave /",
  "$pageview /characters",
  "$pageleave /characters",
  "$pageview /characters/corvin-hale",
];

// PostHog drops events from user agents that look like bots ("HeadlessChrome" included), in the
// User-Agent string and among the brands (withoutHeadlessBrand); the browser is also started with
// navigator.webdriver off (tests/support/chromium.ts). The stand-in
// tells browsers apart by their User-Agent, so the control reader below has one of its own.
const readerUserAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const controlUserAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/155.0.0.0 Safari/537.36";
const analyticsViewport = { width: 1600, height: 900 };

/**
 * Proving that nothing is sent needs an end to wait for, not a timer: a control reader, with
 * analytics allowed on the site that has a key, browses the same three pages once the reader under
 * test is done, and the stand-in has all of the control's events only after the library's batch
 * window (3 s) has passed since the control's last page, so also since the reader's.
 */
async function browseAsControl(browser: Browser) {
  const context = await browser.newContext({
    baseURL: analyticsBaseURL,
    viewport: analyticsViewport,
    userAgent: controlUserAgent,
  });
  await context.addInitScript(withoutHeadlessBrand);
  const earlier = standIn.eventsFrom(controlUserAgent).length;
  try {
    await browseThreePages(await context.newPage());
    // All of them, in whatever order the library's batches arrive (under load a later batch can land first).
    await expect
      .poll(() => pageEvents(standIn.eventsFrom(controlUserAgent).slice(earlier)).sort(), { timeout: 15_000 })
      .toEqual([...threePagesEvents].sort());
  } finally {
    await context.close();
  }
}

test.describe("analytics", () => {
  test.use({ baseURL: analyticsBaseURL, viewport: analyticsViewport, userAgent: readerUserAgent });
  test.beforeEach(({ context }) => context.addInitScript(withoutHeadlessBrand));

  test("route changes send $pageview for each path and $pageleave for the previous one", async ({ page }) => {
    standIn.events.length = 0;
    await browseThreePages(page);
    await expect.poll(() => pageEvents(standIn.events), { timeout: 15_000 }).toEqual(threePagesEvents);
    expect(standIn.events.find((event) => event.event === "$pageview")?.url).toBe(`${analyticsBaseURL}/`);
  });

  test("a reader who goes on before the runtime has loaded still counts the page they landed on", async ({ page }) => {
    standIn.events.length = 0;
    // The runtime (and with it analytics) arrives only once the reader has gone on to two more pages.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/browser-runtime-*.js", async (route) => {
      await released;
      await route.continue();
    });
    await browseThreePages(page);
    release();
    await expect.poll(() => pageEvents(standIn.events), { timeout: 15_000 }).toEqual(threePagesEvents);
  });

  test("an analytics host that never answers changes nothing for the reader", async ({ page }) => {
    // Every request to the analytics host hangs, as a slow or unreachable host's would.
    const held: string[] = [];
    await page.route(`http://127.0.0.1:${analyticsHostPort}/**`, (route) => {
      held.push(route.request().url());
    });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await browseThreePages(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Corvin Hale");
    // The page stays interactive while the library waits: client-side navigation still answers.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Side stories" }).click();
    await expect(page).toHaveURL(/\/side_stories$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The library did try to reach the host, so the hang was really in the reader's way.
    await expect.poll(() => held.length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  test("opting out on the privacy page stops all sending", async ({ page, browser }) => {
    test.slow(); // two real batch windows: the privacy page's, then the control reader's
    standIn.events.length = 0;
    await page.goto("/privacy_policy");
    await waitForHydration(page);
    const toggle = page.getByRole("switch", { name: "Allow anonymous analytics in this browser" });
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    // The privacy page's own view is sent in the library's first batch: once it has arrived, nothing
    // captured before the switch is left waiting to be sent.
    await expect
      .poll(() => pageEvents(standIn.eventsFrom(readerUserAgent)), { timeout: 15_000 })
      .toEqual(["$pageview /privacy_policy"]);
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "false");

    const before = standIn.requestCount(readerUserAgent);
    standIn.events.length = 0;
    await browseThreePages(page);
    await browseAsControl(browser);
    expect(standIn.eventsFrom(readerUserAgent)).toEqual([]);
    expect(standIn.requestCount(readerUserAgent)).toBe(before);
  });
});

test("without an analytics key, no request leaves the site", async ({ page, browser }) => {
  test.slow(); // a second browser and the control reader's batch window
  const foreign: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(baseURL)) foreign.push(request.url());
  });
  await page.goto(`${baseURL}/`);
  await waitForHydration(page);
  await page.goto(`${baseURL}/characters`);
  await page.getByRole("link", { name: /Corvin Hale/ }).click();
  await expect(page).toHaveURL(/\/characters\/corvin-hale$/);
  // Meanwhile a reader of the site with a key has sent everything the library batches.
  await browseAsControl(browser);
  expect(foreign).toEqual([]);
});

test.describe("toasts", () => {
  // The privacy page's analytics switch makes them; it can be used only where analytics is configured.
  test.use({ baseURL: analyticsBaseURL });

  test("toasts: one at a time, F8 focuses them, and they can be dismissed", async ({ page }) => {
    await page.goto("/privacy_policy");
    await waitForHydration(page);
    const analytics = page.getByRole("switch", { name: "Allow anonymous analytics in this browser" });
    await expect(analytics).toBeEnabled();

    await analytics.click();
    const toasts = page.getByRole("region", { name: "Notifications (F8)" }).locator("li");
    await expect(toasts).toHaveCount(1);
    await expect(toasts.first()).toContainText(analyticsText(await analytics.getAttribute("aria-checked")));

    // A second toast replaces the first: still only one visible.
    await analytics.click();
    await expect(toasts).toHaveCount(1);
    await expect(toasts.first()).toContainText(analyticsText(await analytics.getAttribute("aria-checked")));

    await page.keyboard.press("F8");
    await expect(page.getByRole("region", { name: "Notifications (F8)" }).locator("ol")).toBeFocused();

    await page.getByRole("button", { name: "Dismiss notification" }).click();
    await expect(toasts).toHaveCount(0);
  });
});

test.describe("toasts on a phone", () => {
  test.use({ baseURL: analyticsBaseURL, viewport: { width: 360, height: 740 } });

  test("a toast does not cover the header", async ({ page }) => {
    await page.goto("/privacy_policy");
    await waitForHydration(page);
    await page.getByRole("switch", { name: "Allow anonymous analytics in this browser" }).click();
    const toast = page.getByRole("region", { name: "Notifications (F8)" }).locator("li").first();
    await expect(toast).toBeVisible();
    const toastBox = await toast.boundingBox();
    const headerBox = await page.getByRole("banner").boundingBox();
    expect(toastBox && headerBox && toastBox.y >= headerBox.y + headerBox.height).toBe(true);
  });
});

test("an empty readership page says what it will show and why it is empty", async ({ page }) => {
  // No test saves reading progress on this site, so its readership stays empty.
  await page.goto(`${analyticsBaseURL}/statistics/readership`);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "No figures yet" })).toBeVisible();
  await expect(main).toContainText("Fewer than 5 established readers");
  await expect(main).toContainText(
    "first saved their progress at least 7 days ago and have saved it on more than one day",
  );
  for (const title of [
    "Readers at each arc",
    "Readers at each light novel volume",
    "The media readers follow",
    "Where readers pause",
  ]) {
    await expect(main.getByRole("listitem").filter({ hasText: title })).toBeVisible();
  }
  await expect(main.getByRole("link", { name: /reading tracker/ })).toHaveAttribute("href", "/reading_tracker");
});

function analyticsText(checked: string | null) {
  return checked === "true" ? "Analytics allowed" : "Analytics turned off";
}
