import { expect, type Page, test } from "@playwright/test";
import { parsePackFolder, resolvePack } from "../../pack";
import { unitAnchor } from "../../app/lib/content/units";
import { emptyProgress, type Progress } from "../../app/lib/progress/record";
import { waitForHydration } from "../support/browser";

/*
 * A reader of the demo's manga and nothing else (decision 49): the series "wick" adapts arc 1 (its
 * chapter 3, whose title the pack flags, adapts wn:1-7 to wn:1-9; its extra "6.5" is manga-original; its
 * chapter 9 adapts wn:1-23 to wn:1-27; the arc opens with a prologue, so wn:1-7 is "Chapter 6"), the series "tallow" arc 2. Set on the tracker to the wick's
 * chapter 7, the reader sees what those chapters reveal on /manga, the web novel's page, a profile and in
 * search, and nothing of the chapters the manga has not reached, nor of the other series.
 */

const { pack } = parsePackFolder("content/demo");
if (!pack) throw new Error("the demo content pack does not parse");
const { rows } = resolvePack(pack, "demo");

const manga = (key: string) => rows.manga_chapters.find((row) => row.key === key)!;
const chapterTitle = (key: string) => rows.chapters.find((row) => row.key === key)!.title;
const fact = (label: string) => rows.character_facts.find((row) => row.label === label)!.value;
const chapter = (page: Page, key: string) => page.locator(`#${unitAnchor(key)}`);
const stored = (page: Page) =>
  page.evaluate(() => {
    const progress = JSON.parse(localStorage.getItem("rc:progress") ?? "{}");
    return { manga: progress.manga ?? [], webNovel: progress.webNovel ?? null, anime: progress.anime ?? null };
  });

test("a reader of the manga alone sets their place per series and sees what those chapters reveal, and nothing past them", async ({
  page,
}) => {
  await page.goto("/manga");
  await waitForHydration(page);
  // Before any progress: the flagged title and the extra's note wait; numbers, dates and what each adapts do not.
  await expect(chapter(page, "manga:wick-3")).not.toContainText(manga("manga:wick-3").title!);
  await expect(chapter(page, "manga:wick-3")).toContainText("Adapts Arc 1 · Chapter 6 to Arc 1 · Chapter 8");
  await expect(chapter(page, "manga:wick-7")).toContainText("Chapter 6.5");
  await expect(page.locator("main")).not.toContainText(manga("manga:wick-7").original!);
  // Dates at the precision known, and none made up.
  await expect(chapter(page, "manga:wick-1")).toContainText("12 Oct 2018");
  await expect(chapter(page, "manga:wick-2")).toContainText("Nov 2018");
  await expect(chapter(page, "manga:wick-7")).toContainText("date unknown");
  // The volume that spans two light novel volumes says so.
  await expect(page.locator('[data-manga-volume="2"]')).toContainText("ends partway through Lanternfall 2");

  await page.goto("/reading_tracker");
  await waitForHydration(page);
  const picker = page.getByLabel(/^Manga 1.*read up to$/);
  await picker.selectOption("manga:wick-8");
  await expect.poll(() => stored(page)).toEqual({ manga: ["manga:wick-8"], webNovel: null, anime: null });
  // The other series' picker is untouched.
  await expect(page.getByLabel(/^Manga 2.*read up to$/)).toHaveValue("");

  await page.goto("/manga?series=wick");
  await waitForHydration(page);
  await expect(chapter(page, "manga:wick-3")).toContainText(manga("manga:wick-3").title!);
  await expect(chapter(page, "manga:wick-7")).toContainText(manga("manga:wick-7").original!);
  // Read up to chapter 7 (its place 8): no button left to mark it again; chapter 9 has one.
  await expect(chapter(page, "manga:wick-8").getByRole("button", { name: "I have read up to here" })).toBeHidden();
  await expect(chapter(page, "manga:wick-9").getByRole("button", { name: "I have read up to here" })).toBeVisible();
  // Chapter 9 is not read: its title waits.
  await expect(chapter(page, "manga:wick-9")).toContainText("Title hidden");
  await expect(chapter(page, "manga:wick-9")).not.toContainText(manga("manga:wick-9").title!);

  // The web novel's flagged titles: those the manga told are shown, those it has not reached are not.
  await page.goto("/web_novel?arc=1");
  await waitForHydration(page);
  await expect(page.locator("main")).toContainText(chapterTitle("wn:1-8"));
  await expect(page.locator("main")).toContainText(chapterTitle("wn:1-19"));
  await expect(page.locator("main")).not.toContainText(chapterTitle("wn:1-25"));
  await expect(page.locator("main")).not.toContainText(chapterTitle("wn:1-28"));

  // A profile: met in the manga; what arc 5 reveals is hidden behind the shield's count.
  await page.goto("/characters/ilse-marrow");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Ilse Marrow", level: 1 })).toBeVisible();
  await expect(page.locator("main")).toContainText(/beyond what you have read or watched/);
  await expect(page.getByText(fact("Why her flame costs nothing"))).toHaveCount(0);
  await expect(page.getByText(fact("True nature"))).toHaveCount(0);

  // Search finds the flagged title the reader has read, and not the web novel's they have not.
  await page.goto(`/search?q=${encodeURIComponent("Lampwright")}`);
  await waitForHydration(page);
  await expect(page.locator("main")).toContainText(manga("manga:wick-3").title!);
  await page.goto(`/search?q=${encodeURIComponent("Bellringer")}`);
  await waitForHydration(page);
  await expect(page.locator("main")).not.toContainText(chapterTitle("wn:1-25"));
  await expect(page.locator("main")).not.toContainText(chapterTitle("wn:1-28"));

  // The other series, a line of its own, is not read at all.
  await page.goto("/manga?series=tallow");
  await waitForHydration(page);
  await expect(chapter(page, "manga:tallow-1")).toContainText("Title hidden");
  await expect(chapter(page, "manga:tallow-1")).not.toContainText(manga("manga:tallow-1").title!);
});

