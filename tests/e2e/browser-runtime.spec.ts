import { expect, type Page, test } from "@playwright/test";
import { storageKeys } from "../../app/lib/runtime/storage-keys";
import { baseURL } from "../../playwright.config";
import { waitForHydration } from "../support/browser";

test("a new deployment under an open page shows a toast with a reload action", async ({ page }) => {
  await page.goto("/");
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
  await page.goto("/reading_tracker");
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
  await page.goto("/reading_tracker#up-next");
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
  await page.goto("/reading_tracker");
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

/** The site reports another build than the page's: a deployment replaced it. */
async function deployedAnew(page: Page) {
  await page.route("**/builds/latest.json*", (route) =>
    route.fulfill({
      contentType: "application/json",
      body: JSON.stringify({ id: "a-newer-build", timestamp: new Date().toISOString() }),
    }),
  );
}

test("a chunk a new deployment replaced reloads the page once, then shows the error page instead of looping", async ({
  page,
}) => {
  // The tracker's own code is a part its page needs, loaded beside its timeline (its chunk alone: not
  // tracker-timeline-*.js, which the route's module imports).
  await page.route(/\/assets\/tracker-[\w-]{8}\.js$/, (route) => route.abort());
  await deployedAnew(page);
  let loads = 0;
  page.on("load", () => loads++);
  // Every document of the tab notes the reload guard it starts with in sessionStorage, which outlives
  // the reloads, so the last document can tell how many came before it.
  const guardKey = `${storageKeys.chunkReload.key}:/reading_tracker`;
  await page.addInitScript((key) => {
    const documents = JSON.parse(sessionStorage.getItem("e2e:documents") ?? "[]") as Array<string | null>;
    sessionStorage.setItem("e2e:documents", JSON.stringify([...documents, sessionStorage.getItem(key)]));
  }, guardKey);
  await page.goto("/reading_tracker");
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

test("a chunk the network failed, with no new deployment, reloads nothing: the page says so", async ({ page }) => {
  await page.route(/\/assets\/tracker-[\w-]{8}\.js$/, (route) => route.abort("connectionreset"));
  let loads = 0;
  page.on("load", () => loads++);
  await page.goto("/reading_tracker");
  await expect(page.getByText("Part of the site could not be loaded")).toBeVisible({ timeout: 15_000 });
  expect(loads).toBe(1);
  expect(
    await page.evaluate((key) => sessionStorage.getItem(key), `${storageKeys.chunkReload.key}:/reading_tracker`),
  ).toBeNull();
});
