import type { Page } from "@playwright/test";
import type { Account } from "../support/auth";
import { expect, signIn, signOut, test } from "../support/auth";
import { seriousViolations } from "../support/axe";
import { showColorScheme, waitForHydration } from "../support/browser";
import { smallTapTargets } from "../support/tap-targets";

/** A fact of Ilse Marrow's that only a reader at arc 5 knows. */
const secret = "The shadow of the keeper Lanthe";
const prompt = (page: Page) =>
  page.getByRole("region", { name: "This device holds reading progress saved by another account" });

/** The progress the signed-in reader's account holds, as the site answers it. */
function accountProgress(page: Page) {
  return page.evaluate(
    async () =>
      ((await (await fetch("/resources/progress")).json()) as { progress: { webNovel: string | null } | null })
        .progress,
  );
}

/** Every key of this site in the browser's localStorage. */
function storedKeys(page: Page) {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith("rc:"))
      .sort(),
  );
}

/**
 * Reader A reads up to arc 5 on the tracker (saved to their account), starts a bug report and leaves it
 * unsent, then signs out without clearing the device.
 */
async function readerReadsAndLeaves(page: Page, readerA: Account) {
  await signIn(page, readerA);
  await page.goto("/reading_tracker");
  await waitForHydration(page);
  await expect(page.getByText("Your progress is saved to your account")).toBeVisible();
  await page.getByLabel("Arc", { exact: true }).selectOption({ label: "Arc 5: The Ashen Choir" });
  await page.getByLabel("Last chapter read").selectOption("wn:5-30");
  await expect.poll(async () => (await accountProgress(page))?.webNovel).toBe("wn:5-30");

  await page.goto("/feedback_hub/report_bug");
  await waitForHydration(page);
  await page.getByRole("textbox", { name: /^What happened\?/ }).fill("Reader A's private words");
  await expect
    .poll(() => page.evaluate((uid) => localStorage.getItem(`rc:draft:${uid}:bug`), readerA.uid))
    .toContain("Reader A's private words");

  await signOut(page);
  // Signing out forgets every draft; the progress stays on this device (the reader did not clear it).
  expect((await storedKeys(page)).filter((key) => key.startsWith("rc:draft"))).toEqual([]);
  expect(await storedKeys(page)).toEqual(expect.arrayContaining(["rc:progress", "rc:progress-owner"]));
}

test("on a shared browser the next reader's account takes nothing of the last one's unasked, and 'clear this device' leaves no progress", async ({
  page,
  accounts,
}) => {
  const [readerA, readerB] = await Promise.all([accounts.create("Reader A"), accounts.create("Reader B")]);
  await readerReadsAndLeaves(page, readerA);

  await signIn(page, readerB);
  await expect(prompt(page)).toBeVisible();
  await expect(prompt(page).getByRole("button", { name: "Add it to mine" })).toBeVisible();
  // Meanwhile the page shows reader B's own progress (none), and B's account holds none of A's.
  await page.goto("/characters/ilse-marrow");
  await waitForHydration(page);
  await expect(prompt(page)).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);
  expect(await accountProgress(page)).toBeNull();

  // Reader A's draft never opens in reader B's form.
  await page.goto("/feedback_hub/report_bug");
  await waitForHydration(page);
  await expect(page.getByRole("textbox", { name: /^What happened\?/ })).toHaveValue("");
  await expect(page.getByText("Your unsent draft was restored.")).toHaveCount(0);

  await prompt(page).getByRole("button", { name: "Keep it apart" }).click();
  await expect(prompt(page)).toHaveCount(0);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("textbox", { name: /^What happened\?/ })).toBeVisible();
  await expect(prompt(page)).toHaveCount(0);
  expect(await accountProgress(page)).toBeNull();

  await signOut(page, "Sign out and clear this device");
  expect(await storedKeys(page)).toEqual([]);
  await page.goto("/characters/ilse-marrow");
  await waitForHydration(page);
  await expect(page.getByText(secret)).toHaveCount(0);
});

