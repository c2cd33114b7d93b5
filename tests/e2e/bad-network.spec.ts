import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { chapterKey, unitAnchor } from "../../app/lib/content/units";
import { emptyProgress } from "../../app/lib/progress/record";
import { signIn, test as withReader } from "../support/auth";
import { clientNavigate, followRequests, waitForHydration } from "../support/browser";

/*
 * On a bad connection a reader keeps the page they have. A request made after the page rendered (what
 * the reader has seen, the header's suggestions) that fails leaves the page as it was, sealed where it
 * was sealed, with a notice and a retry; it is asked again by itself when the connection returns. So
 * does a tap on a link whose page's data cannot be fetched: the page on screen stays.
 */

/**
 * Every kind of page that asks for what its reader has seen, at an address with gated content (the home
 * page has none for a reader who has seen nothing).
 */
const revealingPages = [
  "/web_novel?arc=2",
  "/light_novels",
  "/side_stories",
  "/anime",
  "/break_time",
  "/characters",
  "/characters/ilse-marrow",
  "/search?q=lantern",
  "/releases",
  "/translation_meta",
  "/translation_meta/ln_mistls?q=night",
  "/translation_meta/ln_mistls/main_v1",
  "/translation_meta/anime_mistls",
];

/** The question a page asks with what its reader has seen (useShieldedData). */
const isReveal = (url: URL) => url.pathname.endsWith(".data") && url.searchParams.has("reveal");

/** The next successful answer to a request `wanted` picks. */
const answer = (page: Page, wanted: (url: URL) => boolean) =>
  page.waitForResponse((response) => wanted(new URL(response.url())) && response.ok());

/** The notice of a tap whose page could not be loaded. */
const navigationFailed = (page: Page) =>
  page.locator("[aria-live]").filter({ hasText: "That page could not be loaded" }).locator("div");

/** The notice of a failed follow-up, by what it says. */
const notice = (page: Page) =>
  page.locator("[aria-live]").filter({ hasText: "you have reached could not be loaded" }).locator("div");

test.describe("a reader who asks to see spoilers blurred", () => {
  test.use({ viewport: { width: 360, height: 780 } });
  test.beforeEach(async ({ context }) => {
    // Blurring, the shield asks for every sealed item on every page: each page kind asks once. The reader
    // has read a little, so a page that asks only with what its reader has seen (the characters) asks too.
    await context.addInitScript((stored) => {
      localStorage.setItem("rc:spoiler-mode", "blur");
      localStorage.setItem("rc:progress", stored);
    }, webNovelReader("wn:1-3"));
  });

  for (const path of revealingPages) {
    test(`keeps ${path} when its question fails, and gets its answer on "Try again"`, async ({ page }) => {
      let refused = 0;
      await page.route(isReveal, (route) => {
        refused++;
        return route.abort("failed");
      });
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(path);
      await waitForHydration(page);
      const heading = await page.getByRole("heading", { level: 1 }).textContent();
      await expect(notice(page)).toBeVisible();
      expect(refused).toBe(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading!);
      await expect(page.getByText(/^Error \d+$/)).toHaveCount(0);
      // Still sealed: what the question would have brought never came.
      await expect(page.locator(".blur-sm")).toHaveCount(0);

      await page.unroute(isReveal);
      const answered = answer(page, isReveal);
      await notice(page).getByRole("button", { name: "Try again" }).click();
      await answered;
      await expect(notice(page)).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading!);
      expect(errors).toEqual([]);
    });
  }

  test("offline, the page stays sealed and says so; back online, the answer comes by itself", async ({
    page,
    context,
  }) => {
    await page.route(isReveal, async (route) => {
      await context.setOffline(true);
      return route.abort("internetdisconnected");
    });
    await page.goto("/characters");
    await waitForHydration(page);
    await expect(notice(page)).toContainText("You are offline");
    await page.unroute(isReveal);
    const answered = answer(page, isReveal);
    await context.setOffline(false);
    await answered;
    await expect(notice(page)).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Characters");
  });

  test("a question that never answers counts as failed, and the page stays", async ({ page }) => {
    await page.clock.install();
    await page.route(isReveal, () => {
      // Never answered, as on a dead connection.
    });
    const asked = page.waitForRequest((request) => isReveal(new URL(request.url())));
    await page.goto("/anime");
    await waitForHydration(page);
    // The time runs from when the question is asked: moving the clock before it would time nothing.
    await asked;
    await page.clock.fastForward(16_000);
    await expect(notice(page)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Anime");
  });
});

/** Stored progress in the web novel up to this chapter. */
const webNovelReader = (chapter: string) => JSON.stringify({ ...emptyProgress, webNovel: chapter });

