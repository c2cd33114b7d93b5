import type { Page } from "@playwright/test";
import { emptyProgress } from "../../app/lib/progress/record";
import { expect, signIn, test } from "../support/auth";
import { waitForHydration } from "../support/browser";

/** A fact about Ilse Marrow that only a reader past arc 2 knows (tests/e2e/tracker.spec.ts). */
const secret = "The shadow of the keeper Lanthe";

/** The web novel's last chapter read, set as a reader does: the arc, then the chapter in it. */
async function chooseChapter(page: Page, arc: string, chapter: string) {
  await page.getByLabel("Arc", { exact: true }).selectOption({ label: arc });
  await page.getByLabel("Last chapter read").selectOption(chapter);
}

/** The account's record, as the sign-in sync reads it. */
function accountProgress(page: Page) {
  return page.evaluate(
    async () =>
      (
        (await (await fetch("/resources/progress")).json()) as {
          progress: { webNovel: string | null; anime: string | null } | null;
        }
      ).progress,
  );
}

async function openTracker(page: Page) {
  await page.goto("/reading_tracker");
  await waitForHydration(page);
  await expect(page.getByText("Your progress is saved to your account")).toBeVisible();
}

const toast = (page: Page) => page.getByRole("region", { name: "Notifications (F8)" }).locator("li");

test("a reader sets progress back: it stays back after a reload and on another device, whose older place does not undo it", async ({
  browser,
  reader,
}) => {
  const laptop = reader.page;
  await openTracker(laptop);
  await chooseChapter(laptop, "Arc 5: The Ashen Choir", "wn:5-30");
  await expect.poll(async () => (await accountProgress(laptop))?.webNovel).toBe("wn:5-30");

  // The phone signs in and takes the account's place.
  const phoneContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  await signIn(phone, reader);
  await openTracker(phone);
  await expect(phone.getByLabel("Last chapter read")).toHaveValue("wn:5-30");

  // Arc 5 was a wrong pick: the reader sets the web novel back on the laptop, and is told so, with an Undo.
  await chooseChapter(laptop, "Arc 2: The Tallow Market", "wn:2-20");
  await expect(toast(laptop)).toContainText("Progress set back");
  await expect(toast(laptop).getByRole("button", { name: "Undo" })).toBeVisible();
  await expect.poll(async () => (await accountProgress(laptop))?.webNovel).toBe("wn:2-20");
  await laptop.reload();
  await waitForHydration(laptop);
  await expect(laptop.getByLabel("Last chapter read")).toHaveValue("wn:2-20");

  // The phone still shows arc 5 and saves an episode: its old web novel place does not push the account forward.
  await phone.getByLabel("Season", { exact: true }).selectOption({ label: "Season 1: Lanternfall" });
  await phone.getByLabel("Last episode watched").selectOption("anime:1-2");
  await expect(phone.getByLabel("Last chapter read")).toHaveValue("wn:2-20");
  await expect.poll(() => accountProgress(phone)).toMatchObject({ webNovel: "wn:2-20", anime: "anime:1-2" });
  await phone.reload();
  await waitForHydration(phone);
  await expect(phone.getByLabel("Last chapter read")).toHaveValue("wn:2-20");
  // The shield on the phone follows: what arc 5 revealed is hidden again.
  await phone.goto("/characters/ilse-marrow");
  await waitForHydration(phone);
  await expect(phone.getByText("Apprentice keeper of the Lantern Line")).toBeVisible();
  await expect(phone.getByText(secret)).toHaveCount(0);

  // The history lists the saves; the one at arc 5 is restored, on every device.
  await openTracker(laptop);
  await laptop.getByText("Your last saves").click();
  const saves = laptop.getByRole("list", { name: "Your last saves, newest first" }).getByRole("listitem");
  await expect(saves.first()).toContainText("Web novel: Arc 2 · Chapter 18 · Anime: Season 1 · Episode 2");
  await expect(saves.first()).toContainText("Your progress now");
  const atArc5 = saves.filter({ hasText: "Web novel: Arc 5 · Chapter 28" }).first();
  await atArc5.getByRole("button", { name: /^Restore your save of / }).click();
  await expect(toast(laptop)).toContainText("Progress restored");
  await expect(laptop.getByLabel("Last chapter read")).toHaveValue("wn:5-30");
  await expect.poll(async () => (await accountProgress(laptop))?.webNovel).toBe("wn:5-30");
  await phoneContext.close();
});

