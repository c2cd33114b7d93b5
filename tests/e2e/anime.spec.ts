import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { resolvePack } from "../../app/lib/content/resolve-pack";
import { episodeKey, unitAnchor } from "../../app/lib/content/units";
import { parsePackFolder } from "../../scripts/lib/content-pack-files";
import { waitForHydration } from "../support/browser";

/*
 * /anime behind the spoiler shield, against the demo pack the e2e stack imports: what an episode
 * adapts, its title and its change notes stay hidden until the reader's progress reaches it, runs
 * of hidden episodes are one line each, and "I have watched up to here" reveals an episode and the
 * ones before it. The texts come from the pack through the importer's own resolver.
 */

const { pack } = parsePackFolder("content/demo");
if (!pack) throw new Error("the demo content pack does not parse");
const { rows } = resolvePack(pack, "demo");

const episodesOf = (season: number) => rows.anime_episodes.filter((episode) => episode.season_number === season);
const notes = rows.adaptation_changes.flatMap((change) => (change.note ? [change.note] : []));
/** What /anime shows everyone: an episode named after its arc ("The Unburnt Wick") gives nothing away there. */
const publicOnPage = [...rows.arcs.map((arc) => arc.title), ...rows.anime_seasons.map((season) => season.title)];
/** Every text gated with an episode (its title and its change notes) that the page does not also say openly. */
const gated = [...rows.anime_episodes.map((episode) => episode.title), ...notes].filter((text) => !publicOnPage.some((open) => open.includes(text)));
const skipped = rows.adaptation_changes.filter((change) => change.computed && change.kind === "skipped");

const episode = (page: Page, season: number, number: number) => page.locator(`#${unitAnchor(episodeKey(season, number))}`);
const storedAnime = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem("rc:progress") ?? "{}").anime ?? null);

test("the demo pack has what these checks need: a skipped run in season 1 and notes of their own", () => {
  expect(skipped.map((change) => [change.episode_key, change.chapters_from, change.chapters_to])).toEqual([["anime:1-11", "wn:2-23", "wn:2-24"]]);
  expect(notes.length).toBeGreaterThanOrEqual(2);
  expect(gated.length).toBeGreaterThan(20);
});

test("the server renders no episode title or change note, in any season's page, its title or its description", async ({ request }) => {
  for (const season of rows.anime_seasons) {
    const html = await (await request.get(`/anime?season=${season.number}`)).text();
    const rendered = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "").replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, "&");
    for (const text of gated) expect(rendered, text).not.toContain(text);
    // The anchors the site search links to are there, hidden, for every episode of the season.
    for (const row of episodesOf(season.number)) expect(rendered).toContain(`id="${unitAnchor(row.key)}"`);
  }
});

test("a reader with no progress sees one line for the season's episodes and nothing gated; watching up to an episode reveals it and those before", async ({ page }) => {
  await page.goto("/anime");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Anime");
  const runs = page.locator('[data-spoiler="run"]');
  await expect(runs).toHaveCount(1);
  await expect(runs.first()).toHaveText(new RegExp(`^${episodesOf(1).length} episodes beyond your reading progress, which is not set yet`));
  const text = await page.evaluate(() => document.body.innerText);
  for (const title of gated) expect(text, title).not.toContain(title);
  // The season overview is public: what it covers and how much it skipped.
  await expect(page.locator("main")).toContainText("2 web novel chapters left out");

  // Shown on request, then "I have watched up to here" on episode 5.
  await runs.first().getByRole("button", { name: "Show them" }).click();
  await episode(page, 1, 5).getByRole("button", { name: "I have watched up to here" }).click();
  await expect.poll(() => storedAnime(page)).toBe("anime:1-5");

  await page.reload();
  await waitForHydration(page);
  for (const row of episodesOf(1)) {
    if (row.number <= 5) await expect(episode(page, 1, row.number)).toContainText(row.title);
    else await expect(episode(page, 1, row.number)).toBeHidden();
  }
  await expect(runs).toHaveCount(1);
  await expect(runs.first()).toHaveText(new RegExp(`^${episodesOf(1).length - 5} episodes beyond your reading progress\\.`));
  // What episodes 3 and 5 did differently, in the pack's words; the button is gone where progress already is.
  await expect(episode(page, 1, 5)).toContainText("Anime original");
  await expect(episode(page, 1, 3)).toContainText("Reordered");
  await expect(episode(page, 1, 3).getByRole("button", { name: "I have watched up to here" })).toHaveCount(0);
});