test.describe("a web novel reader", () => {
  test.beforeEach(async ({ context }) => {
    await context.addInitScript((stored) => {
      if (!localStorage.getItem("rc:progress")) localStorage.setItem("rc:progress", stored);
    }, webNovelReader("wn:3-10"));
  });

  test("sees a character address that answers 404 as one not met, with no notice: the answer was a page", async ({
    page,
  }) => {
    await page.goto("/characters/no-such-character");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("A character you have not met yet");
    await expect(notice(page)).toHaveCount(0);
  });

  test("sees words from the first paint on a character's address while the site's scripts are still on their way", async ({
    page,
  }) => {
    // A slow network: the page's HTML arrives, its scripts do not (yet).
    await page.route("**/assets/**/*.js", () => {});
    await page.goto("/characters/no-such-character", { waitUntil: "domcontentloaded" });
    await expect(page.getByText("Looking for this character in what you have read or watched…")).toBeVisible();
    // The page's other words wait, in their place, until the answer says whether the reader has met them.
    await expect(page.getByRole("heading", { level: 1 })).toBeHidden();
  });

  test("whose question fails after setting progress back sees the page as sent, not the answer for more", async ({
    page,
    context,
  }) => {
    const summary = (target: Page) => target.getByText(/^\d+ characters?\b/).first();
    await page.goto("/characters?q=a");
    await waitForHydration(page);
    const sealedOther = await context.newPage();
    await sealedOther.route(isReveal, (route) => route.abort("failed"));
    await sealedOther.goto("/characters?q=a");
    await waitForHydration(sealedOther);
    const sealed = await summary(sealedOther).textContent();

    await page.evaluate((stored) => localStorage.setItem("rc:progress", stored), webNovelReader("wn:5-20"));
    await page.reload();
    await waitForHydration(page);
    await expect(summary(page)).not.toHaveText(sealed!);
    // Set back in another tab while this one cannot ask: it shows what was sent, not what it knew before.
    await page.route(isReveal, (route) => route.abort("failed"));
    await sealedOther.evaluate((stored) => localStorage.setItem("rc:progress", stored), webNovelReader("wn:2-1"));
    await expect(notice(page)).toBeVisible();
    await expect(summary(page)).toHaveText(sealed!);
  });
});

test("offline, a tap on a link keeps the page with a notice, and the page comes when the connection does", async ({
  page,
  context,
}) => {
  await page.goto("/web_novel");
  await waitForHydration(page);
  let loads = 0;
  page.on("load", () => loads++);
  await context.setOffline(true);
  await clientNavigate(page, "/web_novel?arc=2");
  const failed = navigationFailed(page);
  await expect(failed).toBeVisible();
  await expect(failed).toContainText("You are offline");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web novel");
  await expect(page).toHaveURL(/\/web_novel$/);
  expect(loads).toBe(0);
  await context.setOffline(false);
  await expect(page).toHaveURL(/arc=2$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web novel");
  await expect(failed).toHaveCount(0);
  expect(loads).toBe(0);
});

/** The address of the code of a page, by its route, once the router has learnt the route (React Router's manifest). */
const pageCode = async (page: Page, routeId: string) =>
  (
    await page.waitForFunction(
      (id) =>
        (
          window as Window &
            typeof globalThis & { __reactRouterManifest: { routes: Record<string, { module: string } | undefined> } }
        ).__reactRouterManifest.routes[id]?.module,
      routeId,
    )
  ).jsonValue() as Promise<string>;

/** The header's suggestions fail, then come on "Try again": a sign of an unsure connection, with nothing left failed. */
async function suggestionsFailAndCome(page: Page) {
  const isSuggestion = (url: URL) => url.pathname === "/search.data" && url.searchParams.has("suggest");
  await page.route(isSuggestion, (route) => route.abort("failed"));
  await page.getByRole("combobox", { name: "Search the site" }).fill("lantern");
  const suggestionsFailed = page.locator("[aria-live]").filter({ hasText: "Suggestions could not be loaded." });
  await expect(suggestionsFailed).toBeVisible();
  await page.unroute(isSuggestion);
  await suggestionsFailed.getByRole("button", { name: "Try again" }).click();
  await expect(suggestionsFailed).toHaveCount(0);
}

/**
 * Opens arc 2 on a connection made unsure (the header's suggestions fail, then come on "Try again"), and
 * finds where the code of the page at `routeId` is, which the test then delays or refuses.
 */
async function openArcTwoUnsure(page: Page, routeId: string) {
  const loads = await openArcTwo(page);
  await suggestionsFailAndCome(page);
  return { loads, code: await pageCode(page, routeId) };
}

/**
 * Opens arc 2 of the web novel, once what it loads when idle is here (going offline, or a part failing,
 * comes after the page), and counts the page's loads from then on: a reload loses the page and the tap.
 */
async function openArcTwo(page: Page) {
  const requests = followRequests(page);
  await page.goto("/web_novel?arc=2");
  await waitForHydration(page);
  // The page's idle work runs before idle callbacks asked for after it, and what it imports is in flight
  // then ("networkidle" may have been reached before it began: under load it came after, and a chunk the
  // characters' page imports failed as the test went offline). Twice, for work that idle work schedules.
  for (let round = 0; round < 2; round++) {
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null))));
    await requests.quiet();
  }
  let loads = 0;
  page.on("load", () => loads++);
  return () => loads;
}

/**
 * Opens arc 2 (openArcTwo), goes offline and taps the header's Characters, a page never opened (its code is
 * not here either), which is held with the notice.
 */
async function holdCharactersOffline(page: Page, context: BrowserContext) {
  const loads = await openArcTwo(page);
  await context.setOffline(true);
  await page.getByRole("banner").getByRole("link", { name: "Characters" }).click();
  const failed = navigationFailed(page);
  await expect(failed).toBeVisible();
  return { loads, failed };
}