test("the next reader adds the last one's progress on their yes, and clearing the device reaches a tab already open", async ({
  page,
  context,
  accounts,
}) => {
  const [readerA, readerB] = await Promise.all([accounts.create("Reader A"), accounts.create("Reader B")]);
  await readerReadsAndLeaves(page, readerA);
  await signIn(page, readerB);

  // On a 360 px phone, in light and dark: every choice is a full tap, and nothing serious for a screen reader.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(prompt(page)).toBeVisible();
  expect(await smallTapTargets(page, "section[aria-labelledby]")).toEqual([]);
  for (const colorScheme of ["light", "dark"] as const) {
    await showColorScheme(page, colorScheme);
    expect(await seriousViolations(page, { include: "section[aria-labelledby]" })).toEqual([]);
  }

  await prompt(page).getByRole("button", { name: "Add it to mine" }).click();
  await expect(prompt(page)).toHaveCount(0);
  await expect.poll(async () => (await accountProgress(page))?.webNovel).toBe("wn:5-30");

  // Another tab on a page the progress reveals hears of the clearing without a reload. Its sync with the
  // account is still under way then, and keeps nothing of the answer that comes after the clearing.
  const other = await context.newPage();
  let answerSync = () => {};
  const syncHeld = new Promise<void>((resolve) => (answerSync = resolve));
  let syncDone = () => {};
  const syncAnswered = new Promise<void>((resolve) => (syncDone = resolve));
  await other.route("**/resources/progress", async (route) => {
    if (route.request().method() !== "GET") return route.continue();
    // Asked of the account at once, answered late (or, should the tab have let the request go, not at all).
    const response = await route.fetch();
    await syncHeld;
    await route.fulfill({ response }).catch(() => {});
    syncDone();
  });
  await other.goto("/characters/ilse-marrow");
  await waitForHydration(other);
  await expect(other.getByText(secret)).toBeVisible();
  await signOut(page, "Sign out and clear this device");
  expect(await storedKeys(page)).toEqual([]);
  await expect(other.getByText(secret)).toHaveCount(0);
  answerSync();
  await syncAnswered;
  await other.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
  expect(await storedKeys(page)).toEqual([]);
  await expect(other.getByText(secret)).toHaveCount(0);
});

test("a tracker open in another tab starts over when the device is cleared, and its next change saves nothing of the last reader's", async ({
  page,
  context,
  accounts,
}) => {
  const reader = await accounts.create("Reader A");
  await signIn(page, reader);
  await page.goto("/reading_tracker");
  await waitForHydration(page);
  await page.getByLabel("Arc", { exact: true }).selectOption({ label: "Arc 5: The Ashen Choir" });
  await page.getByLabel("Last chapter read").selectOption("wn:5-30");
  await expect.poll(async () => (await accountProgress(page))?.webNovel).toBe("wn:5-30");

  const tracker = await context.newPage();
  await tracker.goto("/reading_tracker");
  await waitForHydration(tracker);
  await expect(tracker.getByLabel("Last chapter read")).toHaveValue("wn:5-30");
  await page.goto("/characters/ilse-marrow");
  await waitForHydration(page);
  await signOut(page, "Sign out and clear this device");

  await expect(tracker.getByLabel("Last chapter read")).toHaveValue("");
  await expect(tracker.getByLabel("Arc", { exact: true })).toHaveValue("");
  // The next change there stores only itself.
  await tracker.getByLabel("Season", { exact: true }).selectOption({ label: "Season 1: Lanternfall" });
  await tracker.getByLabel("Last episode watched").selectOption("anime:1-2");
  await expect
    .poll(() => tracker.evaluate(() => JSON.parse(localStorage.getItem("rc:progress") ?? "null")?.anime ?? null))
    .toBe("anime:1-2");
  expect(await tracker.evaluate(() => JSON.parse(localStorage.getItem("rc:progress") ?? "{}").webNovel)).toBeNull();
});
