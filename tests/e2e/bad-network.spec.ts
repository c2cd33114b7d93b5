import { expect, type Page, test } from "@playwright/test";
import { clientNavigate, waitForHydration } from "../support/browser";

/*
 * On a bad connection a reader keeps the page they have. A request made after the page rendered (what
 * the reader has seen, the header's suggestions) that fails leaves the page as it was, sealed where it
 * was sealed, with a notice and a retry; it is asked again by itself when the connection returns. Only
 * the page's own data failing shows the error page, and that offers a retry too.
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

const notice = (page: Page) => page.getByRole("status").filter({ hasText: "could not load what you have read" });

test.describe("a reader who asks to see spoilers blurred", () => {
  test.use({ viewport: { width: 360, height: 780 } });
  test.beforeEach(async ({ context }) => {
    // Blurring, the shield asks for every sealed item on every page: each page kind asks once.
    await context.addInitScript(() => localStorage.setItem("rc:spoiler-mode", "blur"));
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
    await page.goto("/anime");
    await waitForHydration(page);
    await page.clock.fastForward(16_000);
    await expect(notice(page)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Anime");
  });
});

test("the header's suggestions failing leave the page, and come on 'Try again'", async ({ page }) => {
  const isSuggestion = (url: URL) => url.pathname === "/search.data";
  await page.route(isSuggestion, (route) => route.abort("failed"));
  await page.goto("/web_novel");
  await waitForHydration(page);
  await page.getByRole("combobox", { name: "Search the site" }).fill("lantern");
  const failed = page.getByRole("status").filter({ hasText: "Suggestions could not be loaded." });
  await expect(failed).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web novel");
  await expect(page.getByRole("combobox", { name: "Search the site" })).toHaveValue("lantern");

  await page.unroute(isSuggestion);
  await failed.getByRole("button", { name: "Try again" }).click();
  await expect(failed).toHaveCount(0);
  await page.getByRole("combobox", { name: "Search the site" }).press("ArrowDown");
  await expect(page.getByRole("listbox", { name: "Suggestions" }).getByRole("option").first()).toBeVisible();
});

test("a page whose own data fails shows the error page with a retry that brings the page", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/web_novel");
  await waitForHydration(page);
  const isCharacters = (url: URL) => url.pathname === "/characters.data";
  await page.route(isCharacters, (route) => route.abort("failed"));
  await clientNavigate(page, "/characters");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The site could not be reached");
  // The error page comes in a new document: the reader's theme holds.
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.unroute(isCharacters);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Characters");
  await expect(page).toHaveURL(/\/characters$/);
});