test("offline, a tap on a page whose code never loaded keeps the page, and the page comes with the connection", async ({
  page,
  context,
}) => {
  // The header's link, as a reader taps it: the characters' page was never opened, so its code is not here.
  const { loads, failed } = await holdCharactersOffline(page, context);
  await expect(failed).toContainText("You are offline");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web novel");
  await expect(page).toHaveURL(/\/web_novel\?arc=2$/);
  expect(loads()).toBe(0);

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/characters$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Characters");
  await expect(failed).toHaveCount(0);
  expect(loads()).toBe(0);
});

/**
 * Opens arc 2 and has a part of the characters' page's code that this page has not loaded (a chunk that
 * page imports) fail once, as the parts a page loads once idle do when asked for as the connection goes:
 * the browser keeps it as failed for as long as this document lives. Returns that part's address.
 */
async function breakSharedCode(page: Page) {
  const loads = await openArcTwo(page);
  // Once the router has learnt the route (the header's link makes it ask).
  const imports = (await (
    await page.waitForFunction(
      () =>
        (
          window as Window &
            typeof globalThis & { __reactRouterManifest: { routes: Record<string, { imports?: string[] }> } }
        ).__reactRouterManifest.routes["routes/characters"]?.imports,
    )
  ).jsonValue()) as string[];
  const loaded = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name));
  const shared = imports.find((file) => !loaded.some((name) => new URL(name).pathname === file));
  if (!shared) throw new Error("the characters' page imports nothing this page has not loaded");
  const isShared = (url: URL) => url.pathname === shared;
  await page.route(isShared, (route) => route.abort("internetdisconnected"));
  const imported = await page.evaluate(
    (file) =>
      import(file).then(
        () => "came",
        () => "failed",
      ),
    shared,
  );
  expect(imported).toBe("failed");
  await page.unroute(isShared);
  return { loads, shared };
}

test("a page whose shared code failed to load while the connection went comes as a new document with the connection", async ({
  page,
  context,
}) => {
  const { loads } = await breakSharedCode(page);
  await context.setOffline(true);
  await page.getByRole("banner").getByRole("link", { name: "Characters" }).click();
  const failed = navigationFailed(page);
  await expect(failed).toContainText("You are offline");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web novel");

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/characters$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Characters");
  await expect(failed).toHaveCount(0);
  // The tap went where it was going, as a page of its own: its heading shows before its document's load
  // event (its portraits still coming), which is then counted.
  await expect.poll(loads).toBe(1);
});

test("offline, a tap whose page's code the browser's cache holds, but one of its parts failed, keeps the page: no error page", async ({
  page,
  context,
}) => {
  const { loads, shared } = await breakSharedCode(page);
  // The browser's cache holds the page's code and that part (a tap that went elsewhere fetched them): they
  // answer offline, the site does not, and a new document would be the browser's error page.
  const code = await pageCode(page, "routes/characters");
  await page.evaluate(
    (files) => Promise.all(files.map((file) => fetch(file).then((answer) => answer.text()))),
    [code, shared],
  );
  await context.setOffline(true);
  await page.getByRole("banner").getByRole("link", { name: "Characters" }).click();
  const failed = navigationFailed(page);
  await expect(failed).toContainText("You are offline");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web novel");
  await expect(page).toHaveURL(/\/web_novel\?arc=2$/);
  expect(loads()).toBe(0);

  await context.setOffline(false);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Characters");
  await expect(failed).toHaveCount(0);
});

test("offline, a tap and then a search are both held; back online, only the search goes, with its words", async ({
  page,
  context,
}) => {
  const { loads, failed } = await holdCharactersOffline(page, context);
  const box = page.getByRole("combobox", { name: "Search the site" });
  await box.fill("lantern keeper");
  await box.press("Enter");
  await expect(failed).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web novel");
  await expect(box).toHaveValue("lantern keeper");

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/search\?q=lantern\+keeper$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search");
  // Past the second try after the connection's return: the earlier tap never goes after it.
  await page.waitForTimeout(3500);
  await expect(page).toHaveURL(/\/search\?q=lantern\+keeper$/);
  await expect(failed).toHaveCount(0);
  expect(loads()).toBe(0);
});

test("offline, typing after taps were held lets them go: back online nothing goes, and the new words wait for their own send", async ({
  page,
  context,
}) => {
  // A link held, then a search.
  const { loads, failed } = await holdCharactersOffline(page, context);
  const box = page.getByRole("combobox", { name: "Search the site" });
  // The search page's code never loaded: offline, it fails to load, then to answer, and the search is held.
  let searchCodeFailed = 0;
  page.on("requestfailed", (request) => {
    if (/\/assets\/search-[\w-]{8}\.js$/.test(request.url())) searchCodeFailed++;
  });
  await box.fill("lantern");
  await box.press("Enter");
  await expect.poll(() => searchCodeFailed).toBe(2);
  await expect(failed).toBeVisible();
  await box.pressSequentially(" keeper");
  await expect(failed).toHaveCount(0);

  await context.setOffline(false);
  await page.waitForTimeout(3500);
  await expect(page).toHaveURL(/\/web_novel\?arc=2$/);
  await expect(box).toHaveValue("lantern keeper");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=lantern\+keeper$/);
  expect(loads()).toBe(0);
});

