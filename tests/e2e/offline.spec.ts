import type { BrowserContext, Page } from "@playwright/test";
import { emptyProgress } from "../../app/lib/progress/record";
import { parsePackFolder, resolvePack } from "../../pack";
import { expect, signIn, signOut, test } from "../support/auth";
import { seriousViolations } from "../support/axe";
import { clientNavigate, waitForHydration } from "../support/browser";

/*
 * The site installed and offline (decision 40): the manifest, and the service worker that answers pages
 * a reader visited from the copies it kept, with a notice that says so and how old the copy is. Every
 * other spec blocks the worker (playwright.config.ts); this one lets it run, on a phone.
 */
test.use({ serviceWorkers: "allow", viewport: { width: 360, height: 780 } });

/** A fact of Ilse Marrow's that only a reader at arc 5 knows (as in shared-device.spec.ts). */
const secret = "The shadow of the keeper Lanthe";
const readerAt = (chapter: string) => JSON.stringify({ ...emptyProgress, webNovel: chapter });

/** A film of the demo pack whose title waits for its viewers (as in anime-specials.spec.ts). */
const film = "sp:film-1";
const filmTitle = (() => {
  const { pack } = parsePackFolder("content/demo");
  if (!pack) throw new Error("the demo content pack does not parse");
  return resolvePack(pack, "demo").rows.anime_specials.find((row) => row.key === film)!.title!;
})();

/** Waits until the worker controls the page (it registers once the page is idle). */
async function controlled(page: Page) {
  await waitForHydration(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
}

/** Opens `path` online under the worker, for a reader whose web novel progress reaches `chapter`. */
async function openAs(page: Page, chapter: string, path: string) {
  await page.goto("/");
  await controlled(page);
  await page.evaluate((stored) => localStorage.setItem("rc:progress", stored), readerAt(chapter));
  await page.goto(path);
  await waitForHydration(page);
}

/**
 * Waits until the browser runtime, which holds the offline notice, is on the page: it loads once the
 * page has hydrated, so a test that goes offline before then would find no notice.
 */
async function runtimeLoaded(page: Page) {
  await waitForHydration(page);
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance.getEntriesByType("resource").some((entry) => /\/browser-runtime-[^/]+\.js$/.test(entry.name)),
      ),
    )
    .toBe(true);
}

/** The addresses the worker keeps for pages, by cache. */
function keptPages(page: Page) {
  return page.evaluate(async () => {
    const kept: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const requests = await (await caches.open(name)).keys();
      kept[name] = requests.map((request) => new URL(request.url).pathname + new URL(request.url).search);
    }
    return kept;
  });
}

const offlineNotice = (page: Page) => page.locator("[data-offline-notice]");

/** Whether the pictures on screen came, each drawn (none left as its alt text). */
const picturesShown = (page: Page) =>
  page.evaluate(() => {
    const shown = [...document.querySelectorAll("main img")].filter(
      (image) => image.getBoundingClientRect().top < window.innerHeight,
    ) as HTMLImageElement[];
    return shown.length > 0 && shown.every((image) => image.complete && image.naturalWidth > 0);
  });
/** The signed-in reader's menu in the header (a disclosure on a phone). */
const accountMenu = (page: Page) => page.getByRole("banner").getByLabel(/^Account:/);

/**
 * The network gone, for the page and for the worker: Chromium's offline mode leaves a service worker's
 * own requests alone, so they are refused too, as a dead connection refuses them.
 */
/** Contexts offline now, and those whose pages are watched for a new document (stayOfflineInNewDocuments). */
const offlineContexts = new WeakSet<BrowserContext>();
const watchedContexts = new WeakSet<BrowserContext>();

async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await context.route("**/*", (route) => route.abort("internetdisconnected"));
  offlineContexts.add(context);
  stayOfflineInNewDocuments(context);
}

async function goOnline(context: BrowserContext) {
  offlineContexts.delete(context);
  await context.unrouteAll({ behavior: "ignoreErrors" });
  await context.setOffline(false);
}

/**
 * Chromium does not carry the emulated offline state into a document loaded since it was set (a reload,
 * an address opened): there `navigator.onLine` says online, as a real device offline never would. So each
 * new document of an offline context is told again (the requests are refused by the route all along).
 */
function stayOfflineInNewDocuments(context: BrowserContext) {
  if (watchedContexts.has(context)) return;
  watchedContexts.add(context);
  const watch = (page: Page) =>
    page.on("domcontentloaded", () => {
      if (!offlineContexts.has(context)) return;
      void context
        .setOffline(false)
        .then(() => (offlineContexts.has(context) ? context.setOffline(true) : undefined))
        .catch(() => {});
    });
  context.pages().forEach(watch);
  context.on("page", watch);
}

