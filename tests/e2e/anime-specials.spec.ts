import { expect, test } from "@playwright/test";
import { parsePackFolder, resolvePack } from "../../pack";
import { unitAnchor } from "../../app/lib/content/units";
import { waitForHydration } from "../support/browser";

/*
 * A viewer of only the film, against the demo pack the e2e stack imports: the film
 * sp:film-1 tells the side story ss:blog-2015-01, whose reveal is Ilse's fact "First
 * lantern". Ticked on the tracker, the film shows its title and synopsis on /anime/specials and that fact on Ilse's
 * profile, and nothing else: no episode is watched with it, the anime-original OVA stays sealed until
 * "I have watched this" beside it.
 */

const { pack } = parsePackFolder("content/demo");
if (!pack) throw new Error("the demo content pack does not parse");
const { rows } = resolvePack(pack, "demo");

const FILM = "sp:film-1";
const OVA = "sp:ova-1";
// The demo titles every special.
const special = (key: string) => {
  const row = rows.anime_specials.find((each) => each.key === key)!;
  return { ...row, title: row.title! };
};
const fact = (label: string) => rows.character_facts.find((row) => row.label === label)!.value;
const firstEpisode = rows.anime_episodes.find((episode) => episode.key === "anime:1-1")!.title!;

test("a season names the specials watched after its episodes, and each opens where it is listed", async ({ page }) => {
  await page.goto("/anime");
  await waitForHydration(page);
  const specials = page.getByRole("region", { name: "OVAs, specials and films" });
  await expect(specials.getByRole("listitem")).toHaveCount(2);
  await specials.getByRole("link", { name: "OVA", exact: true }).click();
  await expect(page).toHaveURL(/\/anime\/specials\?special=ova-1#sp-ova-1$/);
  await expect(page.getByRole("heading", { level: 1, name: "OVAs, specials and films" })).toBeVisible();
  await expect(page.locator(`#${unitAnchor(OVA)}`)).toBeInViewport();
  // Every one is listed there, the one watched after no episode too.
  await expect(page.locator("[data-special]")).toHaveCount(3);
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Anime" }).click();
  await expect(page).toHaveURL(/\/anime$/);
  await page.getByRole("link", { name: "All 3 OVAs, specials and films" }).click();
  await expect(page).toHaveURL(/\/anime\/specials$/);
  // A special's address from before every view of /anime stopped listing them goes on to its new one.
  await page.goto("/anime#sp-special-1");
  await expect(page).toHaveURL(/\/anime\/specials\?special=special-1#sp-special-1$/);
  await expect(page.locator(`#${unitAnchor("sp:special-1")}`)).toBeInViewport();
});

test("a film ticked on the tracker shows itself and what its side story reveals, and no episode", async ({ page }) => {
  await page.goto("/anime/specials");
  await waitForHydration(page);
  const film = page.locator(`#${unitAnchor(FILM)}`);
  await expect(film).toContainText("Film");
  // Its kind is said once, over its title, not again in a badge of its own.
  await expect(film.locator("p", { hasText: "Watched after" })).not.toContainText("Film");
  await expect(film).not.toContainText(special(FILM).title);
  await expect(film).not.toContainText(special(FILM).synopsis!);

  await page.goto("/reading_tracker");
  await waitForHydration(page);
  const specials = page.getByRole("region", { name: "OVAs, specials and films" });
  // Named by its label: its title waits for its viewers.
  await specials.getByRole("checkbox", { name: "Anime · Film" }).check();
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("rc:progress") ?? "{}")))
    .toMatchObject({ animeSpecials: [FILM], anime: null });
  // Ticked, its title shows on the tracker too.
  await expect(specials.getByRole("checkbox", { name: special(FILM).title })).toBeChecked();

  await page.goto("/anime/specials");
  await waitForHydration(page);
  await expect(film).toContainText(special(FILM).title);
  await expect(film).toContainText(special(FILM).synopsis!);
  // Marked as watched where it is listed, with no button left to mark it again.
  await expect(film.getByRole("button", { name: "I have watched this" })).toBeHidden();
  // The OVA it does not tell stays sealed, and no episode was watched with it.
  const ova = page.locator(`#${unitAnchor(OVA)}`);
  await expect(ova).toContainText("Anime-original");
  await expect(ova).not.toContainText(special(OVA).synopsis!);
  await page.goto("/anime");
  await waitForHydration(page);
  await expect(page.locator(`#${unitAnchor("anime:1-1")}`)).not.toContainText(firstEpisode);

  await page.goto("/characters/ilse-marrow");
  await waitForHydration(page);
  await expect(page.getByText(fact("First lantern"))).toBeVisible();
  await expect(page.getByText(fact("Why her flame costs nothing"))).toHaveCount(0);
});

test('"I have watched this" ticks an OVA alone, and shows what it tells', async ({ page }) => {
  await page.goto("/anime/specials");
  await waitForHydration(page);
  const ova = page.locator(`#${unitAnchor(OVA)}`);
  await expect(ova).not.toContainText(special(OVA).synopsis!);
  // Its synopsis and what it tells, revealed by the same units, wait behind one shield, not two.
  await expect(ova).toContainText("What it is about is beyond what you have read or watched.");
  await expect(ova.getByRole("button", { name: "Show it" })).toHaveCount(1);
  await ova.getByRole("button", { name: "I have watched this" }).click();
  await expect(ova).toContainText(special(OVA).synopsis!);
  await expect(ova).toContainText(special(OVA).original!);
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("rc:progress") ?? "{}")))
    .toMatchObject({ animeSpecials: [OVA], anime: null });
  await page.goto("/anime");
  await waitForHydration(page);
  await expect(page.locator(`#${unitAnchor("anime:1-6")}`)).not.toContainText(
    rows.anime_episodes.find((episode) => episode.key === "anime:1-6")!.title!,
  );
});

test("a special says how many translation notes it has, and its count leads to them", async ({ page }) => {
  const lines = rows.anime_mistakes.filter((entry) => entry.episode_key === OVA);
  expect(lines).toHaveLength(1);
  await page.goto("/anime/specials");
  await waitForHydration(page);
  const ova = page.locator(`#${unitAnchor(OVA)}`);
  // The film and the almanac have none.
  for (const key of [FILM, "sp:special-1"]) {
    await expect(page.locator(`#${unitAnchor(key)}`)).toContainText("No translation notes yet");
    await expect(page.locator(`#${unitAnchor(key)}`).getByRole("link", { name: /translation note/ })).toHaveCount(0);
  }
  await ova.getByRole("button", { name: "I have watched this" }).click();
  // The pack's one, and any a report published on this stack since (tests/e2e/feedback.spec.ts).
  await ova.getByRole("link", { name: /^\d+ translation notes? for OVA$/ }).click();
  await expect(page).toHaveURL(/\/translation_meta\/anime_mistls\?season=specials#episode-sp:ova-1$/);
  const heading = page.getByRole("heading", { level: 3, name: `OVA: ${special(OVA).title}` });
  await expect(heading).toBeInViewport();
  await expect(page.getByText(lines[0]!.official)).toBeVisible();
});
