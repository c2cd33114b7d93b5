import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/auth";
import { seriousViolations } from "../support/axe";
import { waitForHydration } from "../support/browser";

/** A sample export under tests/fixtures/exports, as the reader's browser picks it. */
const exportFile = (name: string, buffer = readFileSync(`tests/fixtures/exports/${name}`)) => ({
  name,
  mimeType: "application/xml",
  buffer,
});

const pick = (page: Page, file: ReturnType<typeof exportFile>) =>
  page.getByLabel("Progress file or list export to import").setInputFiles(file);

const stored = (page: Page) => page.evaluate(() => localStorage.getItem("rc:progress"));

test.describe("importing a list from a tracking service on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test("the reader sees what the file would set before anything changes, imports it and sees their progress", async ({
    page,
  }) => {
    await page.goto("/reading_tracker");
    await waitForHydration(page);
    await page.getByLabel("Lanternfall: last volume").selectOption("ln:main-9");
    // A picker's change is stored just after the paint that shows it.
    await expect.poll(() => stored(page)).toContain('"ln:main-9"');
    const before = await stored(page);

    // The manga list: the web novel's chapters and the first collection's volumes, one entry not started, one of another series.
    await pick(page, exportFile("myanimelist-manga.xml"));
    const preview = page.getByRole("region", { name: "Import from MyAnimeList, AniList or Kitsu" });
    await expect(preview).toBeVisible();
    await expect(preview.getByRole("heading", { name: "Import from MyAnimeList, AniList or Kitsu" })).toBeFocused();
    await expect(preview).toContainText("Web novel: Arc 2 · Chapter 7 (you have not started)");
    await expect(preview).toContainText("Light novels: the file says Lanternfall 4, you are at Lanternfall 9");
    await expect(preview).toContainText("1 entry for this series with nothing watched or read yet: left out.");
    await expect(preview).toContainText("1 entry of other series in the file: left out.");
    // Places by their labels only: no title, nothing of the file's own text.
    await expect(preview).not.toContainText("Another Manga");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page, { include: "main section[aria-labelledby=service-import-heading]" })).toEqual(
      [],
    );

    // Cancel changes nothing.
    await preview.getByRole("button", { name: "Cancel" }).click();
    await expect(preview).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Import from a file" })).toBeFocused();
    await expect(page.getByLabel("Last chapter read")).toBeDisabled();
    expect(await stored(page)).toBe(before);

    // The anime list, compressed as MyAnimeList hands it out: imported, merged, kept.
    await pick(page, {
      ...exportFile(
        "animelist_1764000000_123456.xml.gz",
        gzipSync(readFileSync("tests/fixtures/exports/myanimelist-anime.xml")),
      ),
      mimeType: "application/gzip",
    });
    await expect(preview).toContainText("Anime: Season 2 · Episode 3 (you have not started)");
    await expect(preview).toContainText("2 entries of other series in the file: left out.");
    await preview.getByRole("button", { name: "Import" }).click();
    await expect(preview).toHaveCount(0);
    // The button pressed went with the preview: the keyboard goes on from where the import began.
    await expect(page.getByRole("button", { name: "Import from a file" })).toBeFocused();
    await expect(page.getByText("From MyAnimeList: Anime, Season 2 · Episode 3.", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Last episode watched")).toHaveValue("anime:2-3");
    await expect(page.getByLabel("Lanternfall: last volume")).toHaveValue("ln:main-9");
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByLabel("Last episode watched")).toHaveValue("anime:2-3");
    await expect(page.getByLabel("Lanternfall: last volume")).toHaveValue("ln:main-9");
  });

  test("a bad file is answered clearly and changes nothing", async ({ page }) => {
    await page.goto("/reading_tracker");
    await waitForHydration(page);
    await page.getByLabel("Lanternfall: last volume").selectOption("ln:main-2");
    // A picker's change is stored just after the paint that shows it.
    await expect.poll(() => stored(page)).toContain('"ln:main-2"');
    const before = await stored(page);
    const alert = page.getByRole("alert");

    await pick(page, exportFile("malformed.xml"));
    await expect(alert).toContainText("This file is not well-formed XML");
    await pick(page, exportFile("other-series.xml"));
    await expect(alert).toContainText("This export has nothing for this series");
    await pick(page, exportFile("not-a-list.xml"));
    await expect(alert).toContainText("is not a list export this site can read");
    await pick(page, {
      name: "list.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("title,chapter\nLanternfall,c45\n"),
    });
    // Neither JSON nor XML: named as neither this site's own export nor a service's.
    await expect(alert).toContainText("This file is not a progress export from this site, a MyAnimeList");
    await pick(page, {
      name: "Lanternfall - Novel Updates.html",
      mimeType: "text/html",
      buffer: readFileSync("tests/fixtures/exports/novel-updates-series-page.html"),
    });
    await expect(alert).toContainText(
      "This file comes from Novel Updates but is not your reading list saved as a page",
    );
    await pick(page, { name: "huge.xml", mimeType: "application/xml", buffer: Buffer.alloc(10_000_001, 0x20) });
    await expect(alert).toContainText("This file is too large");
    // A billion-laughs file is read as small as it is: its one real number is all it sets.
    await pick(page, exportFile("billion-laughs.xml"));
    await expect(page.getByRole("region", { name: "Import from MyAnimeList, AniList or Kitsu" })).toContainText(
      "Anime: Season 2 · Episode 2 (you have not started)",
    );
    await page.getByRole("button", { name: "Cancel" }).click();

    expect(await stored(page)).toBe(before);
    await expect(page.getByLabel("Lanternfall: last volume")).toHaveValue("ln:main-2");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test("the reader imports their Novel Updates reading list saved as a page", async ({ page }) => {
    await page.goto("/reading_tracker");
    await waitForHydration(page);
    await expect(page.getByText("your Novel Updates reading list saved as a page")).toBeVisible();

    await pick(page, {
      name: "Reading List - Novel Updates.html",
      mimeType: "text/html",
      buffer: readFileSync("tests/fixtures/exports/novel-updates-reading-list.html"),
    });
    const preview = page.getByRole("region", { name: "Import from Novel Updates" });
    await expect(preview.getByRole("heading", { name: "Import from Novel Updates" })).toBeFocused();
    // c45: the 45th web novel chapter in reading order; v3c2: volume 3 in progress, so the last volume read is 2.
    await expect(preview).toContainText("Web novel: Arc 2 · Chapter 12 (you have not started)");
    await expect(preview).toContainText("Light novels: Lanternfall 2 (you have not started)");
    await expect(preview).toContainText(
      "Your list says v3c2: volume 3 is in progress, so it stands for Lanternfall 2 as your last volume read.",
    );
    await expect(preview).toContainText("1 entry of other series in the file: left out.");
    await expect(preview).not.toContainText("Another Web Novel");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page, { include: "main section[aria-labelledby=service-import-heading]" })).toEqual(
      [],
    );

    await preview.getByRole("button", { name: "Import" }).click();
    await expect(preview).toHaveCount(0);
    await expect(
      page.getByText("From Novel Updates: Web novel, Arc 2 · Chapter 12; Light novels, Lanternfall 2.", {
        exact: true,
      }),
    ).toBeVisible();
    await expect(page.getByLabel("Lanternfall: last volume")).toHaveValue("ln:main-2");
    await expect(page.getByLabel("Last chapter read")).toHaveValue("wn:2-13");
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByLabel("Lanternfall: last volume")).toHaveValue("ln:main-2");
    await expect(page.getByLabel("Last chapter read")).toHaveValue("wn:2-13");
  });
});