test("the page first opened is kept though the reader left it before the worker was there", async ({
  page,
  context,
}) => {
  // The worker's script is held until the reader has gone on within the site.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route("**/sw.js", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/releases");
  await waitForHydration(page);
  await page.locator('a[href="/characters"]').first().dispatchEvent("click");
  await expect(page.getByRole("heading", { level: 1, name: "Characters" })).toBeVisible();
  release();
  await controlled(page);
  await expect.poll(async () => Object.values(await keptPages(page)).flat()).toContain("/releases");

  // Offline, a link back to the page first opened opens it.
  await goOffline(context);
  await page.locator('a[href="/releases"]').first().dispatchEvent("click");
  await expect(page).toHaveURL(/\/releases$/);
  await expect(page.getByRole("heading", { level: 1, name: "Releases" })).toBeVisible();
  await goOnline(context);
});

test("a visited page opens offline on a phone, saying it is offline and how old the copy is", async ({
  page,
  context,
}) => {
  // The first page loads before the worker exists; it keeps that page once it does.
  await page.goto("/");
  await controlled(page);
  await expect.poll(async () => Object.values(await keptPages(page)).flat()).toContain("/");
  await page.goto("/releases");
  await waitForHydration(page);
  // Reached within the site: the worker keeps its data.
  await clientNavigate(page, "/characters");
  await expect(page.getByRole("heading", { level: 1, name: "Characters" })).toBeVisible();
  await page.goto("/privacy_policy");
  await waitForHydration(page);
  await expect(offlineNotice(page)).toHaveCount(0);

  await goOffline(context);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Privacy");
  await expect(offlineNotice(page)).toHaveText("You are offline. This page is the copy kept on this device just now.");

  // A page opened by its address: the worker has its document.
  await page.goto("/releases");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Releases" })).toBeVisible();
  await expect(offlineNotice(page)).toContainText("You are offline.");

  // A link to a page reached within the site goes within the site, from the kept data.
  await page.locator('a[href="/characters"]').first().dispatchEvent("click");
  await expect(page).toHaveURL(/\/characters$/);
  await expect(page.getByRole("heading", { level: 1, name: "Characters" })).toBeVisible();
  await expect(offlineNotice(page)).toContainText("This page is the copy kept on this device");
  // With the portraits it showed online: kept as they came.
  await expect.poll(() => picturesShown(page)).toBe(true);

  // A link to a page kept only as a document opens that document.
  await page.locator('a[href="/privacy_policy"]').first().dispatchEvent("click");
  await expect(page).toHaveURL(/\/privacy_policy$/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Privacy");

  // Hours later, still offline: the notice says how old the copy is. No sideways scroll on a phone.
  await page.clock.install({ time: new Date(Date.now() + 3 * 60 * 60 * 1000 + 60_000) });
  await page.reload();
  await waitForHydration(page);
  await expect(offlineNotice(page)).toHaveText(
    "You are offline. This page is the copy kept on this device 3 hours ago.",
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Online again, the page comes from the network and the notice goes.
  await goOnline(context);
  await page.reload();
  await waitForHydration(page);
  await expect(offlineNotice(page)).toHaveCount(0);
});

test("a visited page answered from its copy says why: no connection, or a connection too slow", async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // Opened under the worker, so the page's code is kept with it, as a reader's second page is.
  await page.goto("/");
  await controlled(page);
  await page.goto("/anime");
  await runtimeLoaded(page);
  await expect.poll(async () => Object.values(await keptPages(page)).flat()).toContain("/anime");

  // The network gone while the browser still says online (a network with no way out): no connection.
  await context.route("**/*", (route) => route.abort("internetdisconnected"));
  await page.reload();
  await waitForHydration(page);
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await expect(offlineNotice(page)).toHaveText(
    "This page is the copy kept on this device just now, as there was no connection. Reload for the latest.",
  );
  await context.unrouteAll({ behavior: "ignoreErrors" });

  // The page's answer slower than the worker waits for (4 s): the connection was too slow.
  await context.route(
    (url) => url.pathname === "/anime",
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 6000));
      await route.continue().catch(() => {});
    },
  );
  await page.reload();
  await waitForHydration(page);
  await expect(offlineNotice(page)).toHaveText(
    "This page is the copy kept on this device just now, as the connection was too slow. Reload for the latest.",
  );
  await context.unrouteAll({ behavior: "ignoreErrors" });
});

