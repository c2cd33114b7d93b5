import { expect, type Page, test } from "@playwright/test";
import { emptyProgress } from "../../app/lib/progress/record";
import { test as signedIn } from "../support/auth";
import { waitForHydration } from "../support/browser";
import { publicPages } from "../support/public-pages";
import { smallTapTargets } from "../support/tap-targets";

/*
 * Every control a reader taps is at least 44 × 44 px on a 360 px phone, the visible target or its hit
 * area (issue 36, item 14): each page is opened, and around every control the browser is asked what a
 * tap would reach (tests/support/tap-targets.ts). A finding names the control, its size and what a
 * tap beside it reaches instead.
 */

test.use({ viewport: { width: 360, height: 780 } });

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
}

async function smallTargetsOn(page: Page, paths: readonly string[]) {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await open(page, path);
    const small = await smallTapTargets(page);
    if (small.length) found[path] = small.slice(0, 5);
  }
  return found;
}

test("on every public page, for a new reader", async ({ page }) => {
  test.slow();
  expect(await smallTargetsOn(page, publicPages)).toEqual({});
});

test("in the phone's menu", async ({ page }) => {
  await open(page, "/");
  await page.getByRole("banner").getByLabel("Menu").click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  expect(await smallTapTargets(page, "header details[open] nav")).toEqual([]);
});

test("for a reader with progress: the shield's Show it, I have read up to here, and the not-met page", async ({
  page,
}) => {
  test.slow();
  const progress = {
    version: 2,
    webNovel: "wn:2-10",
    lightNovels: ["ln:main-2"],
    sideStories: [],
    anime: "anime:1-4",
    breakTime: [],
    skipped: [],
    position: 0,
    updatedAt: "2024-01-01T00:00:00.000Z",
  };
  await page.addInitScript((stored) => localStorage.setItem("rc:progress", stored), JSON.stringify(progress));
  const paths = [
    "/",
    "/web_novel?arc=2",
    "/light_novels",
    "/anime",
    "/break_time",
    "/characters",
    "/characters/ilse-marrow",
    "/characters/maelis-ashgrave",
    "/translation_meta/ln_mistls/main_v1",
    // The episodes the viewer has watched, each headed by its link and "Report a mistake in this episode".
    "/translation_meta/anime_mistls",
    "/search?q=ash",
    "/releases",
    "/reading_tracker",
  ];
  expect(await smallTargetsOn(page, paths)).toEqual({});
});

signedIn("for a signed-in reader: the account menu, the feedback hub and a report form", async ({ reader }) => {
  const { page } = reader;
  await page.setViewportSize({ width: 360, height: 780 });
  expect(
    await smallTargetsOn(page, ["/feedback_hub", "/feedback_hub/report_ln_mistl", "/feedback_hub/report_bug"]),
  ).toEqual({});
  await page
    .getByRole("banner")
    .getByLabel(/^Account:/)
    .click();
  await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
  expect(await smallTapTargets(page, "header details[open] > div")).toEqual([]);
});

test("on a toast: its Undo and its close button, the taps that take back a change", async ({ page }) => {
  // A reader of the light novels up to volume 2 (set once: what the test changes stays through a reload).
  await page.addInitScript(
    (stored) => {
      if (!localStorage.getItem("rc:progress")) localStorage.setItem("rc:progress", stored);
    },
    JSON.stringify({ ...emptyProgress, lightNovels: ["ln:main-2"], position: 32 }),
  );
  await open(page, "/reading_tracker");
  await page.getByLabel("Lanternfall: last volume").selectOption("ln:main-1");
  const toast = page.getByRole("region", { name: "Notifications (F8)" }).locator("li");
  await expect(toast).toContainText("Progress set back");
  await expect(toast.getByRole("button", { name: "Undo" })).toBeVisible();
  await expect(toast.getByRole("button", { name: "Dismiss notification" })).toBeVisible();
  // Polled: the toast slides in before it stays put. (The shell keeps an empty list of its own.)
  await expect.poll(() => smallTapTargets(page, ".notifications-list:has(li)")).toEqual([]);
});
