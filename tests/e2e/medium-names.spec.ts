import { expect, type Page, test } from "@playwright/test";
import { emptyProgress, type Progress } from "../../app/lib/progress/record";
import { followRequests, waitForHydration } from "../support/browser";

/*
 * Names per medium, in the demo pack: Ferris Dunmore is "Felix Dunmore" in the anime and "Felis Dunmore"
 * in the fan translations; Nix is "Nyx" in the anime from anime:1-6 on. Each reader is shown the name of
 * the medium they follow first, the others labelled, with the shield as readers have it.
 */

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

test("a viewer who follows the anime sees Ferris by the anime's name, with the light novels' and the fan translations' labelled", async ({
  page,
}) => {
  await profileFor(page, "ferris-dunmore", { anime: "anime:1-4" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Felix Dunmore");
  await expect(page).toHaveTitle(/^Felix Dunmore · /);
  await expect(otherNames(page)).toHaveText([
    "Felis Dunmore in the web novel (fan translation) and the light novels (fan translation)",
    "Ferris Dunmore in the light novels (Cinderlight Press)",
  ]);
});

test("a reader further in the web novel than in the anime sees the web novel's name", async ({ page }) => {
  await profileFor(page, "ferris-dunmore", { webNovel: "wn:2-1", anime: "anime:1-4" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Felis Dunmore");
  await expect(otherNames(page)).toHaveText([
    "Ferris Dunmore in the light novels (Cinderlight Press)",
    "Felix Dunmore in the anime",
  ]);
});

test("a name the anime says only later is nowhere on the page before, and heads it after", async ({ page }) => {
  const requests = followRequests(page);
  await profileFor(page, "nix", { anime: "anime:1-5" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nix");
  await requests.quiet();
  expect(await page.content()).not.toContain("Nyx");
  await expect(page.getByRole("list", { name: "Other names" })).toHaveCount(0);

  await profileFor(page, "nix", { anime: "anime:1-6" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nyx");
  // The manga's chapter manga:wick-6 adapts wn:1-19, where Nix is met: it says the pack's name too.
  await expect(otherNames(page)).toHaveText(["Nix in the web novel, the light novels and the manga"]);
});

test("prose names a character as the reader knows them, and only once they know that name", async ({ page }) => {
  const requests = followRequests(page);
  await profileFor(page, "ferris-dunmore", { anime: "anime:1-5" });
  const toNix = page.getByRole("region", { name: "Relationships" }).getByRole("listitem").filter({ hasText: "bun" });
  await expect(toNix).toContainText("Still sends Nix a bun every morning.");
  await requests.quiet();
  expect(await page.content()).not.toContain("Nyx");

  await profileFor(page, "ferris-dunmore", { anime: "anime:1-6" });
  await expect(toNix).toContainText("Nyx");
  await expect(toNix).toContainText("Still sends Nyx a bun every morning.");
});

test("search and its suggestions name a character as the reader knows them, whichever of their names the words found", async ({
  page,
}) => {
  await page.addInitScript(
    (stored) => {
      localStorage.removeItem("rc:spoiler-mode");
      localStorage.setItem("rc:progress", stored);
    },
    JSON.stringify({ ...emptyProgress, anime: "anime:1-6" }),
  );
  await page.goto("/search?q=dunmore");
  await waitForHydration(page);
  const results = page.getByRole("main").getByRole("link", { name: /Dunmore/ });
  // Found by every name; the reader knows him by the anime's, so nothing else is said.
  await expect(results).toHaveCount(1);
  await expect(results).toContainText("Felix Dunmore");
  await expect(results).not.toContainText(/Felis|Ferris/);

  // Found only by a name the reader does not know him by: that name goes under his, with where it is said.
  await page.goto("/search?q=felis");
  await waitForHydration(page);
  await expect(page.getByRole("main").getByRole("link", { name: /Dunmore/ })).toContainText(
    /Felix Dunmore.*Felis Dunmore in the web novel \(fan translation\)/,
  );

  await page.getByRole("combobox", { name: "Search the site" }).fill("nix");
  const suggestion = page.getByRole("listbox", { name: "Suggestions" }).getByRole("option").first();
  await expect(suggestion).toContainText("Nyx");
  await expect(suggestion).toContainText("Also called Nix");
});