test("offline, a tap on a page not on the device keeps the page; opened by its address, that page says so and offers the pages that are", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await controlled(page);
  await expect.poll(async () => Object.values(await keptPages(page)).flat()).toContain("/");
  await page.goto("/releases");
  await runtimeLoaded(page);

  // Online, the page loaded; offline (as the page says), a tap on a page never visited (its code never
  // loaded either) keeps this page, as it does with no worker.
  await goOffline(context);
  await expect(offlineNotice(page)).toContainText("You are offline.");
  await page.locator('a[href="/statistics"]').first().dispatchEvent("click");
  await expect(
    page.locator("[aria-live]").filter({ hasText: "That page could not be loaded, so this one stays." }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Releases" })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/releases");

  // Opened by its address, the worker answers with its offline page.
  await page.goto("/statistics");
  await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
  await expect(
    page.getByText("This page is not on this device: it opens by itself when the connection is back."),
  ).toBeVisible();
  const waysOut = page.getByRole("list").getByRole("link");
  await expect(waysOut).toHaveText(["Home", "Releases"]);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The time it found no connection, as the site writes times: "00:50", to the minute.
  const checked = page.getByRole("status").filter({ hasText: /^No connection at / });
  await expect(checked).toHaveText(/^No connection at \d{2}:\d{2}\.$/);
  // Still offline, "Try again" draws the page again, with the time of that try.
  await page.evaluate(() => document.body.setAttribute("data-before-try", ""));
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page.locator("body[data-before-try]")).toHaveCount(0);
  await expect(checked).toHaveText(/^No connection at \d{2}:\d{2}\.$/);
  await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();

  // A way out opens the kept copy.
  await waysOut.filter({ hasText: "Releases" }).click();
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Releases" })).toBeVisible();
  await expect(offlineNotice(page)).toContainText("You are offline.");

  // Online again, the page asked for opens by itself.
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
  await goOnline(context);
  await expect(page.getByRole("heading", { level: 1, name: "Statistics" })).toBeVisible();
});

test("a search sent offline from a page whose search was never opened keeps the page and the words, and is sent once back online", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await controlled(page);
  await expect.poll(async () => Object.values(await keptPages(page)).flat()).toContain("/");
  await goOffline(context);
  await expect(offlineNotice(page)).toContainText("You are offline.");
  // Marks this page: a reload (the site's own navigation, the search page's code never loaded) would lose it.
  await page.evaluate(() => document.body.setAttribute("data-stayed", ""));

  await page.getByRole("banner").getByRole("link", { name: "Search" }).click();
  const box = page.getByRole("combobox", { name: "Search the site" });
  await box.fill("lantern keeper");
  await box.press("Enter");
  await expect(
    page.locator("[aria-live]").filter({ hasText: "That page could not be loaded, so this one stays." }),
  ).toBeVisible();
  await expect(page.locator("body[data-stayed]")).toHaveCount(1);
  expect(new URL(page.url()).pathname).toBe("/");
  // The box stays open with the words, so the reader sees what could not be sent.
  await expect(box).toBeVisible();
  await expect(box).toHaveValue("lantern keeper");

  await goOnline(context);
  // The browser says it is online at once; the worker's own connection may come a moment later, and a
  // search sent while the site does not answer waits for the next sign of the connection: given here
  // once the site answers, should the first have come too early.
  const siteAnswers = () =>
    page
      .evaluate(() =>
        fetch(`/builds/latest.json?${Date.now()}`, { cache: "no-store" }).then(
          () => true,
          () => false,
        ),
      )
      .catch(() => true);
  await expect.poll(siteAnswers).toBe(true);
  await page.evaluate(() => window.dispatchEvent(new Event("online"))).catch(() => {});
  await expect(page).toHaveURL(/\/search\?q=lantern\+keeper$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search");
});