test("on a connection that just failed, a tap whose page's code cannot be fetched keeps the page; 'Try again' brings it", async ({
  page,
}) => {
  // A request fails, then comes; then the code of the page tapped cannot be fetched, though its data could.
  const { loads, code } = await openArcTwoUnsure(page, "routes/characters");
  const isCode = (url: URL) => url.pathname === code;
  await page.route(isCode, (route) => route.abort("failed"));
  await clientNavigate(page, "/characters");
  const failed = navigationFailed(page);
  await expect(failed).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web novel");
  await expect(page).toHaveURL(/\/web_novel\?arc=2$/);
  await expect(page.getByRole("combobox", { name: "Search the site" })).toHaveValue("lantern");
  expect(loads()).toBe(0);

  await page.unroute(isCode);
  await failed.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Characters");
  await expect(page).toHaveURL(/\/characters$/);
  await expect(failed).toHaveCount(0);
  expect(loads()).toBe(0);
});

test("on an unsure connection, the last tap counts: one made before it neither goes nor waits on screen", async ({
  page,
}) => {
  // The characters' code is slow, then refused; the reader taps elsewhere meanwhile.
  const { loads, code } = await openArcTwoUnsure(page, "routes/characters");
  let asked = 0;
  await page.route(
    (url) => url.pathname === code,
    async (route) => {
      asked++;
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.abort("failed");
    },
  );
  await clientNavigate(page, "/characters");
  await expect.poll(() => asked).toBeGreaterThan(0);
  await clientNavigate(page, "/manga");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Manga");
  // Once the first tap's code was refused (asked for twice: to load it, then to see if it answers): still the
  // manga, and nothing says a page could not be loaded.
  await expect.poll(() => asked).toBe(2);
  await page.waitForTimeout(2500);
  await expect(page).toHaveURL(/\/manga$/);
  await expect(navigationFailed(page)).toHaveCount(0);
  expect(loads()).toBe(0);
});

test("the header's suggestions failing leave the page, and come on 'Try again'", async ({ page }) => {
  const isSuggestion = (url: URL) => url.pathname === "/search.data";
  await page.route(isSuggestion, (route) => route.abort("failed"));
  await page.goto("/web_novel");
  await waitForHydration(page);
  await page.getByRole("combobox", { name: "Search the site" }).fill("lantern");
  const failed = page.locator("[aria-live]").filter({ hasText: "Suggestions could not be loaded." }).locator("div");
  await expect(failed).toBeVisible();
  // Said beside the box too, where the reader looks while typing (a phone's keyboard covers the notice).
  await expect(page.getByRole("search", { name: "Site search" }).getByRole("status")).toHaveText(
    "Suggestions could not be loaded. Enter still searches.",
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web novel");
  await expect(page.getByRole("combobox", { name: "Search the site" })).toHaveValue("lantern");

  await page.unroute(isSuggestion);
  // The suggestions asked again have come before the reader goes back to the box.
  const answered = page.waitForResponse((response) => isSuggestion(new URL(response.url())) && response.ok());
  await failed.getByRole("button", { name: "Try again" }).click();
  await answered;
  await expect(failed).toHaveCount(0);
  // The answer is drawn just after it comes: until then the arrow has no suggestion to open.
  await expect(async () => {
    await page.getByRole("combobox", { name: "Search the site" }).press("ArrowDown");
    await expect(page.getByRole("listbox", { name: "Suggestions" }).getByRole("option").first()).toBeVisible({
      timeout: 1000,
    });
  }).toPass();
});

test("a tap whose page's data fails keeps the page the reader has, and 'Try again' brings the new one", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto("/web_novel?arc=2");
  await waitForHydration(page);
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  const scrolled = await page.evaluate(() => window.scrollY);
  const isCharacters = (url: URL) => url.pathname === "/characters.data";
  await page.route(isCharacters, (route) => route.abort("failed"));
  await clientNavigate(page, "/characters");
  const failed = navigationFailed(page);
  await expect(failed).toBeVisible();
  // The page stays as it was, where the reader had it, in the reader's theme; nothing says it still loads.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web novel");
  await expect(page).toHaveURL(/\/web_novel\?arc=2$/);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await expect(page.getByText("The site could not be reached")).toHaveCount(0);

  // Asked again and failing again, it says so again.
  await failed.getByRole("button", { name: "Try again" }).click();
  await expect(failed.getByRole("button", { name: "Try again" })).toBeEnabled();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web novel");

  await page.unroute(isCharacters);
  await failed.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Characters");
  await expect(page).toHaveURL(/\/characters$/);
  await expect(failed).toHaveCount(0);
});

test("a tap answered by a gateway's error page (502, 503, 504) keeps the page the reader has, and 'Try again' brings the new one", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto("/web_novel?arc=2");
  await waitForHydration(page);
  const isCharacters = (url: URL) => url.pathname === "/characters.data";
  const failed = navigationFailed(page);
  for (const status of [502, 503, 504]) {
    // As a gateway in front of the site answers (or the platform, for a Function over its limits): its own page, not the site's data.
    await page.route(isCharacters, (route) =>
      route.fulfill({ status, contentType: "text/html", body: "<!DOCTYPE html><h1>Gateway says no</h1>" }),
    );
    await clientNavigate(page, "/characters");
    await expect(failed).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web novel");
    await expect(page).toHaveURL(/\/web_novel\?arc=2$/);
    await expect(page.getByText("Gateway says no")).toHaveCount(0);
    await page.unroute(isCharacters);
    await failed.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Characters");
    await expect(failed).toHaveCount(0);
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web novel");
  }
  // The site's own error answer is the site's to say: the error page, in its words.
  await page.route(isCharacters, (route) =>
    route.fulfill({
      status: 503,
      headers: { "X-Remix-Response": "yes" },
      contentType: "text/x-script",
      body: "not a stream",
    }),
  );
  await clientNavigate(page, "/characters");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Web novel");
  await expect(failed).toHaveCount(0);
});

