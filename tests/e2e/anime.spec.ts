import { expect, type Page, test } from "@playwright/test";
import { parsePackFolder, resolvePack } from "../../pack";
import { episodeKey, readRevealers, unitAnchor } from "../../app/lib/content/units";
import { emptyProgress } from "../../app/lib/progress/record";
import { seriousViolations } from "../support/axe";
import { inBothThemes, waitForHydration } from "../support/browser";

/*
 * /anime and /break_time behind the spoiler shield, against the demo pack the e2e stack imports:
 * every episode is listed for everyone (number, date, what it adapts), its title once the reader has
 * reached it or chose to see titles of what they have not reached; the pack's notes on
 * what an adaptation changed and the Break Time shorts' titles the pack flags stay hidden until the reader has
 * seen what reveals them, and "I have watched up to here" reveals those of an episode and the ones
 * before it. The texts come from the pack through the importer's own resolver.
 */

const { pack } = parsePackFolder("content/demo");
if (!pack) throw new Error("the demo content pack does not parse");
const { rows } = resolvePack(pack, "demo");

// The demo titles every Break Time short.
const breakTimeShorts = rows.break_time_episodes.map((short) => ({ ...short, title: short.title! }));
// The demo titles every episode.
const episodesOf = (season: number) =>
  rows.anime_episodes
    .filter((episode) => episode.season_number === season)
    .map((episode) => ({ ...episode, title: episode.title! }));
const shortsOf = (season: number) => breakTimeShorts.filter((short) => short.season_number === season);
const notes = rows.adaptation_changes.flatMap((change) => (change.note ? [change.note] : []));
/** What the pages show everyone: an arc's or a season's title gives nothing away. */
const publicOnPage = [...rows.arcs.map((arc) => arc.title), ...rows.anime_seasons.map((season) => season.title)];
/** Episode titles the pages do not also say openly (an arc may be named as an episode is). */
const episodeTitles = (season: number) =>
  episodesOf(season).filter((row) => !publicOnPage.some((open) => open.includes(row.title)));
/** Every gated text of these pages (change notes, shorts' titles) that the page does not also say openly. */
const flaggedShorts = breakTimeShorts.filter((short) => short.title_revealed_by !== null);
/** What the anime made up in its anime-original episodes, each note gated by its episode. */
const originals = rows.anime_episodes.flatMap((episode) => (episode.original ? [episode.original] : []));
const gated = [...flaggedShorts.map((short) => short.title), ...notes, ...originals].filter(
  (text) => !publicOnPage.some((open) => open.includes(text)),
);
const skipped = rows.adaptation_changes.filter((change) => change.computed && change.kind === "skipped");
/** The scenes a season's recuts add, each a gated note on /anime (decision 45). */
const newScenesOf = (season: number) =>
  rows.anime_recut_episodes
    .filter((episode) => episode.season_number === season)
    .flatMap((episode) => JSON.parse(episode.new_scenes) as { note: string }[]);
/**
 * Gated items an /anime season shows: each note the pack wrote, each flagged short's title and each
 * recut's new scene (the OVAs, specials and films are named by label only, and listed on /anime/specials).
 */
/** The spoiler boxes on a season's page for a new reader: its notes, new scenes and originals (flagged short titles read "Title hidden", as every title does while titles are hidden). */
const gatedOnAnime = (season: number) =>
  rows.adaptation_changes.filter((change) => change.note && change.episode_key.startsWith(`anime:${season}-`)).length +
  newScenesOf(season).length +
  episodesOf(season).filter((episode) => episode.original).length;

const episode = (page: Page, season: number, number: number) =>
  page.locator(`#${unitAnchor(episodeKey(season, number))}`);
const storedAnime = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("rc:progress") ?? "{}").anime ?? null);

