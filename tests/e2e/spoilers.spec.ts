import { expect, type Page, test } from "@playwright/test";
import { areas, footerLinks } from "../../app/lib/areas";
import { resolvePack } from "../../app/lib/content/resolve-pack";
import { chapterKey, episodeKey, unitAnchor, volumeKey } from "../../app/lib/content/units";
import { volumeSlugFromKey } from "../../app/lib/mistakes";
import { parsePackFolder } from "../../scripts/lib/content-pack-files";
import { waitForHydration } from "../support/browser";

/*
 * The spoiler shield's promise, checked over the whole site: for readers at several points of the
 * story, no text gated beyond their point is visible on any public page or in the header's
 * suggestions, and the server's HTML (outside the hydration data), page titles, meta descriptions and
 * the feed hold no gated text at all. The gated texts come from the demo content pack itself, read
 * and resolved by the importer's own code.
 */

const { pack } = parsePackFolder("content/demo");
if (!pack) throw new Error("the demo content pack does not parse");
const { rows } = resolvePack(pack, "demo");

interface Gated {
  text: string;
  revealAt: number;
  where: string;
}

/** Every piece of text the pack gates, with where it stops being a spoiler. */
const allGated: Gated[] = [
  ...rows.chapters.flatMap((chapter) =>
    chapter.title_reveal_position === null ? [] : [{ text: chapter.title, revealAt: chapter.title_reveal_position, where: `title of ${chapter.key}` }],
  ),
  ...rows.character_facts.flatMap((fact) =>
    fact.reveal_position === null ? [] : [{ text: fact.value, revealAt: fact.reveal_position, where: `fact of ${fact.character_slug}` }],
  ),
  ...rows.character_relationships.flatMap((relationship) =>
    relationship.reveal_position === null
      ? []
      : [{ text: relationship.description, revealAt: relationship.reveal_position, where: `relationship of ${relationship.character_slug}` }],
  ),
  ...[...rows.ln_mistakes, ...rows.anime_mistakes].flatMap((entry) =>
    [entry.official, entry.suggested, entry.explanation].map((text) => ({ text, revealAt: entry.reveal_position, where: `entry ${entry.id}` })),
  ),
  // An episode is gated whole at its story position (decision 18): its titles and what the adaptation changed in it.
  ...rows.anime_episodes.flatMap((episode) =>
    [episode.title, episode.original_title].flatMap((text) => (text ? [{ text, revealAt: episode.position, where: `title of ${episode.key}` }] : [])),
  ),
  // A Break Time short is gated with the episode it accompanies.
  ...rows.break_time_episodes.flatMap((short) => {
    const episode = rows.anime_episodes.find((candidate) => candidate.key === short.accompanies);
    return episode ? [{ text: short.title, revealAt: episode.position, where: `title of ${short.key}` }] : [];
  }),
  ...rows.adaptation_changes.flatMap((change) => {
    const episode = rows.anime_episodes.find((candidate) => candidate.key === change.episode_key);
    return change.note && episode ? [{ text: change.note, revealAt: episode.position, where: `change note of ${change.episode_key}` }] : [];
  }),
];

/** Every string the pack holds that is not gated: a gated text found inside one of these proves nothing. */
const publicTexts = (() => {
  // The fields that hold gated text, per table; every other field of the pack is said openly. The
  // search index only repeats other tables' texts, gated ones included, so it is left out.
  const gatedFields: Record<string, (row: Record<string, unknown>) => string[]> = {
    chapters: (row) => (row.title_reveal_position === null ? [] : ["title"]),
    character_facts: (row) => (row.reveal_position === null ? [] : ["value"]),
    character_relationships: (row) => (row.reveal_position === null ? [] : ["description"]),
    ln_mistakes: () => ["official", "suggested", "explanation"],
    anime_mistakes: () => ["official", "suggested", "explanation"],
    anime_episodes: () => ["title", "original_title"],
    adaptation_changes: () => ["note"],
    break_time_episodes: () => ["title"],
  };
  const strings: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string") strings.push(value.toLowerCase());
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  for (const [table, tableRows] of Object.entries(rows)) {
    if (table === "search_entries" || !Array.isArray(tableRows)) continue;
    for (const row of tableRows as Array<Record<string, unknown>>) {
      const skipped = gatedFields[table]?.(row) ?? [];
      for (const [column, value] of Object.entries(row)) if (!skipped.includes(column)) walk(value);
    }
  }
  return strings;
})();