test("an import is undone, in this browser and in the account, from a toast that waits for the reader", async ({
  reader,
}) => {
  const page = reader.page;
  await openTracker(page);
  await chooseChapter(page, "Arc 2: The Tallow Market", "wn:2-20");
  await expect.poll(async () => (await accountProgress(page))?.webNovel).toBe("wn:2-20");

  // A progress file that overshoots: arc 5 and a season of the anime.
  const file = {
    version: 2,
    webNovel: "wn:5-30",
    lightNovels: [],
    sideStories: [],
    anime: "anime:1-12",
    breakTime: [],
    skipped: [],
    position: 0,
    updatedAt: new Date().toISOString(),
  };
  await page.getByLabel("Progress file or list export to import").setInputFiles({
    name: "progress.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(file)),
  });
  await expect(page.getByLabel("Last chapter read")).toHaveValue("wn:5-30");
  await expect(toast(page)).toContainText("Progress imported");
  await expect.poll(() => accountProgress(page)).toMatchObject({ webNovel: "wn:5-30", anime: "anime:1-12" });

  // An Undo toast outlasts a plain one's 5 s, and stays while the pointer rests on it.
  await page.waitForTimeout(6000);
  await expect(toast(page)).toContainText("Progress imported");
  await toast(page).hover();
  await page.waitForTimeout(6000);
  await expect(toast(page)).toContainText("Progress imported");
  await toast(page).getByRole("button", { name: "Undo" }).click();

  await expect(toast(page)).toContainText("Import undone");
  await expect(page.getByLabel("Last chapter read")).toHaveValue("wn:2-20");
  await expect(page.getByLabel("Last episode watched")).toHaveValue("");
  await expect.poll(() => accountProgress(page)).toMatchObject({ webNovel: "wn:2-20", anime: null });
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel("Last chapter read")).toHaveValue("wn:2-20");
});

test("a set-back made in one tab is where the next change in another tab starts", async ({ reader }) => {
  const first = reader.page;
  await openTracker(first);
  await chooseChapter(first, "Arc 5: The Ashen Choir", "wn:5-30");
  await expect.poll(async () => (await accountProgress(first))?.webNovel).toBe("wn:5-30");
  const second = await first.context().newPage();
  await openTracker(second);
  await expect(second.getByLabel("Last chapter read")).toHaveValue("wn:5-30");

  await chooseChapter(first, "Arc 2: The Tallow Market", "wn:2-20");
  await expect(second.getByLabel("Last chapter read")).toHaveValue("wn:2-20");
  // The other tab moves on in the anime: its old web novel place is not saved over the set-back.
  await second.getByLabel("Season", { exact: true }).selectOption({ label: "Season 1: Lanternfall" });
  await second.getByLabel("Last episode watched").selectOption("anime:1-2");
  await expect.poll(() => accountProgress(second)).toMatchObject({ webNovel: "wn:2-20", anime: "anime:1-2" });
  await expect(first.getByLabel("Last episode watched")).toHaveValue("anime:1-2");
});

test("what a reader reads on another device reaches this one on its next page, in the same tab", async ({
  browser,
  reader,
}) => {
  const laptop = reader.page;
  await openTracker(laptop);
  await chooseChapter(laptop, "Arc 2: The Tallow Market", "wn:2-20");
  await expect.poll(async () => (await accountProgress(laptop))?.webNovel).toBe("wn:2-20");
  await laptop.goto("/");
  await waitForHydration(laptop);
  const next = laptop.getByRole("region", { name: "Continue where you left off" });
  await expect(next).toContainText("Read Arc 2, chapter 19 next");

  // The phone reads on.
  const phoneContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  await signIn(phone, reader);
  await openTracker(phone);
  await chooseChapter(phone, "Arc 3: Cinder Academy", "wn:3-5");
  await expect.poll(async () => (await accountProgress(phone))?.webNovel).toBe("wn:3-5");
  await phoneContext.close();

  // The laptop's tab, a while later (its last sync more than a few seconds ago), opens its next page.
  await laptop.evaluate((uid) => sessionStorage.setItem(`rc:progress-synced:${uid}`, "0"), reader.uid);
  await laptop.reload();
  await waitForHydration(laptop);
  await expect(next).toContainText("Read Arc 3, chapter 5 next");
  await expect(next).not.toContainText("Arc 2, chapter 19");
});

test("on a train with no signal, a volume chosen by mistake on the tracker is undone from its toast", async ({
  page,
  context,
}) => {
  // A reader of the light novels up to volume 2 (set once: what the test changes stays through a reload).
  await page.addInitScript(
    (stored) => {
      if (!localStorage.getItem("rc:progress")) localStorage.setItem("rc:progress", stored);
    },
    JSON.stringify({ ...emptyProgress, lightNovels: ["ln:main-2"], position: 32 }),
  );
  await page.goto("/reading_tracker");
  await waitForHydration(page);
  const volume = page.getByLabel("Lanternfall: last volume");
  await expect(volume).toHaveValue("ln:main-2");
  // The reader reads the page a while (what it fetches once idle is here) before the signal goes.
  await page.waitForLoadState("networkidle");
  await context.setOffline(true);

  await volume.selectOption("ln:main-1");
  await expect(toast(page)).toContainText("Progress set back");
  await toast(page).getByRole("button", { name: "Undo" }).click();
  await expect(volume).toHaveValue("ln:main-2");
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("rc:progress")!).lightNovels))
    .toEqual(["ln:main-2"]);
});