test("the demo pack has what these checks need: a skipped run in season 1, a chapter an intercut episode passed over, an anime-original episode and notes of their own", () => {
  expect(skipped.map((change) => [change.episode_key, change.chapters_from, change.chapters_to])).toEqual([
    ["anime:1-11", "wn:2-23", "wn:2-24"],
    ["anime:2-3", "wn:3-14", "wn:3-14"],
  ]);
  expect(notes.length).toBeGreaterThanOrEqual(2);
  expect(flaggedShorts.length).toBeGreaterThan(0);
  expect(originals.length).toBe(1);
  expect(gated.length).toBe(notes.length + flaggedShorts.length + originals.length);
});

test("the server renders every episode with its title hidden, and no change note or short title, in any season's page, its title or its description", async ({
  request,
}) => {
  for (const season of rows.anime_seasons) {
    for (const path of [`/anime?season=${season.number}`, `/break_time?season=${season.number}`]) {
      const html = await (await request.get(path)).text();
      // The whole response, hydration data included: it is sealed for a requester who knows nothing.
      const response = html
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&amp;/g, "&")
        .replace(/&quot;/g, '"');
      for (const text of gated) expect(response, `${path}: ${text}`).not.toContain(text);
      for (const row of episodesOf(season.number)) expect(response).toContain(`id="${unitAnchor(row.key)}"`);
      for (const row of episodeTitles(season.number))
        expect(response, `${path}: ${row.title}`).not.toContain(row.title);
    }
    // The anchors the site search links to are there for every short.
    const breakTime = await (await request.get(`/break_time?season=${season.number}`)).text();
    for (const short of shortsOf(season.number)) expect(breakTime).toContain(`id="${unitAnchor(short.key)}"`);
  }
});

test("a reader with no progress sees every episode and nothing gated; watching up to an episode reveals its notes and shorts and those before", async ({
  page,
}) => {
  await page.goto("/anime");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Anime");
  await expect(page.locator('[data-spoiler="run"]')).toHaveCount(0);
  // Every episode is there, its title hidden until the reader reaches it.
  for (const row of episodesOf(1)) await expect(episode(page, 1, row.number)).toContainText("Title hidden");
  for (const row of episodeTitles(1)) await expect(episode(page, 1, row.number)).not.toContainText(row.title);
  const hidden = page.locator('[data-spoiler="hidden"]');
  await expect(hidden).toHaveCount(gatedOnAnime(1));
  await expect(hidden.first()).toContainText("Set your progress");
  const text = await page.evaluate(() => document.body.innerText);
  for (const title of gated) expect(text, title).not.toContain(title);
  // The season overview is public: what it covers and how much it skipped; so is what each change is.
  await expect(page.locator("main")).toContainText("2 web novel chapters left out");
  await expect(episode(page, 1, 3)).toContainText("Reordered");

  // One note shown on request, then "I have watched up to here" on episode 5.
  const reordered = rows.adaptation_changes.find((change) => change.episode_key === episodeKey(1, 3) && change.note)!;
  await episode(page, 1, 3).locator('[data-change="reordered"]').getByRole("button", { name: "Show it" }).click();
  await expect(episode(page, 1, 3)).toContainText(reordered.note!);
  await episode(page, 1, 5).getByRole("button", { name: "I have watched up to here" }).click();
  await expect.poll(() => storedAnime(page)).toBe("anime:1-5");

  await page.reload();
  await waitForHydration(page);
  // What episodes 3 and 5 did differently, in the pack's words, and the shorts beside episodes 1 to 5.
  for (const change of rows.adaptation_changes.filter((each) => each.note && each.episode_key.startsWith("anime:1-"))) {
    await expect(page.locator("main")).toContainText(change.note!);
  }
  await expect(episode(page, 1, 5)).toContainText("Anime-original");
  // The titles of the episodes watched show; the later ones wait.
  for (const row of episodeTitles(1)) {
    if (row.number <= 5) await expect(episode(page, 1, row.number)).toContainText(row.title);
    else await expect(episode(page, 1, row.number)).not.toContainText(row.title);
  }
  // A short's title shows once its episode is watched; the later ones wait.
  const later = (short: (typeof flaggedShorts)[number]) => Number(short.accompanies?.split("-")[1]) > 5;
  for (const short of shortsOf(1)) {
    const accompanied = rows.anime_episodes.find((row) => row.key === short.accompanies)!;
    if (later(short)) await expect(episode(page, 1, accompanied.number)).not.toContainText(short.title);
    else await expect(episode(page, 1, accompanied.number)).toContainText(short.title);
  }
  // The recut's new scene is in its episode 3, which holds episode 6: it waits too (a later flagged short's
  // title reads "Title hidden", as every title the reader has not reached does).
  await expect(hidden).toHaveCount(
    newScenesOf(1).length +
      // The anime-original episode 13, not yet watched, keeps its note.
      originals.length,
  );
  // The button is gone where progress already is.
  await expect(episode(page, 1, 3).getByRole("button", { name: "I have watched up to here" })).toHaveCount(0);
});