/** The gated texts a page check can rely on: long enough to be distinctive and not also said openly. */
const gated = allGated.filter(({ text }) => text.length >= 10 && !publicTexts.some((open) => open.includes(text.toLowerCase())));

const positionOf = (key: string) => {
  const unit = rows.story_units.find((each) => each.key === key);
  if (!unit) throw new Error(`${key} is not in the demo pack`);
  return unit.position;
};

/** Readers at several points of the story, as the tracker stores them (rc:progress). */
const readers = [
  { name: "a reader with no progress", webNovel: null, anime: null, lightNovels: {} },
  { name: "a reader part-way through arc 2", webNovel: chapterKey(2, 20), anime: null, lightNovels: {} },
  { name: "a reader in arc 5 who watched into season 1", webNovel: chapterKey(5, 10), anime: episodeKey(1, 6), lightNovels: { main: 6 } },
].map((reader) => {
  const reached = [reader.webNovel, reader.anime, ...Object.entries(reader.lightNovels).map(([code, volume]) => volumeKey(code, volume))];
  const position = Math.max(0, ...reached.filter((key): key is string => key !== null).map(positionOf));
  return { ...reader, position };
});

/** Every public page: the areas, and each arc, collection, character profile and volume of notes the pack has. */
const pages = [
  "/",
  ...areas.map((area) => area.path),
  ...footerLinks.map((link) => link.path),
  ...rows.arcs.map((arc) => `/web_novel?arc=${arc.number}`),
  ...rows.ln_collections.map((collection) => `/light_novels?collection=${collection.code}`),
  // The profiles with something gated (the others show nothing the shield could miss).
  ...[...new Set([...rows.character_facts, ...rows.character_relationships].filter((row) => row.reveal_position !== null).map((row) => row.character_slug))].map(
    (slug) => `/characters/${slug}`,
  ),
  ...rows.anime_seasons.flatMap((season) => [`/anime?season=${season.number}`, `/break_time?season=${season.number}`]),
  "/statistics/readership",
  "/translation_meta/ln_mistls",
  "/translation_meta/anime_mistls",
  ...rows.ln_collections.map((collection) => `/translation_meta/ln_mistls/${collection.code}`),
  ...rows.ln_volumes.map((volume) => `/translation_meta/ln_mistls/${volumeSlugFromKey(volume.key)}`),
  "/translation_meta/ln_mistls?q=night",
];

/** Searches that find gated chapter titles: the longest word of each. */
const searches = [
  ...new Set(
    rows.chapters
      .filter((chapter) => chapter.title_reveal_position !== null)
      .map((chapter) => chapter.title.split(/[^A-Za-z]+/).sort((a, b) => b.length - a.length)[0]!.toLowerCase()),
  ),
];