test("offline, a page shows only what its reader knows now: a copy answered for more knowledge is never used", async ({
  page,
  context,
}) => {
  await openAs(page, "wn:5-30", "/characters/ilse-marrow");
  await expect(page.getByText(secret)).toBeVisible();

  await goOffline(context);
  await page.reload();
  await waitForHydration(page);
  // The same reader: the kept answer for what they know.
  await expect(page.getByText(secret)).toBeVisible();
  await expect(offlineNotice(page)).toContainText("You are offline.");

  // The reader set their progress back meanwhile: the kept answer was for more than they know now.
  await page.evaluate((stored) => localStorage.setItem("rc:progress", stored), readerAt("wn:1-3"));
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Ilse Marrow");
  const sealed = page.getByText(/facts? beyond what you have read or watched\./);
  const relationships = page.getByRole("region", { name: "Relationships" });
  await expect(sealed.first()).toBeVisible();
  const sealedCount = await sealed.count();
  await expect(page.getByText(secret)).toHaveCount(0);

  // Asking to see a sealed relationship asks with knowledge never asked with online (up to arc 5, chapter
  // 27, which the kept copy for chapter 30 knows more than): no copy answers it.
  const showIt = relationships.getByRole("button", { name: /^Show (it|them)$/ });
  const buttons = await showIt.count();
  await showIt.first().click();
  await expect(
    page.locator("[aria-live]").filter({ hasText: "you have reached could not be loaded" }).locator("div"),
  ).toBeVisible();
  await expect(sealed).toHaveCount(sealedCount);
  await expect(page.getByText(secret)).toHaveCount(0);
  // The line says what it hides again, with its button, rather than waiting for ever; a second tap asks again.
  await expect(showIt).toHaveCount(buttons);
  const askedAgain = page.waitForRequest((request) => new URL(request.url()).pathname.endsWith(".data"));
  await showIt.first().click();
  await askedAgain;
  await expect(showIt).toHaveCount(buttons);
  await expect(page.getByText(secret)).toHaveCount(0);
});

/** The title of arc 5's first chapter: shown to a reader who reached it, "Title hidden" to one who has not. */
const arcFiveOpening = "A Hymn With No Words";

/** Every address kept for offline, in any cache of kept units. */
async function keptForOffline(page: Page) {
  return Object.entries(await keptPages(page))
    .filter(([name]) => name.startsWith("rc-kept-"))
    .flatMap(([, addresses]) => addresses)
    .filter((address) => address !== "/service-worker/kept-units");
}

/** The units the worker lists as kept, with the knowledge each was kept at. */
function keptUnitsListed(page: Page) {
  return page.evaluate(async () => {
    const listed: Array<{ unit: string; knowledge: string; state: string }> = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith("rc-kept-")) continue;
      const list = await (await caches.open(name)).match("/service-worker/kept-units");
      const units = list ? ((await list.json()) as typeof listed) : [];
      listed.push(...units.map(({ unit, knowledge, state }) => ({ unit, knowledge, state })));
    }
    return listed;
  });
}

test("a page opened offline after a tick made offline shows what the reader knew when its copy was kept, not nothing", async ({
  page,
  context,
}) => {
  await openAs(page, "wn:5-30", "/web_novel?arc=5");
  await expect(page.getByText(arcFiveOpening).first()).toBeVisible();

  // Offline, the reader ticks one more chapter: no copy was kept for what they know now.
  await goOffline(context);
  await page.evaluate((stored) => localStorage.setItem("rc:progress", stored), readerAt("wn:5-31"));
  await page.reload();
  await waitForHydration(page);
  await expect(offlineNotice(page)).toContainText("You are offline.");
  // The copy kept for less (wn:5-30) answers: the titles the reader had are still there.
  await expect(page.getByText(arcFiveOpening).first()).toBeVisible();
});

