import { expect, test } from "@playwright/test";
import { parsePackFolder, resolvePack } from "../../pack";
import { unitAnchor } from "../../app/lib/content/units";
import { waitForHydration } from "../support/browser";

/*
 * A viewer of only the film, against the demo pack the e2e stack imports: the film
 * sp:sardine-tin-lantern tells the side story ss:pells-first-lantern, whose reveal is Ilse's fact "First
 * lantern". Ticked on the tracker, the film shows its title and synopsis on /anime and that fact on Ilse's
 * profile, and nothing else: no episode is watched with it, the anime-original OVA stays sealed until
 * "I have watched this" beside it.
 */

const { pack } = parsePackFolder("content/demo");
if (!pack) throw new Error("the demo content pack does not parse");
const { rows } = resolvePack(pack, "demo");

const FILM = "sp:sardine-tin-lantern";
const OVA = "sp:paper-boats";
const special = (key: string) => rows.anime_specials.find((row) => row.key === key)!;
const fact = (label: string) => rows.character_facts.find((row) => row.label === label)!.value;
const firstEpisode = rows.anime_episodes.find((episode) => episode.key === "anime:1-1")!.title;

test("a film ticked on the tracker shows itself and what its side story reveals, and no episode", async ({ page }) => {
  await page.goto("/anime");
  await waitForHydration(page);
  const film = page.locator(`#${unitAnchor(FILM)}`);
  await expect(film).toContainText("Film");
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

  await page.goto("/anime");
  await waitForHydration(page);
  await expect(film).toContainText(special(FILM).title);
  await expect(film).toContainText(special(FILM).synopsis!);
  // Marked as watched where it is listed, with no button left to mark it again.
  await expect(film.getByRole("button", { name: "I have watched this" })).toBeHidden();
  // No episode was watched with it, and the OVA it does not tell stays sealed.
  await expect(page.locator(`#${unitAnchor("anime:1-1")}`)).not.toContainText(firstEpisode);
  const ova = page.locator(`#${unitAnchor(OVA)}`);
  await expect(ova).toContainText("Anime-original");
  await expect(ova).not.toContainText(special(OVA).synopsis!);

  await page.goto("/characters/ilse-marrow");
  await waitForHydration(page);
  await expect(page.getByText(fact("First lantern"))).toBeVisible();
  await expect(page.getByText(fact("Why her flame costs nothing"))).toHaveCount(0);
});

test('"I have watched this" ticks an OVA alone, and shows what it tells', async ({ page }) => {
  await page.goto("/anime");
  await waitForHydration(page);
  const ova = page.locator(`#${unitAnchor(OVA)}`);
  await expect(ova).not.toContainText(special(OVA).synopsis!);
  await ova.getByRole("button", { name: "I have watched this" }).click();
  await expect(ova).toContainText(special(OVA).synopsis!);
  await expect(ova).toContainText(special(OVA).original!);
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("rc:progress") ?? "{}")))
    .toMatchObject({ animeSpecials: [OVA], anime: null });
  await expect(page.locator(`#${unitAnchor("anime:1-6")}`)).not.toContainText(
    rows.anime_episodes.find((episode) => episode.key === "anime:1-6")!.title,
  );
});