test("a viewer partway through season 2 opens /anime and /break_time on it, in the one request for what they know; an address's season still wins", async ({
  page,
  context,
}) => {
  const stored = (anime: string) => JSON.stringify({ ...emptyProgress, anime });
  await context.addInitScript(
    (progress) => {
      if (!localStorage.getItem("rc:progress")) localStorage.setItem("rc:progress", progress);
    },
    stored(episodeKey(2, 5)),
  );
  const asked: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".data")) asked.push(request.url());
  });
  const fifth = episodesOf(2).find((row) => row.number === 5)!;
  for (const path of ["/anime", "/break_time"]) {
    asked.length = 0;
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.locator("#season-title")).toContainText("Season 2");
    await expect(episode(page, 2, 5)).toContainText(fifth.title);
    await expect(page.getByRole("navigation", { name: "Seasons" }).locator("[aria-current='page']")).toContainText(
      "Season 2",
    );
    // The address stays the page's own; its answer came in one request, which names the season.
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    expect(asked).toHaveLength(1);
    expect(new URL(asked[0]!).searchParams.get("season")).toBe("2");
  }
  // A season named in the address is the one shown.
  await page.goto("/anime?season=1");
  await waitForHydration(page);
  await expect(page.locator("#season-title")).toContainText("Season 1");
  await expect(episode(page, 1, 13)).toBeVisible();
  // A viewer who finished season 1 opens on season 2, where their next episode is.
  await page.evaluate((progress) => localStorage.setItem("rc:progress", progress), stored(episodeKey(1, 13)));
  await page.goto("/anime");
  await waitForHydration(page);
  await expect(page.locator("#season-title")).toContainText("Season 2");
  // The last season listed, watched to its end, is where the page stays.
  await page.evaluate((progress) => localStorage.setItem("rc:progress", progress), stored(episodeKey(2, 13)));
  await page.goto("/break_time");
  await waitForHydration(page);
  await expect(page.locator("#season-title")).toContainText("Season 2");
});

test("a viewer whose scripts never come still gets the season the page was sent with, after a wait", async ({
  page,
  context,
}) => {
  await context.addInitScript(
    (progress) => localStorage.setItem("rc:progress", progress),
    JSON.stringify({ ...emptyProgress, anime: episodeKey(2, 5) }),
  );
  await page.route(
    (url) => url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js"),
    (route) => route.abort("failed"),
  );
  for (const path of ["/anime", "/break_time"]) {
    await page.goto(path);
    // It waits, in its place, for a season that may be another...
    await expect(page.locator("#season-title")).toBeHidden();
    // ...and shows the one sent once the page's code has had its time.
    await expect(page.locator("#season-title")).toBeVisible({ timeout: 10_000 });
    await expect(page.locator("#season-title")).toContainText("Season 1");
  }
});