test("a kept arc opens offline on a phone as far as the reader knows, is listed with its size, and is kept again when progress moves back", async ({
  page,
  context,
}) => {
  // An arc's page and its 33 threads, kept twice.
  test.setTimeout(300_000);
  await openAs(page, "wn:5-30", "/web_novel?arc=5");
  await expect(page.getByText(arcFiveOpening).first()).toBeVisible();

  // One tap keeps the arc: its page and its chapters' threads, with what this reader may see of them.
  await page.getByRole("button", { name: "Keep for offline: Arc 5" }).click();
  await expect(page.getByRole("button", { name: /^Kept · [\d.]+ [KM]B: Arc 5/ })).toBeVisible({ timeout: 60_000 });
  const kept = await keptForOffline(page);
  expect(kept).toEqual(
    expect.arrayContaining([
      "/web_novel?arc=5",
      "/web_novel.data?arc=5",
      "/web_novel.data?arc=5&reveal=wn%3A5-30&_routes=routes%2Fweb-novel",
      "/discuss/wn:5-1",
    ]),
  );
  // The visited pages go: what opens offline now is only what the keep stored.
  await page.evaluate(async () => {
    for (const name of await caches.keys()) if (name.startsWith("rc-pages-")) await caches.delete(name);
  });

  await goOffline(context);
  await page.goto("/web_novel?arc=5");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 2, name: /^Arc 5/ })).toBeVisible();
  await expect(offlineNotice(page)).toContainText("You are offline. This page is the copy kept on this device");
  await expect(page.getByText(arcFiveOpening).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // A chapter's thread was kept with it.
  await page.goto("/discuss/wn:5-1");
  await waitForHydration(page);
  await expect(offlineNotice(page)).toContainText("You are offline.");
  // A page not on the device offers the arc, by its place.
  await page.goto("/statistics");
  await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
  await page.getByRole("list").getByRole("link", { name: "Arc 5", exact: true }).click();
  await waitForHydration(page);
  await expect(page).toHaveURL(/\/web_novel\?arc=5$/);
  await expect(page.getByText(arcFiveOpening).first()).toBeVisible();

  // Online, the progress set back: the answers kept for arc 5's knowledge go, and the arc is kept again.
  await goOnline(context);
  await page.evaluate((stored) => localStorage.setItem("rc:progress", stored), readerAt("wn:1-3"));
  await page.goto("/reading_tracker");
  await waitForHydration(page);
  await expect
    .poll(() => keptUnitsListed(page), { timeout: 60_000 })
    .toEqual([{ unit: "arc:5", knowledge: "wn:1-3", state: "kept" }]);
  const keptNow = await keptForOffline(page);
  expect(keptNow).toContain("/web_novel.data?arc=5&reveal=wn%3A1-3&_routes=routes%2Fweb-novel");
  expect(keptNow.filter((address) => address.includes("wn%3A5-30"))).toEqual([]);
  await page.reload();
  await waitForHydration(page);
  const stored = page.getByRole("region", { name: "Stored for offline" });
  await expect(stored.getByRole("listitem").filter({ hasText: "Arc 5" })).toContainText(/[\d.]+ [KM]B · 34 pages/);

  await goOffline(context);
  await page.goto("/web_novel?arc=5");
  await waitForHydration(page);
  await expect(offlineNotice(page)).toContainText("You are offline.");
  await expect(page.getByRole("heading", { level: 2, name: /^Arc 5/ })).toBeVisible();
  await expect(page.getByText(arcFiveOpening)).toHaveCount(0);

  // Remove takes it off the device.
  await goOnline(context);
  await page.goto("/reading_tracker");
  await waitForHydration(page);
  await stored.getByRole("button", { name: "Remove: Arc 5" }).click();
  await expect(stored).toContainText("Nothing yet.");
  expect(await keptForOffline(page)).toEqual([]);
});

