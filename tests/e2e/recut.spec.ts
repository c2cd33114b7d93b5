import { expect, type Page, test } from "@playwright/test";
import { parsePackFolder, resolvePack } from "../../pack";
import { episodeKey, recutEpisodeKey, unitAnchor } from "../../app/lib/content/units";
import { emptyProgress } from "../../app/lib/progress/record";
import { waitForHydration } from "../support/browser";

/*
 * A viewer of the demo's recut of season 1 and nothing else (decision 45): the recut's six episodes
 * each hold two of the season's twelve (episode 10 split across its episodes 5 and 6), and its episode 3
 * adds a scene. Marking the recut's episode N as watched reveals what the season's episodes it and those
 * before it hold reveal, and its new scenes, and nothing of the season's later episodes or season 2.
 */

const { pack } = parsePackFolder("content/demo");
if (!pack) throw new Error("the demo content pack does not parse");
const { rows } = resolvePack(pack, "demo");

const titleOf = (key: string) => rows.anime_episodes.find((row) => row.key === key)!.title!;
const recutTitleOf = (key: string) => rows.anime_recut_episodes.find((row) => row.key === key)!.title;
const newScene = (
  JSON.parse(rows.anime_recut_episodes.find((row) => row.number === 3)!.new_scenes) as { note: string }[]
)[0]!.note;
const chapterTitle = (key: string) => rows.chapters.find((row) => row.key === key)!.title;

const seasonEpisode = (page: Page, number: number) => page.locator(`#${unitAnchor(episodeKey(1, number))}`);
const recutEpisode = (page: Page, number: number) => page.locator(`#${unitAnchor(recutEpisodeKey(1, 1, number))}`);
const stored = (page: Page) =>
  page.evaluate(() => {
    const progress = JSON.parse(localStorage.getItem("rc:progress") ?? "{}");
    return { anime: progress.anime ?? null, recuts: progress.recuts ?? [] };
  });

test("a viewer of the recut alone marks its episodes watched, and sees exactly what the season's episodes they hold reveal", async ({
  page,
}) => {
  await page.goto("/anime?season=1");
  await waitForHydration(page);
  const recut = page.locator('[data-recut="1r1"]');
  await expect(recut.getByRole("heading", { name: "Lanternfall: Recut" })).toBeVisible();
  // What each recut episode holds is public, linked to the season's episodes.
  await expect(recutEpisode(page, 1)).toContainText("Holds Season 1 · Episode 1 and Season 1 · Episode 2");
  await expect(recutEpisode(page, 5)).toContainText("Season 1 · Episode 10 (part 1 of 2)");
  await expect(recutEpisode(page, 1)).not.toContainText(recutTitleOf(recutEpisodeKey(1, 1, 1)));
  await expect(page.locator("main")).not.toContainText(newScene);

  await recutEpisode(page, 1).getByRole("button", { name: "I have watched up to here" }).click();
  await expect.poll(() => stored(page)).toEqual({ anime: null, recuts: [recutEpisodeKey(1, 1, 1)] });
  await page.reload();
  await waitForHydration(page);
  // The season's episodes 1 and 2 are seen, through the recut, and marked as watched there; episode 3 is not.
  await expect(seasonEpisode(page, 1)).toContainText(titleOf("anime:1-1"));
  await expect(seasonEpisode(page, 2)).toContainText(titleOf("anime:1-2"));
  await expect(seasonEpisode(page, 3)).not.toContainText(titleOf("anime:1-3"));
  for (const number of [1, 2]) await expect(seasonEpisode(page, number)).toContainText("✓ Watched in the recut");
  await expect(seasonEpisode(page, 3).getByRole("button", { name: "I have watched up to here" })).toBeEnabled();
  await expect(seasonEpisode(page, 3)).not.toContainText("Watched in the recut");
  await expect(recutEpisode(page, 1)).toContainText(recutTitleOf(recutEpisodeKey(1, 1, 1)));
  await expect(recutEpisode(page, 2)).not.toContainText(recutTitleOf(recutEpisodeKey(1, 1, 2)));
  await expect(page.locator("main")).not.toContainText(newScene);

  // A chapter title the story flags is shown where the season's episode 2 adapts it, not past it.
  await page.goto("/web_novel?arc=1");
  await waitForHydration(page);
  await expect(page.locator("main")).toContainText(chapterTitle("wn:1-8"));
  await expect(page.locator("main")).not.toContainText(chapterTitle("wn:1-17"));

  // Season 2 is not seen at all.
  await page.goto("/anime?season=2");
  await waitForHydration(page);
  await expect(page.locator("main")).not.toContainText(titleOf("anime:2-1"));

  // The recut's episode 3 on the tracker: its new scene, and the season's episodes to 6.
  await page.goto("/reading_tracker");
  await waitForHydration(page);
  const picker = page.getByLabel("Lanternfall: Recut, watched up to");
  await expect(picker).toHaveValue(recutEpisodeKey(1, 1, 1));
  await picker.selectOption(recutEpisodeKey(1, 1, 3));
  await expect.poll(() => stored(page)).toEqual({ anime: null, recuts: [recutEpisodeKey(1, 1, 3)] });
  // The season's own picker is untouched.
  await expect(page.getByLabel("Last episode watched", { exact: true })).toHaveValue("");

  await page.goto("/anime?season=1");
  await waitForHydration(page);
  await expect(recutEpisode(page, 3)).toContainText(newScene);
  await expect(seasonEpisode(page, 6)).toContainText(titleOf("anime:1-6"));
  await expect(seasonEpisode(page, 7)).not.toContainText(titleOf("anime:1-7"));
  await expect(seasonEpisode(page, 6)).toContainText("Watched in the recut");
  await expect(seasonEpisode(page, 7).getByRole("button", { name: "I have watched up to here" })).toBeEnabled();
});