test("after a held tap, a tap elsewhere goes there, and the held page never shows its failure", async ({ page }) => {
  await page.goto("/web_novel");
  await waitForHydration(page);
  const isCharacters = (url: URL) => url.pathname === "/characters.data";
  await page.route(isCharacters, (route) => route.abort("failed"));
  await clientNavigate(page, "/characters");
  await expect(navigationFailed(page)).toBeVisible();
  await clientNavigate(page, "/light_novels");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Light novels");
  await expect(navigationFailed(page)).toHaveCount(0);
  await expect(page.getByText("The site could not be reached")).toHaveCount(0);
  await expect(page).toHaveURL(/\/light_novels$/);
});

test("on an unsure connection, a tap stays the last one when an earlier tap's page comes while its code is on its way", async ({
  page,
}) => {
  // Arc 3's data is slow; the manga's code slower still, and shown as coming while it is awaited.
  const { loads, code } = await openArcTwoUnsure(page, "routes/manga");
  await page.route(
    (url) => url.pathname === "/web_novel.data" && url.searchParams.get("arc") === "3",
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    },
  );
  await page.route(
    (url) => url.pathname === code,
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    },
  );
  await clientNavigate(page, "/web_novel?arc=3");
  await page.waitForTimeout(200);
  await clientNavigate(page, "/manga");
  await expect(page).toHaveURL(/arc=3$/);
  await expect(page.getByRole("progressbar", { name: "Loading the next page" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Manga");
  await expect(page).toHaveURL(/\/manga$/);
  await expect(navigationFailed(page)).toHaveCount(0);
  expect(loads()).toBe(0);
});

test("on a connection coming back in pieces, a tap whose page's code fails, answers, then fails again is held, not reloaded", async ({
  page,
}) => {
  const { loads, code } = await openArcTwoUnsure(page, "routes/characters");
  let asked = 0;
  const isCode = (url: URL) => url.pathname === code;
  await page.route(isCode, async (route) => {
    if (++asked % 2 === 1) await route.abort("failed");
    else await route.continue();
  });
  await clientNavigate(page, "/characters");
  const failed = navigationFailed(page);
  await expect(failed).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web novel");
  expect(asked).toBe(3);
  expect(loads()).toBe(0);

  await page.unroute(isCode);
  await failed.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Characters");
  expect(loads()).toBe(0);
});

test("a search sent while its page cannot be fetched keeps the page and the words typed; 'Try again' searches", async ({
  page,
}) => {
  await page.goto("/web_novel");
  await waitForHydration(page);
  // The search page's own data, not the header's suggestions.
  const isSearch = (url: URL) => url.pathname === "/search.data" && !url.searchParams.has("suggest");
  await page.route(isSearch, (route) => route.abort("failed"));
  const box = page.getByRole("combobox", { name: "Search the site" });
  await box.fill("lantern keeper");
  await box.press("Enter");
  const failed = navigationFailed(page);
  await expect(failed).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web novel");
  await expect(box).toHaveValue("lantern keeper");
  await expect(page.getByText("The site could not be reached")).toHaveCount(0);

  await page.unroute(isSearch);
  await failed.getByRole("button", { name: "Try again" }).click();
  await expect(page).toHaveURL(/\/search\?q=lantern\+keeper$/);
  await expect(failed).toHaveCount(0);
  // Once the search page has the words, the header's box is empty for the next search.
  await expect(box).toHaveValue("");
});

test("a tap whose page never answers keeps the page, and after a while says so with a retry", async ({ page }) => {
  await page.clock.install();
  await page.goto("/web_novel");
  await waitForHydration(page);
  const isCharacters = (url: URL) => url.pathname === "/characters.data";
  // Never answered, as on a connection that has died without saying so.
  await page.route(isCharacters, () => {});
  const asked = page.waitForRequest((request) => isCharacters(new URL(request.url())));
  // The wait is timed from the tap. The fake clock also runs with real time, and on a busy machine the
  // request and the bar below can follow the tap by seconds: the page's own clock says how long it was.
  const tappedAt = await page.evaluate(() => Date.now());
  await clientNavigate(page, "/characters");
  const slow = page.locator("[aria-live]").filter({ hasText: "That page is slow to come" }).locator("div");
  await asked;
  // The slim bar first: the indicators' code is here, and their timers run on the page's clock.
  await expect(page.getByRole("progressbar", { name: "Loading the next page" })).toBeVisible();
  // To 14 s after the tap, a second short of the 15 s that the notice waits.
  const waited = (await page.evaluate(() => Date.now())) - tappedAt;
  await page.clock.fastForward(Math.max(0, 14_000 - waited));
  // Two frames on: a notice set off by then would be on screen.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web novel");
  await expect(slow).toHaveCount(0);
  // Meanwhile the loading background covers the page, not the header: the reader can still go elsewhere.
  const loadingBackground = page.getByRole("status").filter({ hasText: "Loading…" });
  await expect(loadingBackground).toBeVisible();
  await page.getByRole("banner").getByRole("link", { name: "Manga" }).click({ trial: true });
  await page.clock.fastForward(3_000);
  await expect(slow).toBeVisible();
  await expect(slow).toContainText("this one stays until it does");
  // Said to be slow, the page that stays is there to read again.
  await expect(loadingBackground).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web novel");
  // Asked again, the page is waited for anew.
  await slow.getByRole("button", { name: "Try again" }).click();
  await expect(slow).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web novel");
  // What was waited for comes when the connection lets it through.
  await page.unroute(isCharacters);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Characters");
  await expect(slow).toHaveCount(0);
});

test("a held tap's retry that never answers says after a while that the page is slow, and can be tried again", async ({
  page,
}) => {
  await page.clock.install();
  await page.goto("/web_novel");
  await waitForHydration(page);
  const isCharacters = (url: URL) => url.pathname === "/characters.data";
  // Refused once, then never answered, as on a connection that has died without saying so.
  let asked = 0;
  await page.route(isCharacters, async (route) => {
    if (++asked === 1) await route.abort("failed");
  });
  await clientNavigate(page, "/characters");
  const failed = page
    .locator("[aria-live]")
    .filter({ hasText: /^That page/ })
    .locator("div");
  await expect(failed).toContainText("That page could not be loaded");
  // Held, it is not said to be slow however long it stays.
  await page.clock.fastForward(16_000);
  await expect(failed).toContainText("That page could not be loaded");

  await failed.getByRole("button", { name: "Try again" }).click();
  await expect.poll(() => asked).toBe(2);
  await expect(failed.getByRole("button", { name: "Trying again…" })).toBeDisabled();
  await page.clock.fastForward(16_000);
  await expect(failed).toContainText("That page is slow to come");
  await expect(failed.getByRole("button", { name: "Try again" })).toBeEnabled();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web novel");
  // What was waited for comes when the connection lets it through.
  await page.unroute(isCharacters);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Characters");
  await expect(failed).toHaveCount(0);
});

test("back to a page that cannot be fetched keeps the page on screen; 'Try again' opens it without a second history entry", async ({
  page,
}) => {
  await page.goto("/web_novel");
  await waitForHydration(page);
  await clientNavigate(page, "/characters");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Characters");
  const isWebNovel = (url: URL) => url.pathname === "/web_novel.data";
  await page.route(isWebNovel, (route) => route.abort("failed"));
  await page.goBack();
  const failed = navigationFailed(page);
  await expect(failed).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Characters");
  await page.unroute(isWebNovel);
  await failed.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web novel");
  // The entry back went to is the page's: forward still leads to the characters, and nothing else.
  await page.goForward();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Characters");
  await page.goForward();
  await expect(page).toHaveURL(/\/characters$/);
});

test("the tracker without its timeline says so under its header, and asks again at a tap or back online", async ({
  page,
  context,
}) => {
  const isTimeline = (url: URL) => url.pathname === "/resources/timeline";
  await page.route(isTimeline, (route) => route.abort("failed"));
  await page.goto("/web_novel");
  await waitForHydration(page);
  await clientNavigate(page, "/reading_tracker");
  const failed = page.getByRole("alert").filter({ hasText: "could not be loaded" });
  await expect(failed).toBeVisible();
  // The tracker's page, not the error page: its heading, and the way to sign in.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reading tracker");
  await expect(page.getByRole("link", { name: "Sign in to sync" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

  // Still failing: the tap is answered, the notice stays and says so.
  await page.getByRole("button", { name: "Load the tracker again" }).click();
  await expect(failed).toContainText("still could not be loaded");
  await page.unroute(isTimeline);
  await page.getByRole("button", { name: "Load the tracker again" }).click();
  await expect(page.getByLabel("Arc", { exact: true })).toBeVisible();
  await expect(failed).toHaveCount(0);

  // Loaded again with the connection gone: the page's own data fails too, and the notice stays, not the error page.
  await page.route(isTimeline, (route) => route.abort("internetdisconnected"));
  await page.goto("/reading_tracker?offline");
  await expect(failed).toBeVisible();
  await context.setOffline(true);
  await page.getByRole("button", { name: "Load the tracker again" }).click();
  await expect(failed).toContainText("still could not be loaded");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reading tracker");
  await context.setOffline(false);
  await page.unroute(isTimeline);

  // Opened again with the connection gone and no copy kept for it: the pickers come back by themselves.
  await page.route(isTimeline, (route) => route.abort("internetdisconnected"));
  await page.goto("/reading_tracker?again");
  await expect(failed).toBeVisible();
  await page.unroute(isTimeline);
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(page.getByLabel("Arc", { exact: true })).toBeVisible();
});

/** The web novel chapter a signed-in reader's account has reached. */
const inAccount = (page: Page) =>
  page.evaluate(
    async () =>
      ((await (await fetch("/resources/progress")).json()) as { progress: { webNovel: string | null } | null }).progress
        ?.webNovel ?? null,
  );

/** Progress saves the browser sends to the account from now on (on every tab of the reader's browser). */
function countSaves(page: Page) {
  const saves: string[] = [];
  page.context().on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/resources/progress")
      saves.push(JSON.parse(request.postData() ?? "{}").progress?.webNovel);
  });
  return saves;
}

/** Opens a page with "I have read up to here" and waits until what a click needs has been fetched (the page idle). */
async function openReadyToMark(page: Page, path: string) {
  const fetched = ["read-up-to.client-", "progress-save-", "toaster-"].map((chunk) =>
    page.waitForResponse((response) => response.url().includes(`/assets/${chunk}`)),
  );
  await page.goto(path);
  await Promise.all([waitForHydration(page), ...fetched]);
}

test("a tap on 'I have read up to here' whose code never came says it did nothing, and the button stays", async ({
  page,
  context,
}) => {
  // Offline before the page fetched the code that marks (it comes once the page is idle).
  await page.route("**/assets/read-up-to.client-*.js", (route) => route.abort("internetdisconnected"));
  await page.goto("/web_novel?arc=1");
  await waitForHydration(page);
  await context.setOffline(true);
  const row = page.locator(`#${unitAnchor(chapterKey(1, 2))}`);
  await row.getByRole("button", { name: "I have read up to here" }).click();
  await expect(row.getByRole("alert")).toHaveText("Not marked: check your connection, then try again.");
  await expect(row.getByRole("button", { name: "I have read up to here" })).toBeEnabled();
  expect(await page.evaluate(() => localStorage.getItem("rc:progress"))).toBeNull();
  await context.setOffline(false);
});

/** Marks a chapter of arc 1 read and lets its toast close, when a signed-in reader's account is sent the step. */
async function markRead(page: Page, chapter: number) {
  await page
    .locator(`#${unitAnchor(chapterKey(1, chapter))}`)
    .getByRole("button", { name: "I have read up to here" })
    .click();
  const toast = page.getByRole("region", { name: "Notifications (F8)" }).locator("li").first();
  await expect(toast).toContainText("Progress saved");
  const text = await toast.textContent();
  await toast.getByRole("button", { name: "Dismiss notification" }).click();
  return text;
}

withReader(
  "three chapters marked offline stay on the device and reach the account once, as one save, when it can be reached",
  async ({ reader }) => {
    const { page } = reader;
    await openReadyToMark(page, "/web_novel?arc=1");
    const saves = countSaves(page);
    await page.context().setOffline(true);
    for (const chapter of [3, 5, 8]) expect(await markRead(page, chapter)).toContain("Saved on this device");
    expect(saves).toEqual([]);

    // Back online but the account cannot be reached: still owed, and a reload does not lose it.
    await page.route("**/resources/progress", (route) =>
      route.request().method() === "POST" ? route.abort("failed") : route.fallback(),
    );
    await page.context().setOffline(false);
    await expect.poll(() => saves.length).toBe(1);
    await page.unroute("**/resources/progress");
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => inAccount(page)).toBe(chapterKey(1, 8));
    expect(saves).toEqual([chapterKey(1, 8), chapterKey(1, 8)]);
    await page.goto("/reading_tracker");
    await expect(page.getByLabel("Last chapter read")).toHaveValue(chapterKey(1, 8));
    expect(saves).toHaveLength(2);
  },
);

withReader(
  "a step marked offline is said to wait for the connection only while it is gone: its toast, still open, stops saying so when it returns",
  async ({ reader }) => {
    const { page } = reader;
    await openReadyToMark(page, "/web_novel?arc=1");
    await page.context().setOffline(true);
    await page
      .locator(`#${unitAnchor(chapterKey(1, 3))}`)
      .getByRole("button", { name: "I have read up to here" })
      .click();
    const toast = page.getByRole("region", { name: "Notifications (F8)" }).locator("li").first();
    await expect(toast).toContainText("will sync when you are back online");
    await page.context().setOffline(false);
    await expect(toast).not.toContainText("will sync");
    await expect(toast).toContainText("Everything up to here is marked as read.");
    await toast.getByRole("button", { name: "Dismiss notification" }).click();
    await expect.poll(() => inAccount(page)).toBe(chapterKey(1, 3));
  },
);

withReader("two tabs coming back online together send what was marked offline once", async ({ reader }) => {
  const { page } = reader;
  const other = await page.context().newPage();
  await other.goto("/anime");
  await waitForHydration(other);
  await openReadyToMark(page, "/web_novel?arc=1");
  const saves = countSaves(page);
  await page.context().setOffline(true);
  await markRead(page, 4);
  await page.context().setOffline(false);
  await expect.poll(() => inAccount(page)).toBe(chapterKey(1, 4));
  // Both tabs heard the connection return; one sent.
  await page.waitForTimeout(1000);
  expect(saves).toEqual([chapterKey(1, 4)]);
});

withReader(
  "a step the account has no room for yet (429) stays on the device, says so, and reaches the account by itself after Retry-After",
  async ({ reader }) => {
    const { page } = reader;
    await openReadyToMark(page, "/web_novel?arc=1");
    const saves = countSaves(page);
    // The account's limit on saves reached, once: the next save waits 2 seconds.
    let posted = 0;
    await page.route("**/resources/progress", (route) => {
      if (route.request().method() !== "POST" || ++posted > 1) return route.fallback();
      return route.fulfill({
        status: 429,
        headers: { "Retry-After": "2", "Content-Type": "application/json", "Cache-Control": "private, no-store" },
        body: JSON.stringify({ error: { message: "This account has saved its progress too often." } }),
      });
    });
    await markRead(page, 6);
    const notice = page.getByRole("region", { name: "Notifications (F8)" }).locator("li").first();
    await expect(notice).toContainText("Saved on this device");
    await expect(notice).toContainText("It has not reached your account yet");
    expect(await inAccount(page)).toBeNull();
    // Nothing was lost: the page's own record holds the step, and after the wait it goes by itself.
    await expect.poll(() => inAccount(page), { timeout: 10_000 }).toBe(chapterKey(1, 6));
    expect(saves).toEqual([chapterKey(1, 6), chapterKey(1, 6)]);
    expect(posted).toBe(2);
  },
);

/** The reader signs out on another device: the session of `page`'s browser, closed there. */
async function endSessionElsewhere(page: Page, browser: Browser, baseURL: string) {
  const elsewhere = await browser.newContext({ baseURL });
  await elsewhere.addCookies(await page.context().cookies());
  const closed = await elsewhere.request.post("/auth/logout", {
    headers: { Origin: baseURL },
    form: { redirectTo: "/" },
    maxRedirects: 0,
  });
  expect(closed.status()).toBe(302);
  await elsewhere.close();
}

withReader(
  "a step marked after the session ended elsewhere stays on the device, asks to sign in again, and reaches the account then",
  async ({ reader, browser, baseURL }) => {
    const { page } = reader;
    await openReadyToMark(page, "/web_novel?arc=1");
    await endSessionElsewhere(page, browser, baseURL!);

    await markRead(page, 7);
    const notice = page.getByRole("region", { name: "Notifications (F8)" }).locator("li").first();
    await expect(notice).toContainText("Your session has ended: sign in again and it will be sent to your account.");
    await notice.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fweb_novel%3Farc%3D1$/);
    await expect(page.getByText("Your session ended, so you are signed out here.")).toBeVisible();
    // Kept on this device meanwhile, and sent once the reader is signed in again.
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("rc:progress") ?? "null"))).toMatchObject({
      webNovel: chapterKey(1, 7),
    });
    await signIn(page, reader, page.url());
    await expect(page).toHaveURL(/\/web_novel\?arc=1$/);
    await expect.poll(() => inAccount(page), { timeout: 10_000 }).toBe(chapterKey(1, 7));
  },
);