/** The season's episode that tells a side story beside its chapters, the story, and what the story reveals of a character. */
const tellsStory = rows.anime_episodes.find((row) => row.adapts_side_stories !== "[]")!;
const toldStory = rows.side_stories.find((story) => JSON.parse(tellsStory.adapts_side_stories).includes(story.key))!;
const storyFact = rows.character_facts.find((fact) => readRevealers(fact.revealed_by ?? "").includes(toldStory.key))!;

test("an episode that tells a side story: its viewers see the story's title on the episode and what the story reveals, a viewer before it neither", async ({
  page,
  context,
}) => {
  expect([tellsStory.key, toldStory.key, readRevealers(storyFact.revealed_by ?? "")]).toEqual([
    "anime:2-11",
    "ss:short-stories-2-1",
    expect.arrayContaining(["ss:short-stories-2-1", "anime:2-11"]),
  ]);
  const stored = (anime: string) => JSON.stringify({ ...emptyProgress, anime, updatedAt: "2024-01-01T00:00:00.000Z" });
  await context.addInitScript((progress) => {
    if (!localStorage.getItem("rc:progress")) localStorage.setItem("rc:progress", progress);
  }, stored("anime:2-10"));
  const character = `/characters/${storyFact.character_slug}`;
  // The server's page never carries the fact, whoever asks.
  expect(await (await page.request.get(character)).text()).not.toContain(storyFact.value);

  await page.goto("/anime?season=2");
  await waitForHydration(page);
  const eleven = episode(page, 2, 11);
  await expect(eleven).toContainText("Adapts Arc 4 · Chapter 20 to Arc 4 · Chapter 23 and Side story");
  await expect(eleven).not.toContainText(toldStory.title);
  await page.goto(character);
  await waitForHydration(page);
  await expect(page.locator("main")).not.toContainText(storyFact.value);

  await page.goto("/anime?season=2");
  await waitForHydration(page);
  await eleven.getByRole("button", { name: "I have watched up to here" }).click();
  await expect.poll(() => storedAnime(page)).toBe("anime:2-11");
  await expect(eleven).toContainText(`and ${toldStory.title}`);
  await page.goto(character);
  await waitForHydration(page);
  await expect(page.locator("main")).toContainText(storyFact.value);
});

test("a reader who watched season 1 sees the chapters it skipped, linked to the web novel, and the episode's notes and shorts", async ({
  page,
  context,
}) => {
  await context.addInitScript(() => localStorage.setItem("rc:spoiler-mode", "off"));
  await page.goto("/anime");
  await waitForHydration(page);
  const eleven = episode(page, 1, 11);
  const change = eleven.locator('[data-change="skipped"]');
  await expect(change).toContainText(
    "Before this episode, the anime leaves out Arc 2 · Chapter 21 to Arc 2 · Chapter 22 (2 chapters).",
  );
  await expect(change.getByRole("link", { name: "Arc 2 · Chapter 21" })).toHaveAttribute(
    "href",
    "/web_novel?arc=2#wn-2-23",
  );
  await expect(eleven.getByRole("link", { name: /Break Time|Everyone Writes Their Name/ })).toHaveAttribute(
    "href",
    "/break_time?season=1#bt-1-10",
  );
  await expect(eleven.getByRole("link", { name: /translation notes? for episode 11/ })).toHaveAttribute(
    "href",
    /\/translation_meta\/anime_mistls\?season=1#episode-anime:1-11$/,
  );
  // Episode 10 no longer reaches the chapters that were left out.
  await expect(episode(page, 1, 10)).toContainText("Adapts Arc 2 · Chapter 19 to Arc 2 · Chapter 20");
});