/** Opens the tracker at a desktop's size and gives its "Import from a file" and the preview's heading. */
async function importAtDesktop(page: Page) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/reading_tracker");
  await waitForHydration(page);
  return {
    button: page.getByRole("button", { name: "Import from a file" }),
    heading: page.getByRole("heading", { name: "Import from MyAnimeList, AniList or Kitsu" }),
  };
}

test("a preview opened from the keyboard rings its heading, which has the focus", async ({ page }) => {
  const { button, heading } = await importAtDesktop(page);
  // The reader reaches the button from the keyboard; the file is picked in the system's dialog, which
  // the test's browser does not show when the key opens it: the file is given to the page's picker.
  await button.focus();
  await page.keyboard.press("Shift");
  await pick(page, exportFile("myanimelist-manga.xml"));
  await expect(heading).toBeFocused();
  // A sighted keyboard reader sees where focus went.
  await expect(heading).toHaveCSS("outline-style", "solid");
  await expect(heading).toHaveCSS("outline-width", "2px");
});

test("a preview opened by a click does not ring its heading, which has the focus", async ({ page }) => {
  const { button, heading } = await importAtDesktop(page);
  const chooser = page.waitForEvent("filechooser");
  await button.click();
  await (await chooser).setFiles(exportFile("myanimelist-manga.xml"));
  await expect(heading).toBeFocused();
  await expect(heading).toHaveCSS("outline-style", "none");
});