test("a kept season's OVAs, specials and films open offline by its links, on a phone", async ({ page, context }) => {
  test.setTimeout(180_000);
  await page.goto("/");
  await controlled(page);
  await page.goto("/anime?season=1");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Keep for offline: Season 1" }).click();
  await expect(page.getByRole("button", { name: /^Kept · [\d.]+ [KM]B: Season 1/ })).toBeVisible({ timeout: 60_000 });
  // The specials page each of the season's links asks for, and the list of them all (before: neither).
  expect(await keptForOffline(page)).toEqual(
    expect.arrayContaining([
      "/anime/specials?special=ova-1",
      "/anime/specials.data?special=ova-1",
      "/anime/specials",
      "/anime/specials.data",
    ]),
  );
  await page.evaluate(async () => {
    for (const name of await caches.keys()) if (name.startsWith("rc-pages-")) await caches.delete(name);
  });

  await goOffline(context);
  await page.goto("/anime?season=1");
  await waitForHydration(page);
  const specials = page.getByRole("region", { name: "OVAs, specials and films" });
  await specials.getByRole("link", { name: "OVA", exact: true }).click();
  await expect(page).toHaveURL(/\/anime\/specials\?special=ova-1#sp-ova-1$/);
  await expect(page.getByRole("heading", { level: 1, name: "OVAs, specials and films" })).toBeVisible();
  await expect(page.locator("#sp-ova-1")).toBeVisible();
  await expect(offlineNotice(page)).toContainText("You are offline. This page is the copy kept on this device");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.goto("/anime?season=1");
  await waitForHydration(page);
  await page.getByRole("link", { name: "All 3 OVAs, specials and films" }).click();
  await expect(page).toHaveURL(/\/anime\/specials$/);
  await expect(page.locator("[data-special]")).toHaveCount(3);
  await expect(page.getByText("could not be reached")).toHaveCount(0);
});

test("after signing out, no page kept for the signed-in reader is ever shown, online or off", async ({
  page,
  context,
  accounts,
}) => {
  const account = await accounts.create("Offline Reader");
  await page.goto("/releases");
  await controlled(page);
  await signIn(page, account);
  await page.goto("/releases");
  await waitForHydration(page);
  await expect(accountMenu(page)).toBeVisible();
  await expect
    .poll(async () => Object.entries(await keptPages(page)).filter(([name]) => name.endsWith("-signed-in")))
    .toContainEqual([expect.stringMatching(/^rc-pages-.+-signed-in$/), expect.arrayContaining(["/releases"])]);

  await signOut(page);
  await expect
    .poll(async () => Object.keys(await keptPages(page)).filter((name) => name.endsWith("-signed-in")))
    .toEqual([]);

  await goOffline(context);
  for (const path of ["/releases", "/"]) {
    await page.goto(path).catch(() => {});
    await expect(accountMenu(page)).toHaveCount(0);
    await expect(page.getByText(account.email)).toHaveCount(0);
  }
  await page.goto("/releases");
  await waitForHydration(page);
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
});

test("a signed-in reader's tracker opens offline whole: its timeline and code were kept with it", async ({
  page,
  context,
  accounts,
}) => {
  const account = await accounts.create("Offline Tracker");
  await page.goto("/releases");
  await controlled(page);
  await signIn(page, account);
  await page.goto("/reading_tracker");
  await waitForHydration(page);
  await expect(page.getByLabel("Last chapter read")).toBeVisible();
  // The timeline the tracker loaded after the page, kept for this reader.
  await expect
    .poll(async () => Object.entries(await keptPages(page)).filter(([name]) => name.endsWith("-signed-in")))
    .toContainEqual([
      expect.stringMatching(/-signed-in$/),
      expect.arrayContaining([expect.stringMatching(/^\/resources\/timeline/)]),
    ]);

  // The account menu's code, loaded once the page was idle though the menu was never opened.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        for (const name of await caches.keys())
          for (const request of await (await caches.open(name)).keys())
            if (request.url.includes("account-panel")) return true;
        return false;
      }),
    )
    .toBe(true);

  await goOffline(context);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel("Last chapter read")).toBeVisible();
  await expect(offlineNotice(page)).toContainText("You are offline.");
  await expect(accountMenu(page)).toBeVisible();
  await expect(page.getByText("could not be loaded")).toHaveCount(0);
  await expect(page.getByText("Internal Server Error")).toHaveCount(0);

  // The menu opens offline; signing out cannot be done without the site, and says so, keeping the page.
  await accountMenu(page).click();
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("region", { name: "Notifications (F8)" })).toContainText("You are still signed in");
  await expect(page.getByLabel("Last chapter read")).toBeVisible();
  await expect(page.getByText("The site could not be reached")).toHaveCount(0);
  await page.keyboard.press("Escape");

  // On a phone, the search button opens the search box offline too, rather than leaving the page.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole("banner").getByRole("link", { name: "Search" }).click();
  await expect(page.getByRole("combobox", { name: "Search the site" })).toBeFocused();
  await expect(page).toHaveURL(/\/reading_tracker$/);

  // A page with no copy keeps the one the reader has, with a notice and its retry.
  await clientNavigate(page, "/reading_tracker?from=nowhere");
  const failed = page.locator("[aria-live]").filter({ hasText: "That page could not be loaded" });
  await expect(failed.getByRole("button", { name: "Try again" })).toBeVisible();
  await expect(page.getByLabel("Last chapter read")).toBeVisible();
  await expect(page.getByText("The site could not be reached")).toHaveCount(0);
  await expect(page.getByText("Part of the site could not be loaded")).toHaveCount(0);
});

test("a tick made offline survives a reload offline: the tracker opens with it, its titles no further than what was kept", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await controlled(page);
  await page.goto("/reading_tracker");
  await waitForHydration(page);
  const specials = page.getByRole("region", { name: "OVAs, specials and films" });
  await expect(specials.getByRole("checkbox", { name: "Anime · Film" })).toBeVisible();
  // The timeline for a reader who knows nothing, kept.
  await expect.poll(async () => Object.values(await keptPages(page)).flat()).toContain("/resources/timeline");

  await goOffline(context);
  await specials.getByRole("checkbox", { name: "Anime · Film" }).check();
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("rc:progress") ?? "{}")))
    .toMatchObject({ animeSpecials: [film] });
  // Before: the timeline for the film's viewer was never kept, and the reload showed the error page.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel("Last chapter read")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reading tracker");
  await expect(specials.getByRole("checkbox", { name: "Anime · Film" })).toBeChecked();
  await expect(page.locator("[data-titles-behind]")).toContainText("stay hidden until you are back online");
  await expect(offlineNotice(page)).toContainText("You are offline.");
  // Kept for less than the reader knows now, it shows nothing they do not: the film's title waits.
  await expect(page.getByText(filmTitle)).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Back online, the titles the tick reveals come with the next load.
  await goOnline(context);
  await page.reload();
  await expect(specials.getByRole("checkbox", { name: filmTitle })).toBeChecked({ timeout: 15_000 });
  await expect(page.locator("[data-titles-behind]")).toHaveCount(0);
});