test("the end of a season names where the web novel goes on, and says so once the season is watched", async ({
  page,
}) => {
  // The season ends with an anime-original episode: the web novel goes on after the last chapter adapted.
  const last = episodesOf(1).at(-1)!;
  expect(last.adapts_to).toBeNull();
  const lastAdapted = rows.story_units.find(
    (unit) => unit.key === episodesOf(1).findLast((row) => row.adapts_to)!.adapts_to,
  )!;
  const readOn = rows.story_units
    .filter((unit) => unit.medium === "web_novel" && unit.position > lastAdapted.position)
    .sort((a, b) => a.position - b.position)[0]!;
  await page.goto("/anime");
  await waitForHydration(page);
  const box = page.locator("main p", { hasText: "the web novel" }).last();
  await expect(box).toContainText(`Finished Season 1? The web novel goes on from ${readOn.label}.`);
  await expect(box.getByRole("link", { name: readOn.label })).toHaveAttribute("href", readOn.path);

  await episode(page, 1, last.number).getByRole("button", { name: "I have watched up to here" }).click();
  await expect(box).toContainText(`You have watched Season 1. Read on in the web novel from ${readOn.label}`);
  await expect(box).toContainText("2 web novel chapters the season left out");
  // And what there is to watch next.
  await expect(box.getByRole("link", { name: "Season 2" })).toHaveAttribute("href", "/anime?season=2");
});

test("a season in parts lists its episodes under each part with its dates, the part's title once its first episode is watched", async ({
  page,
}) => {
  const parts = rows.anime_season_parts.filter((part) => part.season_number === 2);
  expect(parts.length).toBeGreaterThan(1);
  await page.goto("/anime?season=2");
  await waitForHydration(page);
  for (const part of parts) {
    const section = page.getByRole("region", { name: new RegExp(`^Part ${part.number}\\b`) });
    await expect(section.getByRole("heading", { level: 3 })).toHaveText(new RegExp(`^Part ${part.number}`));
    await expect(section).toContainText(`Episodes ${part.first_episode}–${part.last_episode} · aired`);
    const inPart = episodesOf(2).filter((row) => row.part_number === part.number);
    await expect(section.locator("li[id]")).toHaveCount(inPart.length);
  }
  // A part's title waits, as an episode's does, for its first episode.
  const titled = parts.find((part) => part.title !== null)!;
  const heading = page.locator(`#part-${titled.number}`);
  await expect(heading).toHaveText(`Part ${titled.number}: title hidden`);
  await episode(page, 2, titled.first_episode).getByRole("button", { name: "I have watched up to here" }).click();
  await expect.poll(() => storedAnime(page)).toBe(episodeKey(2, titled.first_episode));
  await page.reload();
  await waitForHydration(page);
  await expect(heading).toHaveText(`Part ${titled.number}: ${titled.title}`);
});

test("an episode says its broadcast by the broadcaster's date and local time, and its runtime only where it is not the season's", async ({
  page,
}) => {
  await page.goto("/anime?season=1");
  await waitForHydration(page);
  await expect(episode(page, 1, 1)).toContainText("Episode 1 · 4 Apr 2020, 22:00 Tokyo time · 90 min");
  // Listed as 24:30 on 9 May: dated by the clock in Tokyo.
  await expect(episode(page, 1, 6)).toContainText("Episode 6 · 10 May 2020, 00:30 Tokyo time");
  await expect(episode(page, 1, 2)).not.toContainText(" min");
  await expect(page.locator("main")).toContainText("24 min an episode");
});