const visibleText = (page: Page) => page.evaluate(() => document.body.innerText.toLowerCase());
/** React has rendered what the last change caused. */
const settled = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** HTML's character references, as React escapes text. */
const decode = (html: string) =>
  html.replace(/&(#x27|#39|quot|amp|lt|gt);/g, (_, name: string) => ({ "#x27": "'", "#39": "'", quot: '"', amp: "&", lt: "<", gt: ">" })[name] ?? "");

function leaks(text: string, position: number) {
  return gated.filter((item) => item.revealAt > position && text.includes(item.text.toLowerCase())).map((item) => `${item.where}: “${item.text}”`);
}

test("the pack gates enough text for the checks to mean something", () => {
  expect(gated.length).toBeGreaterThan(200);
  expect(readers.map((reader) => reader.position)).toEqual([...readers.map((reader) => reader.position)].sort((a, b) => a - b));
  expect(searches.length).toBeGreaterThan(5);
});

for (const reader of readers) {
  test.describe(reader.name, () => {
    test.describe.configure({ timeout: 240_000 });

    test.beforeEach(async ({ context }) => {
      const progress = {
        version: 1,
        webNovel: reader.webNovel,
        lightNovels: reader.lightNovels,
        sideStories: [],
        anime: reader.anime,
        breakTime: [],
        position: reader.position,
        updatedAt: "2024-01-01T00:00:00.000Z",
      };
      await context.addInitScript((stored) => {
        if (stored.position > 0) localStorage.setItem("rc:progress", JSON.stringify(stored));
      }, progress);
    });

    test("sees nothing gated beyond their progress on any public page", async ({ page }) => {
      const shown = new Set<string>();
      const problems: string[] = [];
      for (const path of [...pages, ...searches.map((query) => `/search?q=${query}`)]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await waitForHydration(page);
        await settled(page);
        const text = await visibleText(page);
        problems.push(...leaks(text, reader.position).map((leak) => `${path} shows ${leak}`));
        for (const item of gated) if (item.revealAt <= reader.position && text.includes(item.text.toLowerCase())) shown.add(item.text);
      }
      expect(problems).toEqual([]);
      // What the reader has reached is shown: the shield hides what it must, not everything.
      if (reader.position > 0) expect(shown.size).toBeGreaterThan(20);
    });

    test("sees nothing gated beyond their progress in the header's suggestions", async ({ page }) => {
      await page.goto("/");
      await waitForHydration(page);
      const box = page.getByRole("combobox", { name: "Search the site" });
      const problems: string[] = [];
      let suggested = 0;
      for (const query of searches) {
        const answered = page.waitForResponse((response) => response.url().includes("suggest=1") && response.url().includes(`q=${query}`));
        await box.fill(query);
        await answered;
        await settled(page);
        const listbox = page.getByRole("listbox", { name: "Suggestions", includeHidden: true });
        const text = (await listbox.evaluate((element) => ((element as HTMLElement).hidden ? "" : (element as HTMLElement).innerText))).toLowerCase();
        if (text) suggested++;
        problems.push(...leaks(text, reader.position).map((leak) => `suggestions for “${query}” show ${leak}`));
      }
      expect(problems).toEqual([]);
      expect(suggested).toBeGreaterThan(0);
    });
  });
}

test("the server's pages, titles, meta descriptions and feed hold no gated text at all", async ({ request }) => {
  const problems: string[] = [];
  for (const path of [...pages, ...searches.map((query) => `/search?q=${query}`)]) {
    const html = await (await request.get(path)).text();
    // The hydration data carries what the browser may reveal; everything rendered must not.
    const rendered = decode(html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "").replace(/<!-- -->/g, "")).toLowerCase();
    problems.push(...leaks(rendered, 0).map((leak) => `${path} renders ${leak}`));
    const head = [...html.matchAll(/<title>([^<]*)<\/title>|<meta (?:name|property)="(?:description|og:description|og:title)" content="([^"]*)"/g)]
      .map((match) => match[1] ?? match[2] ?? "")
      .join(" ")
      .toLowerCase();
    problems.push(...leaks(decode(head), 0).map((leak) => `${path} title or description says ${leak}`));
  }
  const feed = (await (await request.get("/translation_meta/feed.xml")).text()).toLowerCase();
  problems.push(...leaks(feed, 0).map((leak) => `the feed says ${leak}`));
  expect(problems).toEqual([]);
});

test("a new reader sees one line per run of hidden notes, and one click on a chapter reveals what it reached", async ({ page }) => {
  await page.goto("/translation_meta/anime_mistls");
  await waitForHydration(page);
  // Every note is beyond a reader with no progress: one line per season, not a box per entry.
  const runs = page.locator('[data-spoiler="run"]');
  // One season's notes a page: the first season's episodes fold into one line.
  await expect(runs).toHaveCount(1);
  await expect(runs.first()).toContainText(/\d+ entries on \d+ episodes beyond your reading progress, which is not set yet/);
  await expect(page.locator("article[id^=entry-]:visible")).toHaveCount(0);
  await runs.first().getByRole("button", { name: "Show them" }).click();
  const firstSeason = rows.anime_mistakes.filter((entry) => entry.episode_key.startsWith("anime:1-")).length;
  await expect(page.locator("article[id^=entry-]:visible")).toHaveCount(firstSeason);

  // "I have read up to here" on chapter 5: the entries of volume 1 up to that chapter appear, the rest stay one line.
  await page.goto("/web_novel?arc=1");
  await waitForHydration(page);
  await page.locator(`#${unitAnchor(chapterKey(1, 5))}`).getByRole("button", { name: "I have read up to here" }).click();
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("rc:progress") ?? "{}").webNovel)).toBe("wn:1-5");
  const volume = rows.ln_mistakes.filter((entry) => entry.volume_key === volumeKey("main", 1));
  const reached = volume.filter((entry) => entry.reveal_position <= positionOf(chapterKey(1, 5))).length;
  expect(reached).toBeGreaterThan(0);
  expect(reached).toBeLessThan(volume.length);
  await page.goto("/translation_meta/ln_mistls/main_v1");
  await waitForHydration(page);
  await expect(page.locator("article[id^=entry-]:visible")).toHaveCount(reached);
  await expect(page.locator('[data-spoiler="run"]')).toHaveCount(1);
  await expect(page.locator('[data-spoiler="run"]')).toContainText(`${volume.length - reached} entries beyond your reading progress.`);
});