test("offline, a browser whose cookies were cleared is shown no page kept for the signed-in reader", async ({
  page,
  context,
  accounts,
}) => {
  const account = await accounts.create("Cleared Reader");
  await page.goto("/releases");
  await controlled(page);
  await signIn(page, account);
  await page.goto("/releases");
  await waitForHydration(page);
  await expect
    .poll(async () => Object.entries(await keptPages(page)).filter(([name]) => name.endsWith("-signed-in")))
    .toContainEqual([expect.stringMatching(/-signed-in$/), expect.arrayContaining(["/releases"])]);

  // Still holding the session, offline: the reader's own copy.
  await goOffline(context);
  await page.reload();
  await waitForHydration(page);
  await expect(accountMenu(page)).toBeVisible();

  // The cookies go (cleared, or the session ran out) with no page online to tell the worker.
  await context.clearCookies();
  for (const path of ["/releases", "/"]) {
    await page.goto(path).catch(() => {});
    await expect(accountMenu(page)).toHaveCount(0);
    await expect(page.getByText(account.email)).toHaveCount(0);
  }
  await page.reload().catch(() => {});
  await expect(accountMenu(page)).toHaveCount(0);
  await expect(page.getByText(account.email)).toHaveCount(0);
});

test("the worker of a new build deletes every older build's caches, and the new-deployment toast still shows", async ({
  page,
  context,
}) => {
  // Caches an older build's worker left behind, and one that is not the worker's (before the first page only).
  await context.addInitScript(() => {
    if (sessionStorage.getItem("e2e:older-caches")) return;
    sessionStorage.setItem("e2e:older-caches", "made");
    void caches.open("rc-assets-20200101000000-older");
    void caches.open("rc-pages-20200101000000-older-signed-out");
    void caches.open("someone-elses");
  });
  await page.goto("/");
  await controlled(page);
  const build = await page.evaluate(
    async () => ((await (await fetch("/builds/latest.json")).json()) as { id: string }).id,
  );
  await page.goto("/releases");
  await waitForHydration(page);
  await expect
    .poll(async () => Object.keys(await keptPages(page)).sort())
    .toEqual(expect.arrayContaining([`rc-assets-${build}`, `rc-pages-${build}-signed-out`, "someone-elses"]));
  const names = Object.keys(await keptPages(page));
  expect(names.filter((name) => name.includes("older"))).toEqual([]);

  // The build id is never answered from a copy: a new deployment is seen under a controlled page.
  await page.route("**/builds/latest.json*", (route) =>
    route.fulfill({
      contentType: "application/json",
      body: JSON.stringify({ id: `${build}-next`, timestamp: new Date().toISOString() }),
    }),
  );
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await expect(page.getByRole("region", { name: "Notifications (F8)" })).toContainText("A new version is available");
});

test("under the worker, a chunk the server no longer has still reloads the page once, then shows the error page", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await controlled(page);
  // A deployment replaced the tracker's code: the worker has no copy, and the server answers none.
  // Its chunk alone, not tracker-timeline-*.js, which the route's module imports.
  await context.route(/\/assets\/tracker-[\w-]{8}\.js$/, (route) => route.abort());
  await context.route("**/builds/latest.json*", (route) =>
    route.fulfill({ contentType: "application/json", body: JSON.stringify({ id: "a-newer-build" }) }),
  );
  let loads = 0;
  page.on("load", () => loads++);
  await page.goto("/reading_tracker");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Internal Server Error", { timeout: 15_000 });
  await expect(page.getByText("Part of the site could not be loaded")).toBeVisible();
  await expect.poll(() => loads).toBe(2);
});

