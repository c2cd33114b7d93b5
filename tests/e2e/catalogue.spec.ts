import { expect, test } from "@playwright/test";
import { waitForHydration } from "../support/browser";

// These pages are about the content, not the spoiler shield (tests/e2e/tracker.spec.ts): show everything.
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem("rc:spoiler-mode", "off"));
});

// These run against the demo pack that the e2e stack imports (content/demo).

test("each catalogue page shows the pack's data", async ({ page }) => {
  for (const [path, heading, text] of [
    ["/web_novel", "Web novel", "The Unburnt Wick"],
    ["/light_novels", "Light novels", "ISBN"],
    ["/side_stories", "Side stories", "IF route"],
    ["/break_time", "Break Time", "Season 2"],
    ["/characters", "Characters", "Ilse Marrow"],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByText(text).first()).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${heading}`));
  }
});

test("an unknown slug answers 404; with the shield off the page asks for everything and says no one is there", async ({
  page,
}) => {
  const response = await page.goto("/characters/no-such-person");
  expect(response?.status()).toBe(404);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found: /characters/no-such-person");
  await expect(page).toHaveTitle(/^Page not found/);
});

test("an unknown arc or collection says what does not exist and leads to what does", async ({ page }) => {
  for (const [path, heading, choice, opens] of [
    ["/web_novel?arc=99", "Arc 99 does not exist", "Arc 2: The Tallow Market", "/web_novel?arc=2"],
    [
      "/light_novels?collection=zzz",
      "The collection “zzz” does not exist",
      "Lanternfall EX",
      "/light_novels?collection=ex",
    ],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await waitForHydration(page);
    await page.getByRole("link", { name: choice, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${opens.replace(/[?]/g, "\\?")}$`));
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(heading);
  }
});

test("from a character to their first chapter, to the volume that adapts it, and back", async ({ page }) => {
  await page.goto("/characters/corvin-hale");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Corvin Hale");
  await page.getByRole("link", { name: /Web novel\s*Arc 1 · Chapter 5/ }).click();
  await expect(page).toHaveURL(/\/web_novel\?arc=1#wn-1-5$/);
  const chapter = page.locator("#wn-1-5");
  await expect(chapter).toBeVisible();
  await chapter.getByRole("link", { name: /LN: Lanternfall 1/ }).click();
  await expect(page).toHaveURL(/\/light_novels\?collection=main#ln-main-1$/);
  const volume = page.locator("#ln-main-1");
  await expect(volume).toBeVisible();
  // The volume's coverage starts at the arc's prologue.
  await volume.getByRole("link", { name: "Arc 1 · Chapter 1 · Prologue", exact: true }).click();
  await expect(page).toHaveURL(/\/web_novel\?arc=1#wn-1-1$/);
  await page.goBack();
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/characters\/corvin-hale$/);
});

test("the catalogue filters keep their state in the URL", async ({ page }) => {
  await page.goto("/characters");
  await waitForHydration(page);
  await page.getByLabel("Name or alias").fill("ash warden");
  await expect(page).toHaveURL(/\?q=ash\+warden/);
  await expect(page.getByRole("link", { name: /Corvin Hale/ })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText("1 character");

  // A shared link shows the same result without JavaScript doing anything.
  await page.goto("/characters?affiliation=Wick+Guild");
  await expect(page.getByLabel("Affiliation")).toHaveValue("Wick Guild");
  await expect(page.getByRole("link", { name: /Ilse Marrow/ })).toBeVisible();
});

test("search finds a character by an alias, with and without suggestions", async ({ page }) => {
  await page.goto("/search?q=Gilt+Flame");
  await expect(page.getByRole("link", { name: /Sabine Ostrander/ })).toBeVisible();

  await page.goto("/");
  await waitForHydration(page);
  const box = page.getByRole("combobox", { name: "Search the site" });
  await box.fill("unburnt");
  const options = page.getByRole("option");
  await expect(options.filter({ hasText: "Ilse Marrow" })).toBeVisible();
  const titles = await options.allTextContents();
  const index = titles.findIndex((title) => title.startsWith("Ilse Marrow"));
  for (let step = 0; step <= index; step++) await box.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-activedescendant", new RegExp(`-${index}$`));
  await expect(options.nth(index)).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/characters\/ilse-marrow$/);
});

test("the header search works as a plain form without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("combobox", { name: "Search the site" }).fill("ash warden");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=ash\+warden/);
  // Without JavaScript the shield cannot know the reader's progress, so the name stays shielded.
  await expect(page.locator('a[href="/characters/corvin-hale"]')).toBeVisible();
  await context.close();
});
