import { expect, type Page, test } from "@playwright/test";
import { chapterKey, episodeKey, unitAnchor } from "../../app/lib/content/units";
import { test as withReader } from "../support/auth";
import { followRequests, waitForHydration } from "../support/browser";

/*
 * "I have read up to here" on a phone: the tap is confirmed by a toast with an Undo, the row that was
 * tapped stays where it was under the finger while the rows above it change, and Undo puts back the
 * progress the browser had before, in a signed-in reader's account too.
 */

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

const stored = (page: Page) => page.evaluate(() => localStorage.getItem("rc:progress"));
const latestToast = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" }).locator("li").first();
/** The web novel chapter a signed-in reader's account has reached. */
const inAccount = (page: Page) =>
  page.evaluate(
    async () =>
      ((await (await fetch("/resources/progress")).json()) as { progress: { webNovel: string | null } | null }).progress
        ?.webNovel ?? null,
  );

const cases = [
  {
    path: "/web_novel?arc=1",
    row: `#${unitAnchor(chapterKey(1, 8))}`,
    earlier: `#${unitAnchor(chapterKey(1, 3))}`,
    button: "I have read up to here",
    field: "webNovel",
    key: chapterKey(1, 8),
  },
  {
    path: "/anime?season=1",
    row: `#${unitAnchor(episodeKey(1, 8))}`,
    earlier: `#${unitAnchor(episodeKey(1, 3))}`,
    button: "I have watched up to here",
    field: "anime",
    key: episodeKey(1, 8),
  },
];

for (const { path, row, earlier, button, field, key } of cases) {
  test(`${path}: the tap is confirmed, the row stays under the finger, and Undo restores the progress`, async ({
    page,
    context,
  }) => {
    // Every title shown, so what changes above the row is the buttons alone.
    await context.addInitScript(() => localStorage.setItem("rc:spoiler-mode", "off"));
    const requests = followRequests(page);
    await page.goto(path);
    await waitForHydration(page);
    // The titles this reader may see have come: the page is as it stays before the tap.
    await requests.quiet();
    const tapped = page.locator(row);
    // The row in the middle of the screen, with rows above it that still offer the button.
    await tapped.evaluate((element) => element.scrollIntoView({ block: "center", behavior: "instant" }));
    await expect(page.locator(earlier).getByRole("button", { name: button })).toBeAttached();
    const before = await tapped.boundingBox();

    await tapped.getByRole("button", { name: button }).tap();
    const notice = page.getByRole("region", { name: "Notifications (F8)" }).locator("li").first();
    await expect(notice).toContainText("Progress saved");
    await expect.poll(async () => JSON.parse((await stored(page)) ?? "{}")[field]).toBe(key);
    await expect(page.locator(earlier).getByRole("button", { name: button })).toHaveCount(0);
    const after = await tapped.boundingBox();
    expect(Math.abs((after?.y ?? 0) - (before?.y ?? 0)), "how far the tapped row moved, in px").toBeLessThanOrEqual(1);

    await notice.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => stored(page)).toBeNull();
    await expect(page.locator(earlier).getByRole("button", { name: button })).toBeVisible();
    await expect(tapped.getByRole("button", { name: button })).toBeVisible();
  });
}

test("a chapter read up to says so in words of its own, beside a link that says where the chapter is read", async ({
  page,
}) => {
  await page.goto("/web_novel?arc=1");
  await waitForHydration(page);
  const row = page.locator(`#${unitAnchor(chapterKey(1, 8))}`);
  // Each button names its row by its place, for a reader going from button to button with a screen reader.
  await row.getByRole("button", { name: "I have read up to here: Chapter 7", exact: true }).tap();
  await expect(row.getByText(/^✓\s*Read up to here$/)).toBeVisible();
  await expect(
    page.locator(`#${unitAnchor(chapterKey(1, 2))}`).getByText("Read: Chapter 1", { exact: true }),
  ).toBeAttached();
  await expect(row.getByRole("link", { name: "Read Chapter 7 on lanternfall.example", exact: true })).toBeVisible();
});