withReader(
  "clearing the device after the session ended elsewhere keeps the step not yet sent, and says to sign in again first",
  async ({ reader, browser, baseURL }) => {
    const { page } = reader;
    await openReadyToMark(page, "/web_novel?arc=1");
    await endSessionElsewhere(page, browser, baseURL!);
    await markRead(page, 5);

    await page
      .getByRole("banner")
      .getByLabel(/^Account:/)
      .click();
    await page.getByRole("button", { name: "Sign out and clear this device", exact: true }).click();
    const said = page.getByRole("banner").getByRole("status").filter({ hasText: "Nothing was cleared" });
    await expect(said).toContainText("Your session has ended");
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("rc:progress") ?? "null"))).toMatchObject({
      webNovel: chapterKey(1, 5),
    });
    await said.getByRole("link", { name: "Sign in again" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fweb_novel%3Farc%3D1$/);
    await signIn(page, reader, page.url());
    await expect.poll(() => inAccount(page), { timeout: 10_000 }).toBe(chapterKey(1, 5));
  },
);

test("on a phone, a toast never covers the notice of what failed", async ({ page, context }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await context.addInitScript(
    (stored) => localStorage.setItem("rc:progress", stored),
    JSON.stringify({ ...emptyProgress, anime: "anime:2-3", updatedAt: "2024-01-01T00:00:00.000Z" }),
  );
  await page.goto("/anime?season=2");
  await waitForHydration(page);
  // The tap's code, and the toasts', are fetched once the page is idle: here before the connection goes.
  await expect
    .poll(() =>
      page.evaluate(() =>
        ["read-up-to.client-", "progress-save-", "toaster-"].every((chunk) =>
          performance.getEntriesByType("resource").some((entry) => entry.name.includes(`/assets/${chunk}`)),
        ),
      ),
    )
    .toBe(true);
  await context.setOffline(true);
  await page
    .locator(`#${unitAnchor("anime:2-4")}`)
    .getByRole("button", { name: "I have watched up to here" })
    .click();
  const toast = page.getByRole("region", { name: "Notifications (F8)" }).locator("li");
  await expect(toast).toContainText("Progress saved");
  await expect(notice(page)).toBeVisible();
  const [toastBox, noticeBox] = [await toast.first().boundingBox(), await notice(page).boundingBox()];
  expect(toastBox!.y + toastBox!.height <= noticeBox!.y || noticeBox!.y + noticeBox!.height <= toastBox!.y).toBe(true);
  await expect(notice(page).getByRole("button", { name: "Try again" })).toBeVisible();
  await context.setOffline(false);
});

test("the search box whose suggestions' code cannot be loaded keeps the page and what is typed, and still searches", async ({
  page,
}) => {
  const isSuggestionsCode = (url: URL) => /\/assets\/search-suggestions-[^/]*\.js$/.test(url.pathname);
  await page.route(isSuggestionsCode, (route) => route.abort("failed"));
  await page.goto("/web_novel");
  await waitForHydration(page);
  let loads = 0;
  page.on("load", () => loads++);
  const box = page.getByRole("combobox", { name: "Search the site" });
  await box.fill("lantern");
  await box.press("Space");
  await expect(box).toHaveValue("lantern ");
  expect(loads).toBe(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web novel");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=lantern/);
});