test("the manifest and the worker are served as an installable site needs them", async ({ page, request }) => {
  await page.goto("/");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/site.webmanifest");

  const response = await request.get("/site.webmanifest");
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    description: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
    shortcuts: Array<{ name: string; short_name: string; url: string }>;
    screenshots: Array<{ src: string; sizes: string; form_factor: string }>;
  };
  expect(manifest).toMatchObject({ start_url: "/", scope: "/", display: "standalone" });
  expect(manifest.name.length).toBeGreaterThan(0);
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  expect(manifest.description.length).toBeGreaterThan(20);
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
  for (const purpose of ["any", "maskable"])
    for (const size of ["192x192", "512x512"])
      expect(manifest.icons, `${purpose} ${size}`).toContainEqual(
        expect.objectContaining({ purpose, sizes: size, type: "image/png" }),
      );
  expect(manifest.shortcuts.map((shortcut) => shortcut.short_name)).toEqual(["Tracker", "Releases", "Up next"]);
  expect(manifest.screenshots.map((screenshot) => screenshot.form_factor).sort()).toEqual(["narrow", "wide"]);

  // Every image is a PNG of the size the manifest says; every shortcut opens a page.
  for (const image of [...manifest.icons.filter((icon) => icon.type === "image/png"), ...manifest.screenshots]) {
    const file = await request.get(image.src);
    expect(file.status(), image.src).toBe(200);
    const png = await file.body();
    expect(png.subarray(1, 4).toString(), image.src).toBe("PNG");
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, image.src).toBe(image.sizes);
  }
  for (const shortcut of manifest.shortcuts) expect((await request.get(shortcut.url)).status(), shortcut.url).toBe(200);

  // The worker: at the site's root (its scope is the whole site), always asked for afresh, and allowed to fetch the site.
  const worker = await request.get("/sw.js");
  expect(worker.status()).toBe(200);
  expect(worker.headers()["content-type"]).toContain("javascript");
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  expect(worker.headers()["content-security-policy"]).toBe("default-src 'none'; connect-src 'self'");
});

test("the code a first tap offline needs is kept when the worker installs, though no page loaded it yet", async ({
  page,
  context,
}) => {
  const chunkErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && message.text().includes("chunk failed to load")) chunkErrors.push(message.text());
  });
  await page.goto("/");
  await controlled(page);
  const kept = () =>
    page.evaluate(async () => {
      const files = await Promise.all(
        (await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((each) => each.url)),
      );
      return files.flat().filter((url) => /\/assets\/(navigation-indicators|error-page)-/.test(url)).length;
    });
  await expect.poll(kept).toBe(2);

  // The first tap on a link is made offline: its bar's code comes from the device, and nothing fails to load.
  await goOffline(context);
  await page.locator('main a[href="/characters"]').first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(chunkErrors).toEqual([]);
});

test("the pictures of the first page opened, before the worker was there, are kept with it", async ({
  page,
  context,
}) => {
  await page.goto("/characters");
  await controlled(page);
  // Every file and picture the page loaded, kept once the worker is there.
  const loaded = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => /^\/(assets|media)\//.test(path)),
  );
  expect(loaded.filter((path) => path.startsWith("/media/")).length).toBeGreaterThan(0);
  await expect
    .poll(async () => {
      const kept = Object.values(await keptPages(page)).flat();
      return loaded.filter((path) => !kept.includes(path));
    })
    .toEqual([]);

  await goOffline(context);
  await page.reload();
  await waitForHydration(page);
  await expect(offlineNotice(page)).toContainText("You are offline.");
  await expect.poll(() => picturesShown(page)).toBe(true);
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true });

  test("offline, the tap that closes the menu only closes it: it opens no page", async ({ page, context }) => {
    await page.goto("/");
    await controlled(page);
    await goOffline(context);
    await expect(offlineNotice(page)).toContainText("You are offline.");
    const tap = async (target: ReturnType<Page["locator"]>) => {
      const box = (await target.boundingBox())!;
      // Near its start: the open menu covers the right of a phone's screen.
      await page.touchscreen.tap(box.x + Math.min(12, box.width / 2), box.y + box.height / 2);
    };
    const link = page.locator('main a[href="/reading_tracker"]').first();
    await link.scrollIntoViewIfNeeded();
    await tap(page.getByRole("banner").getByLabel("Menu"));
    await expect(page.getByRole("banner").getByRole("navigation", { name: "Main" })).toBeVisible();
    await tap(link);
    await expect(page.getByRole("banner").getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.waitForTimeout(1000);
    expect(new URL(page.url()).pathname).toBe("/");
    await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toHaveCount(0);
  });
});