withReader(
  "a signed-in reader's Undo takes the step back in the account too; a step kept reaches the account",
  async ({ reader }) => {
    const { page } = reader;
    const button = (chapter: number) =>
      page.locator(`#${unitAnchor(chapterKey(1, chapter))}`).getByRole("button", { name: "I have read up to here" });
    await page.goto("/web_novel?arc=1");
    await waitForHydration(page);

    // Kept: once the toast closes without Undo, the account has it.
    await button(3).tap();
    await latestToast(page).getByRole("button", { name: "Dismiss notification" }).click();
    await expect.poll(() => inAccount(page)).toBe(chapterKey(1, 3));

    // Undone: neither this browser nor the account keeps it, so the tracker, which merges the two, shows chapter 3.
    await button(8).tap();
    await expect.poll(async () => JSON.parse((await stored(page)) ?? "{}").webNovel).toBe(chapterKey(1, 8));
    await latestToast(page).getByRole("button", { name: "Undo" }).click();
    await expect.poll(async () => JSON.parse((await stored(page)) ?? "{}").webNovel).toBe(chapterKey(1, 3));
    await page.goto("/reading_tracker");
    await waitForHydration(page);
    await expect(page.getByLabel("Last chapter read")).toHaveValue(chapterKey(1, 3));
    expect(await inAccount(page)).toBe(chapterKey(1, 3));

    // Left before the toast closes: the step is saved as the page goes.
    await page.goto("/web_novel?arc=1");
    await waitForHydration(page);
    await button(5).tap();
    await expect(latestToast(page)).toContainText("Progress saved");
    await page.goto("/privacy_policy");
    await expect.poll(() => inAccount(page)).toBe(chapterKey(1, 5));
  },
);

test.describe("from the keyboard on a laptop", () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  // In arc 2, marked by a reader who has read nothing, the row is drawn anew as the page takes the progress.
  for (const [arc, chapter] of [
    [1, 8],
    [2, 6],
  ] as const) {
    test(`Enter on arc ${arc}'s button leaves focus on the row's “✓ Read up to here”, and Tab goes on from the row`, async ({
      page,
    }) => {
      await page.goto(`/web_novel?arc=${arc}`);
      await waitForHydration(page);
      const row = page.locator(`#${unitAnchor(chapterKey(arc, chapter))}`);
      await row.getByRole("button", { name: "I have read up to here" }).focus();
      await page.keyboard.press("Enter");
      // Not the page's body, where a screen reader has nothing to say and the next Tab starts over.
      await expect(page.locator(":focus")).toHaveText(/^✓\s*Read up to here$/);
      // Still there once the page has taken the new progress and the toast confirms it.
      await expect(latestToast(page)).toContainText("Progress saved");
      await expect(page.locator(":focus")).toHaveText(/^✓\s*Read up to here$/);
      expect(await row.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      await page.keyboard.press("Tab");
      expect(await row.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    });
  }
});

withReader(
  "a signed-in reader who marks a chapter and at once comments in its thread has the comment taken",
  async ({ reader }) => {
    const { page } = reader;
    const row = page.locator(`#${unitAnchor(chapterKey(1, 6))}`);
    await page.goto("/web_novel?arc=1");
    await waitForHydration(page);
    await row.getByRole("button", { name: "I have read up to here" }).tap();
    await expect(latestToast(page)).toContainText("Progress saved");

    // Straight from the row to its thread, while the toast and its Undo are still on screen: opening
    // another page closes it, as leaving the site does.
    await row.getByRole("link", { name: /^Discuss/ }).tap();
    await expect(page).toHaveURL(`/discuss/${chapterKey(1, 6)}`);
    await waitForHydration(page);
    // Posted well within the toast's 10 s: the step must have reached the account by now all the same.
    await page.getByLabel("Your comment").fill("Marked it and came straight here.");
    await page.getByRole("button", { name: "Post comment" }).click();
    await expect(latestToast(page)).toContainText("Comment posted");
    await expect(page.getByRole("main").getByText("Marked it and came straight here.")).toBeVisible();
  },
);
