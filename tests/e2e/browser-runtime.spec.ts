import { type Browser, expect, type Page, test } from "@playwright/test";
import { storageKeys } from "../../app/lib/runtime/storage-keys";
import { analyticsBaseURL, analyticsHostPort, baseURL } from "../../playwright.config";
import { type RecordedEvent, startAnalyticsStandIn } from "../support/analytics-standin";
import { waitForHydration } from "../support/browser";
import { withoutHeadlessBrand } from "../support/chromium";

// One stand-in host for the whole file; its tests run one after another. The analytics site sends to
// one fixed port, so only one copy of the file can run at a time (`--repeat-each` needs `--workers 1`).
test.describe.configure({ mode: "serial" });
let standIn: Awaited<ReturnType<typeof startAnalyticsStandIn>>;
test.beforeAll(async () => {
  standIn = await startAnalyticsStandIn(analyticsHostPort);
});
test.afterAll(async () => standIn.close());

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

test("a new deployment under an open page shows a toast with a reload action", async ({ page }) => {
  await page.goto(`${baseURL}/`);
  await waitForHydration(page);
  const running = await page.evaluate(
    async () => ((await (await fetch("/builds/latest.json")).json()) as { id: string }).id,
  );
  // The deployment is replaced: the site now reports another build.
  await page.route("**/builds/latest.json*", (route) =>
    route.fulfill({
      contentType: "application/json",
      body: JSON.stringify({ id: `${running}-next`, timestamp: new Date().toISOString() }),
    }),
  );
  // Coming back to the tab triggers a check. The runtime that watches for it loads after hydration, so
  // the reader comes back until it is there.
  const region = page.getByRole("region", { name: "Notifications (F8)" });
  await expect(async () => {
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await expect(region).toContainText("A new version is available", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const reloaded = page.waitForEvent("load");
  await region.getByRole("button", { name: "Reload" }).click();
  await reloaded;
});

test("where the tracker's own code never arrives, the page offers to load it again instead of loading for ever", async ({
  page,
}) => {
  // The route's module, which the page imports before it runs anything: nothing of the page's code runs.
  await page.route(/\/assets\/reading-tracker-[\w-]{8}\.js$/, (route) => route.abort());
  await page.goto(`${baseURL}/reading_tracker`);
  await expect(page.getByText("Loading your progress…")).toBeVisible();
  const again = page.getByRole("link", { name: "Load it again" });
  await expect(again).toBeHidden();
  await expect(again).toBeVisible({ timeout: 15_000 });
  await page.unroute(/\/assets\/reading-tracker-[\w-]{8}\.js$/);
  await again.click();
  await expect(page.getByRole("region", { name: "Web novel" })).toBeVisible();
  await expect(page.getByText("Loading your progress…")).toHaveCount(0);
  // Where the tracker loads, the offer is gone with the loading line.
  await page.reload();
  await expect(page.getByRole("region", { name: "Web novel" })).toBeVisible();
  await expect(page.getByText("Taking too long?")).toHaveCount(0);
});

test('the tracker\'s "Load it again" loads the page again where the reader was, its #up-next kept', async ({
  page,
}) => {
  // The first timeline never answers; the next, after the page loads again, does.
  let stalled = false;
  await page.route(/\/resources\/timeline/, (route) => {
    if (stalled) return route.continue();
    stalled = true;
  });
  await page.goto(`${baseURL}/reading_tracker#up-next`);
  await waitForHydration(page);
  const again = page.getByRole("link", { name: "Load it again" });
  await expect(again).toBeVisible({ timeout: 15_000 });
  // A reload, not a jump to the hash on the same page (before: /reading_tracker, the hash dropped).
  const reloaded = page.waitForEvent("load");
  await again.click();
  await reloaded;
  await expect(page).toHaveURL(/\/reading_tracker#up-next$/);
  await expect(page.getByRole("region", { name: "Web novel" })).toBeVisible();
  await expect(page.getByText("Loading your progress…")).toHaveCount(0);
});

test("where the tracker's timeline stalls without failing, the page offers to load it again; without JavaScript it never does", async ({
  page,
  browser,
}) => {
  // A request that never answers, as on a connection that drops without saying so.
  await page.route(/\/resources\/timeline/, () => {});
  await page.goto(`${baseURL}/reading_tracker`);
  await waitForHydration(page);
  await expect(page.getByText("Loading your progress…")).toBeVisible();
  await expect(page.getByRole("link", { name: "Load it again" })).toBeVisible({ timeout: 15_000 });

  const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
  try {
    const still = await withoutScripts.newPage();
    await still.goto(`${baseURL}/reading_tracker`);
    await expect(still.getByText("Loading your progress…")).toBeVisible();
    await still.waitForTimeout(7_000);
    await expect(still.getByRole("link", { name: "Load it again" })).toBeHidden();
  } finally {
    await withoutScripts.close();
  }
});

test("a chunk that fails to load reloads the page once, then shows the error page instead of looping", async ({
  page,
}) => {
  // The tracker's own code is a part its page needs, loaded beside its timeline (its chunk alone: not
  // tracker-timeline-*.js, which the route's module imports).
  await page.route(/\/assets\/tracker-[\w-]{8}\.js$/, (route) => route.abort());
  let loads = 0;
  page.on("load", () => loads++);
  // Every document of the tab notes the reload guard it starts with in sessionStorage, which outlives
  // the reloads, so the last document can tell how many came before it.
  const guardKey = `${storageKeys.chunkReload.key}:/reading_tracker`;
  await page.addInitScript((key) => {
    const documents = JSON.parse(sessionStorage.getItem("e2e:documents") ?? "[]") as Array<string | null>;
    sessionStorage.setItem("e2e:documents", JSON.stringify([...documents, sessionStorage.getItem(key)]));
  }, guardKey);
  await page.goto(`${baseURL}/reading_tracker`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Internal Server Error", { timeout: 15_000 });
  await expect(page.getByText("Part of the site could not be loaded")).toBeVisible();
  await expect.poll(() => loads).toBe(2);
  // The page reloads only after stamping the guard. The error page is the second document's end
  // state: it found the first one's stamp, and the stamp is unchanged, so no further reload is coming.
  const [documents, guard] = await page.evaluate(
    (key) =>
      [
        JSON.parse(sessionStorage.getItem("e2e:documents") ?? "[]") as Array<string | null>,
        sessionStorage.getItem(key),
      ] as const,
    guardKey,
  );
  expect(documents).toEqual([null, expect.stringMatching(/^\d+$/)]);
  expect(guard).toBe(documents[1]);
  expect(loads).toBe(2);
  // The header still works around the error.
  await expect(page.getByRole("link", { name: "Lanternfall Companion" })).toBeVisible();
});