test("an anime viewer continues in the manga after the chapter their season reaches, the manga's own extra kept unread", async ({
  page,
}) => {
  await page.goto("/reading_tracker");
  await waitForHydration(page);
  await page.getByLabel("Season", { exact: true }).selectOption({ label: "Season 1: Lanternfall" });
  // Episode 5 reaches wn:1-28, which the manga's chapter 9 (its place 10) starts with.
  await page.getByLabel("Last episode watched").selectOption("anime:1-5");

  const offers = page.getByRole("region", { name: "Continue in another medium" });
  const offer = offers.getByRole("listitem").filter({ hasText: "Continue in the manga (Manga 1" }).first();
  await expect(offer).toContainText("Continue in the manga (Manga 1");
  // The series is named once: its chapters are then named within it.
  await expect(offer).toContainText("from Chapter 9.");
  await expect(offer).not.toContainText("Manga 1 · Chapter");
  await expect(offer.locator("[data-partway]")).toContainText(
    "Chapter 9 starts before Season 1 · Episode 5 ends, so it begins with what you have already watched.",
  );
  // The extra the manga made up is passed over, named by its place, and stays unread.
  await expect(offer.getByRole("listitem").filter({ hasText: /^Chapter 6\.5/ })).toHaveCount(1);
  await offer.getByRole("button", { name: /^Continue in the manga/ }).click();
  await expect.poll(() => stored(page)).toEqual({ manga: ["manga:wick-9"], webNovel: null, anime: "anime:1-5" });
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem("rc:progress") ?? "{}").skipped as string[]),
  ).toEqual(["manga:wick-7"]);

  // On /manga, after a reload: the chapters before the place are read, the extra is not, and its note waits.
  await page.goto("/manga?series=wick");
  await waitForHydration(page);
  await expect(chapter(page, "manga:wick-8")).toContainText(manga("manga:wick-8").title!);
  await expect(chapter(page, "manga:wick-7").getByRole("button", { name: "I have read up to here" })).toBeVisible();
  await expect(page.locator("main")).not.toContainText(manga("manga:wick-7").original!);
  await expect(chapter(page, "manga:wick-10").getByRole("button", { name: "I have read up to here" })).toBeVisible();
});

/** A character's page for a reader with these places, as the tracker stores them. */
async function profileFor(page: Page, slug: string, places: Partial<Progress>) {
  await page.addInitScript(
    (stored) => {
      localStorage.removeItem("rc:spoiler-mode");
      localStorage.setItem("rc:progress", stored);
    },
    JSON.stringify({ ...emptyProgress, ...places }),
  );
  await page.goto(`/characters/${slug}`);
  await waitForHydration(page);
}

const otherNames = (page: Page) => page.getByRole("list", { name: "Other names" }).getByRole("listitem");

test("a reader of the manga alone sees Pell by the manga's name, the others' labelled", async ({ page }) => {
  // The wick's chapter 3 adapts wn:1-8, where Pell is met.
  await profileFor(page, "pell-quill", { manga: ["manga:wick-3"] });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pelham Quill");
  await expect(page).toHaveTitle(/^Pelham Quill · /);
  await expect(otherNames(page)).toHaveText(["Pellam Quill in the web novel, the light novels and the anime"]);
});

test("a reader further in the web novel than in the manga sees the web novel's name", async ({ page }) => {
  await profileFor(page, "pell-quill", { webNovel: "wn:2-1", manga: ["manga:wick-3"] });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pellam Quill");
  await expect(otherNames(page)).toHaveText(["Pelham Quill in the manga"]);
  // Further in the manga than in the web novel: the manga's.
  await profileFor(page, "pell-quill", { webNovel: "wn:1-8", manga: ["manga:wick-8"] });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pelham Quill");
});