test("a reader who watched season 1 sees the chapters it skipped, linked to the web novel, and the episode's notes and shorts", async ({ page, context }) => {
  await context.addInitScript(() => localStorage.setItem("rc:spoiler-mode", "off"));
  await page.goto("/anime");
  await waitForHydration(page);
  const eleven = episode(page, 1, 11);
  const change = eleven.locator('[data-change="skipped"]');
  await expect(change).toContainText("Before this episode, the anime leaves out Arc 2 · Chapter 23 to Arc 2 · Chapter 24 (2 chapters).");
  await expect(change.getByRole("link", { name: "Arc 2 · Chapter 23" })).toHaveAttribute("href", "/web_novel?arc=2#wn-2-23");
  await expect(eleven.getByRole("link", { name: /Break Time|Everyone Writes Their Name/ })).toHaveAttribute("href", "/break_time?season=1#bt-1-10");
  await expect(eleven.getByRole("link", { name: /translation notes? for episode 11/ })).toHaveAttribute("href", /\/translation_meta\/anime_mistls\?season=1#episode-anime:1-11$/);
  // Episode 10 no longer reaches the chapters that were left out.
  await expect(episode(page, 1, 10)).toContainText("Adapts Arc 2 · Chapter 21 to Arc 2 · Chapter 22");
});

test("Break Time: an episode's shorts appear with it, one click marks it watched, and it links to its place on /anime", async ({ page }) => {
  await page.goto("/break_time");
  await waitForHydration(page);
  const runs = page.locator('[data-spoiler="run"]');
  await expect(runs.first()).toContainText(/^12 episodes and 10 Break Time shorts beyond your reading progress/);
  await runs.first().getByRole("button", { name: "Show them" }).click();
  const third = episode(page, 1, 3);
  await expect(third).toContainText("The Great Sweeping Championship");
  await third.getByRole("button", { name: "I have watched up to here" }).click();
  await expect.poll(() => storedAnime(page)).toBe("anime:1-3");
  await third.getByRole("link", { name: /On the anime page/ }).click();
  await expect(page).toHaveURL(/\/anime\?season=1#s1e3$/);
  await expect(episode(page, 1, 3)).toBeVisible();
  await expect(episode(page, 1, 4)).toBeHidden();
});

test("a web novel chapter's anime badge leads to the episode on /anime", async ({ page, context }) => {
  await context.addInitScript(() => localStorage.setItem("rc:spoiler-mode", "off"));
  await page.goto("/web_novel?arc=1");
  await waitForHydration(page);
  await page.locator("#wn-1-5").getByRole("link", { name: "Anime: Season 1 · Episode 1" }).click();
  await expect(page).toHaveURL(/\/anime\?season=1#s1e1$/);
  await expect(episode(page, 1, 1)).toContainText("The Unburnt Wick");
});

// The whole-site layout and axe suites see these pages as a new reader does (folded lines); this sees every episode.
test("with every episode shown, /anime's seasons and /break_time fit phones and have no serious or critical axe violation, light and dark", async ({ page, context }) => {
  test.slow();
  await context.addInitScript(() => localStorage.setItem("rc:spoiler-mode", "off"));
  const problems: string[] = [];
  for (const [path, season] of [["/anime", 1], ["/anime?season=2", 2], ["/break_time", 1]] as const) {
    for (const width of [320, 360, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      await waitForHydration(page);
      await expect(episode(page, season, 1)).toBeVisible();
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > width) problems.push(`${path} at ${width} px is ${scrollWidth} px wide`);
    }
    for (const colorScheme of ["light", "dark"] as const) {
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        await page.emulateMedia({ colorScheme });
        await page.goto(path);
        await waitForHydration(page);
        await expect(episode(page, season, 1)).toBeVisible();
        const { violations } = await new AxeBuilder({ page }).analyze();
        for (const violation of violations.filter((each) => each.impact === "serious" || each.impact === "critical")) {
          problems.push(`${path} ${colorScheme} ${width}px ${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
        }
      }
    }
  }
  expect(problems).toEqual([]);
});