test("a season's episode split across the recut's episodes is marked watched in the recut only at its last part, on /anime and /break_time", async ({
  page,
}) => {
  await page.addInitScript(
    (stored) => localStorage.setItem("rc:progress", stored),
    JSON.stringify({ ...emptyProgress, recuts: [recutEpisodeKey(1, 1, 5)], updatedAt: "2024-01-01T00:00:00.000Z" }),
  );
  for (const path of ["/anime?season=1", "/break_time?season=1"]) {
    await page.goto(path);
    await waitForHydration(page);
    // Episode 9 is held whole by the recut's episode 5; episode 10 only its first part (the rest in episode 6).
    await expect(seasonEpisode(page, 9)).toContainText("Watched in the recut");
    await expect(seasonEpisode(page, 10).getByRole("button", { name: "I have watched up to here" })).toBeEnabled();
    await expect(seasonEpisode(page, 10)).not.toContainText("Watched");
  }
  // Marking the season's episode 10 takes the season's own place there: episodes before it read as reached.
  await seasonEpisode(page, 10).getByRole("button", { name: "I have watched up to here" }).click();
  await expect.poll(() => stored(page)).toEqual({ anime: episodeKey(1, 10), recuts: [recutEpisodeKey(1, 1, 5)] });
  await expect(seasonEpisode(page, 10)).toContainText("✓ Watched up to here");
  await expect(seasonEpisode(page, 9)).not.toContainText("Watched up to here");
  // Passed on the way, an episode's card says so in words (a ✓ alone would stand on its own line on a phone).
  await expect(seasonEpisode(page, 9)).toContainText("✓ Watched");
});

test("a viewer who watched the recut to its end is offered the season's episode it left out, then the next season", async ({
  page,
}) => {
  await page.addInitScript(
    (stored) => localStorage.setItem("rc:progress", stored),
    JSON.stringify({ ...emptyProgress, recuts: [recutEpisodeKey(1, 1, 6)], updatedAt: "2024-01-01T00:00:00.000Z" }),
  );
  // Home and the tracker name the same next episode.
  await page.goto("/");
  await waitForHydration(page);
  await expect(page.getByRole("region", { name: "Continue where you left off" })).toContainText(
    "Watch Season 1, episode 12.5 next",
  );
  await page.goto("/reading_tracker");
  await waitForHydration(page);
  const upNext = page.getByRole("region", { name: "Up next" });
  // The recut holds episodes 1 to 12; the season's recap, which the series calls 12.5, is one it left out.
  await expect(upNext.getByRole("link", { name: "Season 1 · Episode 12.5", exact: true })).toBeVisible();
  await expect(upNext).not.toContainText("Season 2 · Episode 1");
  await upNext.getByRole("listitem").filter({ hasText: "Season 1 · Episode 12.5" }).getByRole("button").click();
  await expect.poll(() => stored(page)).toEqual({ anime: episodeKey(1, 13), recuts: [recutEpisodeKey(1, 1, 6)] });
  await expect(upNext.getByRole("link", { name: "Season 2 · Episode 1", exact: true })).toBeVisible();
});