test("Break Time: every short is listed, its title once its episode is watched or titles are shown, a flagged title only once watched, and it links to its place on /anime", async ({
  page,
}) => {
  const flagged = flaggedShorts.find((short) => short.season_number === 1)!;
  const accompanied = rows.anime_episodes.find((row) => row.key === flagged.accompanies)!;
  await page.goto("/break_time");
  await waitForHydration(page);
  await expect(page.locator('[data-spoiler="run"]')).toHaveCount(0);
  const hidden = page.locator('[data-spoiler="hidden"]');
  // A new reader sees where each title is, not what it says, and not which titles give something away:
  // a flagged one reads "Title hidden" as the others do.
  await expect(hidden).toHaveCount(0);
  await expect(episode(page, 1, accompanied.number)).toContainText("Title hidden");
  const third = episode(page, 1, 3);
  await expect(third).not.toContainText("The Great Sweeping Championship");
  await expect(third.getByText("Title hidden")).toHaveCount(2);
  // Titles that spoil nothing of themselves show, for every page, once the reader chooses to see them.
  await page.getByRole("button", { name: "Show them" }).click();
  await expect(third).toContainText("The Lantern Line");
  await expect(third).toContainText("The Great Sweeping Championship");
  await expect(hidden).toHaveCount(flaggedShorts.filter((short) => short.season_number === 1).length);
  const withFlagged = episode(page, 1, accompanied.number);
  await expect(withFlagged).not.toContainText(flagged.title);
  await withFlagged.getByRole("button", { name: "I have watched up to here" }).click();
  await expect.poll(() => storedAnime(page)).toBe(accompanied.key);
  // Revealed in place, in one request for what the reader now knows.
  await expect(withFlagged).toContainText(flagged.title);
  await expect(hidden).toHaveCount(0);
  await third.getByRole("link", { name: /On the anime page/ }).click();
  await expect(page).toHaveURL(/\/anime\?season=1#s1e3$/);
  await expect(episode(page, 1, 3)).toBeVisible();
  await expect(episode(page, 1, 4)).toContainText("A Gloam in the Bakery");
});

test("a web novel chapter's anime badge leads to the episode on /anime", async ({ page, context }) => {
  await context.addInitScript(() => localStorage.setItem("rc:spoiler-mode", "off"));
  await page.goto("/web_novel?arc=1");
  await waitForHydration(page);
  await page.locator("#wn-1-5").getByRole("link", { name: "Anime: Season 1 · Episode 1" }).click();
  await expect(page).toHaveURL(/\/anime\?season=1#s1e1$/);
  await expect(episode(page, 1, 1)).toContainText("The Unburnt Wick");
});

// The whole-site layout and axe suites see these pages as a new reader does (placeholders); this sees every note and short.
test("with every episode shown, /anime's seasons and /break_time fit phones and have no serious or critical axe violation, light and dark", async ({
  page,
  context,
}) => {
  test.setTimeout(240_000); // 12 page loads and 12 axe runs over long pages
  await context.addInitScript(() => localStorage.setItem("rc:spoiler-mode", "off"));
  const problems: string[] = [];
  for (const [path, season] of [
    ["/anime", 1],
    ["/anime?season=2", 2],
    ["/break_time", 1],
  ] as const) {
    const open = async () => {
      await page.goto(path);
      await waitForHydration(page);
      await expect(episode(page, season, 1)).toBeVisible();
    };
    const fits = async (width: number) => {
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > width) problems.push(`${path} at ${width} px is ${scrollWidth} px wide`);
    };
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await open();
      await fits(width);
    }
    await inBothThemes(page, open, async ({ width, colorScheme }) => {
      if (width < 400) await fits(width);
      for (const violation of await seriousViolations(page)) {
        problems.push(
          `${path} ${colorScheme} ${width}px ${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
        );
      }
    });
  }
  expect(problems).toEqual([]);
});

test("a season's overview counts every chapter it left out and every short, as the tracker and /break_time do", async ({
  page,
}) => {
  await page.goto("/anime?season=2");
  await waitForHydration(page);
  const overview = page.locator("main dl").first();
  // Episode 1 skips Arc 3 · Chapter 1 inside what it adapts (the pack says so); episode 3 leaves out
  // Arc 3 · Chapter 13 between its two runs (found at import).
  await expect(overview).toContainText("2 web novel chapters left out");
  // The last short is watched after the season's last episode, and airs with none.
  const shorts = breakTimeShorts.filter((short) => short.season_number === 2).length;
  await expect(overview).toContainText(`${shorts} shorts`);
  await page.goto("/break_time?season=2");
  await expect(page.locator("main")).toContainText(`${shorts} shorts`);
});
