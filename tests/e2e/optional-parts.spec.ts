import { expect, type Page, test } from "@playwright/test";
import { chapterKey, unitAnchor } from "../../app/lib/content/units";
import { emptyProgress } from "../../app/lib/progress/record";
import { test as withReader } from "../support/auth";
import { waitForHydration } from "../support/browser";

/*
 * Parts a page loads only when it needs them: when one of them cannot be loaded (offline, a new
 * deployment), the page goes on without it. Nothing reloads under a reader who is acting, nothing is
 * lost, and the page never turns into an error.
 */

/** Counts the documents the tab loads from here on. */
function countLoads(page: Page) {
  const loads = { count: 0 };
  page.on("load", () => loads.count++);
  return loads;
}

test("without the toasts' code, 'I have read up to here' still saves, twice, and the page stays", async ({ page }) => {
  await page.route("**/assets/toaster-*.js", (route) => route.abort());
  const loads = countLoads(page);
  await page.goto("/web_novel?arc=1");
  await waitForHydration(page);
  for (const chapter of [3, 8]) {
    await page
      .locator(`#${unitAnchor(chapterKey(1, chapter))}`)
      .getByRole("button", { name: "I have read up to here" })
      .click();
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("rc:progress") ?? "{}").webNovel))
      .toBe(chapterKey(1, chapter));
  }
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Web novel");
  await expect(page.getByText("Application Error")).toHaveCount(0);
  expect(loads.count).toBe(1);
});

test("without the navigation bar's code, a click on a link still goes where it says", async ({ page }) => {
  await page.route("**/assets/navigation-indicators-*.js", (route) => route.abort());
  const loads = countLoads(page);
  await page.goto("/web_novel");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Characters" }).click();
  await expect(page).toHaveURL(/\/characters$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Characters");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Web novel" }).click();
  await expect(page).toHaveURL(/\/web_novel$/);
  expect(loads.count).toBe(1);
});

for (const [part, chunk] of [
  ["the browser runtime", "browser-runtime"],
  ["analytics", "analytics.client"],
] as const) {
  test(`without ${part}'s code (a content blocker refuses it), the page stays and its links work`, async ({ page }) => {
    let refuse = () => {};
    const refused = new Promise<void>((resolve) => (refuse = resolve));
    await page.route(`**/assets/${chunk}-*.js`, async (route) => {
      refuse();
      await route.abort();
    });
    const loads = countLoads(page);
    await page.goto("/side_stories");
    await waitForHydration(page);
    await refused;
    // Whatever the failure would set off (a reload, the error page) has happened once the network is quiet.
    await page.waitForLoadState("networkidle");
    expect(loads.count).toBe(1);
    await expect(page.getByText("Part of the site could not be loaded")).toHaveCount(0);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Characters" }).click();
    await expect(page).toHaveURL(/\/characters$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Characters");
    expect(loads.count).toBe(1);
  });
}

test("without the code that reads stored progress, the shield hides everything and still offers 'Show it'", async ({
  page,
}) => {
  await page.route("**/assets/read-stored-progress-*.js", (route) => route.abort());
  await page.addInitScript(
    (progress) => localStorage.setItem("rc:progress", progress),
    JSON.stringify({ ...emptyProgress, webNovel: chapterKey(3, 8) }),
  );
  const loads = countLoads(page);
  await page.goto("/characters/ilse-marrow");
  // No new deployment replaced the chunk: nothing reloads, and the page goes on without the reading.
  await waitForHydration(page);
  const showIt = page.getByRole("button", { name: /^Show (it|them)$/ }).first();
  await expect(showIt).toBeEnabled();
  await expect(page.getByText("Application Error")).toHaveCount(0);
  // What the browser kept is left as it was.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("rc:progress") ?? "{}").webNovel)).toBe(
    chapterKey(3, 8),
  );
  expect(loads.count).toBe(1);
});

withReader(
  "without the account menu's code, pointing at it changes nothing and opening it says so in place",
  async ({ reader }) => {
    const { page } = reader;
    await page.route("**/assets/account-panel-*.js", (route) => route.abort());
    await page.goto("/feedback_hub/form");
    await waitForHydration(page);
    const loads = countLoads(page);
    const search = page.getByRole("combobox", { name: /search/i }).first();
    await search.fill("lantern");
    const account = page.locator("summary[aria-label^='Account:']");
    await account.hover();
    await account.click();
    await expect(page.getByRole("alert").filter({ hasText: "The menu could not be loaded" })).toBeVisible();
    await expect(search).toHaveValue("lantern");
    expect(loads.count).toBe(0);
  },
);
