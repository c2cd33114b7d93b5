import { type APIRequestContext, expect, type Page, type Route, test } from "@playwright/test";
import { areas, footerLinks } from "../../app/lib/areas";
import { parsePackFolder, resolvePack } from "../../pack";
import { chapterKey, episodeKey, unitAnchor, volumeKey } from "../../app/lib/content/units";
import { entryHandle, mistakeAnchor, volumeSlugFromKey } from "../../app/lib/mistakes/rules";
import {
  encodeKnowledge,
  type Knowledge,
  knowledgeOfUnits,
  readRevealers,
  knows,
  knowsAnything,
  noKnowledge,
} from "../../app/lib/shield/knowledge";
import { followRequests, paintedText, recordPaintedText, waitForHydration } from "../support/browser";
import { gatedTextsOf } from "../support/gated-texts";

/*
 * The spoiler shield's promise, checked over the whole site: for readers of each medium (the web novel
 * only, the anime only, the light novels only, several), no text gated beyond what they have seen is
 * visible on any public page or in the header's suggestions, and what they have seen is shown. The
 * server's answers to a requester who states nothing (HTML with its hydration data, .data, titles,
 * meta descriptions, the feed) hold no gated text at all. The gated texts, and the units that reveal
 * each, come from the demo content pack itself, read and resolved by the importer's own code.
 */

const { pack } = parsePackFolder("content/demo");
if (!pack) throw new Error("the demo content pack does not parse");
const { rows } = resolvePack(pack, "demo");

/** Every piece of text the pack gates, with the units that reveal it. */
const allGated = gatedTextsOf(rows);

/** Every string the pack holds that is not gated: a gated text found inside one of these proves nothing. */
const publicTexts = (() => {
  // The fields that hold gated text, per table; every other field of the pack is said openly. The
  // search index only repeats other tables' texts, gated ones included, so it is left out.
  const gatedFields: Record<string, (row: Record<string, unknown>) => string[]> = {
    chapters: (row) => (row.title_revealed_by === null ? [] : ["title"]),
    character_facts: (row) => (row.revealed_by === null ? [] : ["label", "value"]),
    character_relationships: (row) => (row.revealed_by === null ? [] : ["description"]),
    ln_mistakes: () => ["official", "suggested", "explanation", "japanese", "chapter_title"],
    anime_mistakes: () => ["official", "suggested", "explanation", "japanese"],
    adaptation_changes: () => ["note"],
    anime_episodes: (row) => (row.original === null ? [] : ["original"]),
    break_time_episodes: () => ["title"],
    side_stories: (row) => (row.revealed_by === null ? [] : ["title", "summary", "original_title"]),
    arcs: (row) => (row.summary_revealed_by === null ? [] : ["summary"]),
    ln_volume_changes: () => ["note"],
    ln_volumes: () => ["chapter_titles"],
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
const gated = allGated.filter(
  ({ text }) => text.length >= 10 && !publicTexts.some((open) => open.includes(text.toLowerCase())),
);

/** Readers of each medium, as the tracker stores them (rc:progress). */
const readers = [
  { name: "a reader with no progress", webNovel: null, anime: null, lightNovels: {}, continues: null },
  {
    name: "a web novel reader part-way through arc 2",
    webNovel: chapterKey(2, 20),
    anime: null,
    lightNovels: {},
    continues: "Read Arc 2, chapter 19 next",
  },
  {
    name: "an anime-only viewer who watched season 1",
    webNovel: null,
    // Its last episode is anime-original: the viewer has watched every episode of the season.
    anime: episodeKey(1, 13),
    lightNovels: {},
    continues: "Watch Season 2, episode 1 next",
  },
  {
    name: "a light-novel-only reader at volume 3",
    webNovel: null,
    anime: null,
    lightNovels: { main: 3 },
    continues: "Read Lanternfall 4 next",
  },
].map((reader) => {
  const units = [
    reader.webNovel,
    reader.anime,
    ...Object.entries(reader.lightNovels).map(([code, volume]) => volumeKey(code, volume)),
  ];
  return { ...reader, knowledge: knowledgeOfUnits(units.filter((key): key is string => key !== null)) };
});

/** The profiles with something gated (the others show nothing the shield could miss). */
const profilePages = [
  ...new Set(
    [...rows.character_facts, ...rows.character_relationships]
      .filter((row) => row.revealed_by !== null)
      .map((row) => row.character_slug),
  ),
].map((slug) => `/characters/${slug}`);

/** Each light novel volume's page of mistakes. */
const volumePages = rows.ln_volumes.map((volume) => `/translation_meta/ln_mistls/${volumeSlugFromKey(volume.key)}`);

/** Every public page: the areas, and each arc, collection, character profile and volume of mistakes the pack has. */
const pages = [
  "/",
  ...areas.map((area) => area.path),
  ...footerLinks.map((link) => link.path),
  ...rows.arcs.map((arc) => `/web_novel?arc=${arc.number}`),
  ...rows.ln_collections.map((collection) => `/light_novels?collection=${collection.code}`),
  ...profilePages,
  ...rows.anime_seasons.flatMap((season) => [`/anime?season=${season.number}`, `/break_time?season=${season.number}`]),
  "/statistics/readership",
  "/translation_meta/ln_mistls",
  "/translation_meta/anime_mistls",
  "/translation_meta/anime_mistls?season=specials",
  ...rows.ln_collections.map((collection) => `/translation_meta/ln_mistls/${collection.code}`),
  ...volumePages,
  "/translation_meta/ln_mistls?q=night",
];

/**
 * The pages the browser opens for every reader: every page of a kind that has a few (the areas, arcs,
 * seasons, collections, hubs), and a spread of those that have many (profiles, volumes' mistakes,
 * searches), which render through one route each. Every page and search is also asked for as `.data`
 * with each reader's whole knowledge, which bounds what any page could show them.
 */
const spread = <T>(items: readonly T[], count: number) =>
  items.filter((_, index) => index % Math.ceil(items.length / count) === 0);
const browserPages = [
  ...pages.filter((path) => !profilePages.includes(path) && !volumePages.includes(path)),
  ...spread(profilePages, 6),
  ...spread(volumePages, 4),
];

/** Profiles of characters not met at the start: a missing page (404) to every first load, filled in for a reader who has met them. */
const unmetAtFirst = new Map(
  rows.characters
    .filter((character) => character.revealed_by !== null)
    .map((character) => [`/characters/${character.slug}`, readRevealers(character.revealed_by)]),
);

/** Whether a page is there for someone who knows this much: a profile only once its character is met. */
const metBy = (knowledge: Knowledge, path: string) => {
  const revealers = unmetAtFirst.get(path);
  return revealers === undefined || knows(knowledge, revealers);
};

/** Searches that find gated chapter titles: the longest word of each. */
const searches = [
  ...new Set(
    rows.chapters
      .filter((chapter) => chapter.title_revealed_by !== null)
      .map((chapter) =>
        chapter.title
          .split(/[^A-Za-z]+/)
          .sort((a, b) => b.length - a.length)[0]!
          .toLowerCase(),
      ),
  ),
];

const visibleText = (page: Page) => page.evaluate(() => document.body.innerText.toLowerCase());
/** React has rendered what the last change caused. */
const settled = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** HTML's character references, as React escapes text. */
const decode = (html: string) =>
  html.replace(
    /&(#x27|#39|quot|amp|lt|gt);/g,
    (_, name: string) => ({ "#x27": "'", "#39": "'", quot: '"', amp: "&", lt: "<", gt: ">" })[name] ?? "",
  );

/** The gated texts in `text` that a reader with this knowledge has not seen. */
function leaks(text: string, knowledge: Knowledge) {
  return gated
    .filter((item) => !knows(knowledge, item.revealedBy) && text.includes(item.text.toLowerCase()))
    .map((item) => `${item.where}: “${item.text}”`);
}

test("the pack gates enough text for the checks to mean something, and the media know different things", () => {
  expect(gated.length).toBeGreaterThan(200);
  expect(searches.length).toBeGreaterThan(5);
  const [, webNovel, anime, lightNovels] = readers;
  // Season 1 skipped chapters (wn:2-23, wn:2-24) a web novel reader past them has read: the anime viewer does not know what they reveal.
  const pastTheSkippedChapters = knowledgeOfUnits([chapterKey(2, 30)]);
  expect(
    gated.some((item) => knows(pastTheSkippedChapters, item.revealedBy) && !knows(anime!.knowledge, item.revealedBy)),
  ).toBe(true);
  // Volume 3 cut a scene (wn:2-16) the web novel reader has read: the light novel reader does not know what it reveals.
  expect(
    gated.some(
      (item) => knows(webNovel!.knowledge, item.revealedBy) && !knows(lightNovels!.knowledge, item.revealedBy),
    ),
  ).toBe(true);
  expect(gated.some((item) => knows(lightNovels!.knowledge, item.revealedBy))).toBe(true);
});

for (const reader of readers) {
  test.describe(reader.name, () => {
    test.describe.configure({ timeout: 300_000 });
    // Readers on a phone.
    test.use({ viewport: { width: 360, height: 780 } });

    test.beforeEach(async ({ context }) => {
      const progress = {
        // A version 1 record, as browsers stored them before light novel places became unit keys: still read.
        version: 1,
        webNovel: reader.webNovel,
        lightNovels: reader.lightNovels,
        sideStories: [],
        anime: reader.anime,
        breakTime: [],
        position: 0,
        updatedAt: "2024-01-01T00:00:00.000Z",
      };
      await context.addInitScript((stored) => {
        if (stored.webNovel || stored.anime || Object.keys(stored.lightNovels).length)
          localStorage.setItem("rc:progress", JSON.stringify(stored));
      }, progress);
    });

    test("sees nothing gated beyond what they have seen on any public page, and sees what they have", async ({
      page,
    }) => {
      const shown = new Set<string>();
      const problems: string[] = [];
      const requests = followRequests(page);
      for (const path of [...browserPages, ...spread(searches, 8).map((query) => `/search?q=${query}`)]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(unmetAtFirst.has(path) ? 404 : 200);
        await waitForHydration(page);
        // The page's revealed data, if it asks for any, has come and been rendered.
        await requests.quiet();
        const text = await visibleText(page);
        problems.push(...leaks(text, reader.knowledge).map((leak) => `${path} shows ${leak}`));
        for (const item of gated)
          if (knows(reader.knowledge, item.revealedBy) && text.includes(item.text.toLowerCase())) shown.add(item.text);
      }
      expect(problems).toEqual([]);
      // What the reader has seen is shown: the shield hides what it must, not everything.
      if (knowsAnything(reader.knowledge)) expect(shown.size).toBeGreaterThan(10);
    });

    test("is answered nothing gated beyond what they have seen by every page's and search's data, and what they have", async ({
      request,
    }) => {
      // Stating all they have seen (the browser states what a page needs of it): whatever a page could show them.
      const problems: string[] = [];
      let revealed = 0;
      for (const path of [...pages, ...searches.map((query) => `/search?q=${query}`)]) {
        const url = new URL(path, "http://site");
        if (knowsAnything(reader.knowledge)) url.searchParams.set("reveal", encodeKnowledge(reader.knowledge));
        const response = await request.get(`${url.pathname === "/" ? "/_root" : url.pathname}.data${url.search}`);
        // A profile of someone they have not met is a page that says so (404); of someone they have, their page.
        expect(response.status(), path).toBe(metBy(reader.knowledge, path) ? 200 : 404);
        const data = (await response.text()).toLowerCase();
        problems.push(...leaks(data, reader.knowledge).map((leak) => `${path}.data carries ${leak}`));
        revealed += gated.filter(
          (item) => knows(reader.knowledge, item.revealedBy) && data.includes(item.text.toLowerCase()),
        ).length;
      }
      expect(problems).toEqual([]);
      if (knowsAnything(reader.knowledge)) expect(revealed).toBeGreaterThan(10);
    });

    test("is offered on the home page what comes after where they left off, in whichever medium", async ({ page }) => {
      await page.goto("/");
      await waitForHydration(page);
      const box = page.getByRole("region", {
        name: reader.continues ? "Continue where you left off" : "Track your progress",
      });
      await expect(box).toBeVisible();
      if (reader.continues) {
        // The sentence names the next unit; its link is the unit ("Read [Arc 2, chapter 21] next").
        await expect(box.getByRole("listitem").filter({ hasText: reader.continues })).toHaveText(reader.continues);
        const unit = reader.continues.replace(/^(Read|Watch) | next$/g, "");
        await expect(box.getByRole("link", { name: unit, exact: true })).toBeVisible();
      }
    });

    test("sees nothing gated beyond what they have seen in the header's suggestions", async ({ page }) => {
      await page.goto("/");
      await waitForHydration(page);
      const box = page.getByRole("combobox", { name: "Search the site" });
      // On a phone the box opens below the header from the search button.
      if (!(await box.isVisible())) await page.getByRole("link", { name: "Search", exact: true }).click();
      await expect(box).toBeVisible();
      const problems: string[] = [];
      for (const query of searches) {
        const answered = page.waitForResponse(
          (response) => response.url().includes("suggest=1") && response.url().includes(`q=${query}`),
        );
        await box.fill(query);
        await answered;
        await settled(page);
        const listbox = page.getByRole("listbox", { name: "Suggestions", includeHidden: true });
        const text = (
          await listbox.evaluate((element) =>
            (element as HTMLElement).hidden ? "" : (element as HTMLElement).innerText,
          )
        ).toLowerCase();
        problems.push(...leaks(text, reader.knowledge).map((leak) => `suggestions for “${query}” show ${leak}`));
      }
      expect(problems).toEqual([]);
    });
  });
}

/** Every string in an API answer, so a quote or an escape in a gated text cannot hide it from `leaks`. */
function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(textOf).join("\n");
  if (typeof value === "object" && value !== null) return Object.values(value).map(textOf).join("\n");
  return "";
}

/** The API's answers for a reveal ("" for none): every list in full, and the profile of everyone listed. */
async function apiAnswers(request: APIRequestContext, reveal: string) {
  // A client of its own (the local stack takes CF-Connecting-IP as given), so these many answers never meet the rate limit.
  const headers = { "CF-Connecting-IP": `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}::1` };
  const query = (parameters: string) => [parameters, reveal && `reveal=${reveal}`].filter(Boolean).join("&");
  const answers: Array<[string, string]> = [];
  const get = async <Body>(path: string) => {
    const response = await request.get(path, { headers });
    expect(response.status(), path).toBe(200);
    const body = (await response.json()) as Body;
    answers.push([path, textOf(body).toLowerCase()]);
    return body;
  };
  const slugs: string[] = [];
  await get(`/api/v1/series?${query("")}`);
  for (const list of ["units", "characters", "translation-notes"]) {
    for (let page = 1, count = 1; page <= count; page++) {
      const body = await get<{ page_count: number; items: Array<{ slug?: string }> }>(
        `/api/v1/${list}?${query(`per_page=100&page=${page}`)}`,
      );
      count = body.page_count;
      if (list === "characters") slugs.push(...body.items.map((item) => item.slug!));
    }
  }
  for (let page = 1, count = 1; page <= count; page++) {
    count = (await get<{ recent: { page_count: number } }>(`/api/v1/releases?${query(`page=${page}`)}`)).recent
      .page_count;
  }
  for (const slug of slugs) await get(`/api/v1/characters/${slug}?${query("")}`);
  return answers;
}

test("a requester who states nothing gets no gated text at all: pages with their hydration data, .data, titles, meta and the feed", async ({
  request,
}) => {
  const problems: string[] = [];
  for (const path of [
    ...pages,
    ...searches.map((query) => `/search?q=${query}`),
    ...searches.map((query) => `/search?q=${query}&suggest=1`),
  ]) {
    const html = decode((await (await request.get(path)).text()).replace(/<!-- -->/g, "")).toLowerCase();
    problems.push(...leaks(html, noKnowledge).map((leak) => `${path} carries ${leak}`));
    const url = new URL(path, "http://site");
    const data = (
      await (await request.get(`${url.pathname === "/" ? "/_root" : url.pathname}.data${url.search}`)).text()
    ).toLowerCase();
    problems.push(...leaks(data, noKnowledge).map((leak) => `${path}.data carries ${leak}`));
  }
  const feed = (await (await request.get("/translation_meta/feed.xml")).text()).toLowerCase();
  problems.push(...leaks(feed, noKnowledge).map((leak) => `the feed says ${leak}`));
  for (const [path, text] of await apiAnswers(request, ""))
    problems.push(...leaks(text, noKnowledge).map((leak) => `${path} carries ${leak}`));
  expect(problems).toEqual([]);
});

test("an anime-only viewer past the episode that intercuts two runs has not read the chapter between them, and sees the anime-original episode labelled", async ({
  page,
  context,
}) => {
  const runsOf = (row: (typeof rows.anime_episodes)[number]) => JSON.parse(row.adapts_chapters) as unknown[];
  const intercut = rows.anime_episodes.find((row) => runsOf(row).length > 1)!;
  const original = rows.anime_episodes.find((row) => row.original !== null)!;
  const passedOver = rows.adaptation_changes.find(
    (change) => change.computed && change.kind === "skipped" && change.episode_key === intercut.key,
  )!;
  expect([intercut.key, original.key, passedOver.chapters_from]).toEqual(["anime:2-3", "anime:1-13", "wn:3-14"]);
  const chapter = (key: string) => rows.chapters.find((row) => row.key === key)!;
  // A viewer of the next episode: every episode before it watched, the original one included.
  const viewerAt = episodeKey(2, 4);
  const viewer = knowledgeOfUnits([viewerAt]);
  // The light novel's line at the chapter passed over is theirs only by reading it; the lines at the
  // chapters on either side, which the episode adapts, are theirs.
  const noteAt = (key: string) => rows.ln_mistakes.find((entry) => entry.web_novel_chapter === key)!;
  const [before, between, after] = ["wn:3-12", "wn:3-14", "wn:3-15"].map(noteAt);
  expect(knows(viewer, readRevealers(between!.revealed_by))).toBe(false);
  expect(knows(viewer, readRevealers(before!.revealed_by))).toBe(true);
  expect(knows(viewer, readRevealers(after!.revealed_by))).toBe(true);

  await context.addInitScript((anime) => {
    localStorage.setItem(
      "rc:progress",
      JSON.stringify({
        version: 1,
        webNovel: null,
        lightNovels: {},
        sideStories: [],
        anime,
        breakTime: [],
        position: 0,
        updatedAt: "2024-01-01T00:00:00.000Z",
      }),
    );
  }, viewerAt);

  const requests = followRequests(page);
  await page.goto(`/translation_meta/ln_mistls/${volumeSlugFromKey(between!.volume_key)}`);
  await waitForHydration(page);
  await requests.quiet();
  const notes = await visibleText(page);
  expect(notes).not.toContain(between!.official.toLowerCase());
  expect(notes).toContain(before!.official.toLowerCase());
  expect(notes).toContain(after!.official.toLowerCase());

  // The web novel's arc: the chapters the episode adapts are named, the one it passed over waits.
  await page.goto("/web_novel?arc=3");
  await waitForHydration(page);
  await requests.quiet();
  await expect(page.locator(`#${unitAnchor("wn:3-13")}`)).toContainText(chapter("wn:3-13").title);
  await expect(page.locator(`#${unitAnchor("wn:3-15")}`)).toContainText(chapter("wn:3-15").title);
  await expect(page.locator(`#${unitAnchor("wn:3-14")}`)).toContainText("Title hidden");
  await expect(page.locator(`#${unitAnchor("wn:3-14")}`)).not.toContainText(chapter("wn:3-14").title);

  // The intercut episode says both runs, and the chapter between them as left out.
  await page.goto("/anime?season=2");
  await waitForHydration(page);
  const third = page.locator(`#${unitAnchor(intercut.key)}`);
  await expect(third).toContainText(
    "Adapts Arc 3 · Chapter 11 to Arc 3 · Chapter 12 and Arc 3 · Chapter 14 to Arc 3 · Chapter 15",
  );
  await expect(third.locator('[data-change="skipped"]')).toHaveText(
    /Between the chapters it adapts, this episode leaves out Arc 3 · Chapter 13\./,
  );

  // The anime-original episode is labelled so, and its note is the viewer's.
  await page.goto("/anime?season=1");
  await waitForHydration(page);
  await requests.quiet();
  const thirteenth = page.locator(`#${unitAnchor(original.key)}`);
  await expect(thirteenth).toContainText("Anime-original");
  await expect(thirteenth).toContainText(original.original!);
  await expect(thirteenth).toContainText(original.title!);
});

test("the API answers each reader's reveal with exactly what they have seen: nothing from chapters their medium skipped or cut", async ({
  request,
}) => {
  for (const reader of readers.filter((each) => knowsAnything(each.knowledge))) {
    const problems: string[] = [];
    const answers = await apiAnswers(request, encodeKnowledge(reader.knowledge));
    for (const [path, text] of answers)
      problems.push(...leaks(text, reader.knowledge).map((leak) => `${path} carries ${leak}`));
    expect(problems, reader.name).toEqual([]);
    const all = answers.map(([, text]) => text).join("\n");
    expect(
      gated.filter((item) => knows(reader.knowledge, item.revealedBy) && all.includes(item.text.toLowerCase())).length,
      reader.name,
    ).toBeGreaterThan(5);
  }
});

test("a character the reader has not met is a page that says so; Show it or having met them shows their page", async ({
  page,
  request,
}) => {
  const character = rows.characters.find((each) => each.revealed_by !== null && each.first_web_novel !== null);
  if (!character) throw new Error("the demo pack has no character met after the first chapter");
  const path = `/characters/${character.slug}`;

  // A visitor with no progress: the same 404 as an address that names no one, before and after hydration.
  const requests = followRequests(page);
  const response = await page.goto(path);
  expect(response?.status()).toBe(404);
  await waitForHydration(page);
  await requests.quiet();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("A character you have not met yet");
  await expect(page).toHaveTitle(/^A character you have not met yet/);
  await expect(page.getByRole("link", { name: "Set your progress" })).toBeVisible();
  expect(await visibleText(page)).not.toContain(character.name.toLowerCase());
  const html = (await (await request.get(path)).text()).toLowerCase();
  for (const trace of [character.name, ...(character.portrait ? [character.portrait] : [])])
    expect(html).not.toContain(trace.toLowerCase());

  // They ask to see who it is: the profile, for this page only (nothing is stored: a reload hides it again).
  await page.getByRole("button", { name: "Show it" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(character.name);
  await expect(page).toHaveTitle(new RegExp(`^${character.name}`));
  await page.reload();
  await waitForHydration(page);
  await requests.quiet();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("A character you have not met yet");

  // A reader who has read the chapter where they first appear: the page asks again with what they know and shows them.
  const progress = {
    version: 1,
    webNovel: character.first_web_novel,
    lightNovels: {},
    sideStories: [],
    anime: null,
    breakTime: [],
    position: 0,
    updatedAt: "2024-01-01T00:00:00.000Z",
  };
  await page.evaluate((stored) => localStorage.setItem("rc:progress", stored), JSON.stringify(progress));
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(character.name);
  await expect(page).toHaveTitle(new RegExp(`^${character.name}`));
  await expect(page.getByText("A character you have not met yet")).toHaveCount(0);
  // An address that names no one says what an unmet character's does, once their browser has asked
  // again; asked to show it, the page says no one is there.
  await page.goto("/characters/no-such-person");
  await waitForHydration(page);
  await requests.quiet();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("A character you have not met yet");
  await page.getByRole("button", { name: "Show it" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found: /characters/no-such-person");

  // And from the catalogue, where the reader has met them, the card opens the page.
  await page.goto(`/characters?q=${encodeURIComponent(character.name)}`);
  await waitForHydration(page);
  await page
    .getByRole("link", { name: new RegExp(character.name) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(character.name);
});

test("in blur mode a character the reader has not met is blurred, and the page's title still names no one", async ({
  page,
}) => {
  const character = rows.characters.find((each) => each.revealed_by !== null && each.first_web_novel !== null);
  if (!character) throw new Error("the demo pack has no character met after the first chapter");
  await page.addInitScript(() => localStorage.setItem("rc:spoiler-mode", "blur"));
  const requests = followRequests(page);
  await page.goto(`/characters/${character.slug}`);
  await waitForHydration(page);
  await expect(page.locator('[data-spoiler="blurred"]').first()).toBeVisible();
  await requests.quiet();
  await expect(page).toHaveTitle(/^A character you have not met yet/);
});

test("a character's address says one thing from the first paint: not met to a new reader, their page to one who has met them", async ({
  page,
}) => {
  const character = rows.characters.find((each) => each.revealed_by !== null && each.first_web_novel !== null);
  if (!character) throw new Error("the demo pack has no character met after the first chapter");
  const path = `/characters/${character.slug}`;
  await recordPaintedText(page, "main h1");
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const requests = followRequests(page);
  const settled = async () => {
    await waitForHydration(page);
    // Ends two frames after the page's last request: what that request brought has been painted.
    await requests.quiet();
    return paintedText(page);
  };

  // A new reader: the page painted once and kept while it becomes interactive (no "Loading…").
  await page.goto(path);
  expect(await settled()).toEqual(["A character you have not met yet"]);
  expect(errors).toEqual([]);

  // A reader who has met them: never a "not met" on the way to their page.
  const progress = { version: 1, webNovel: character.first_web_novel, anime: null, lightNovels: {}, sideStories: [] };
  const stored = { ...progress, breakTime: [], skipped: [], position: 0, updatedAt: "2024-01-01T00:00:00.000Z" };
  await page.evaluate((value) => localStorage.setItem("rc:progress", value), JSON.stringify(stored));
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(character.name);
  expect(await settled()).toEqual([character.name]);

  // An address that names no one, for the same reader: not met once they have asked, and only then.
  await page.goto("/characters/no-such-person");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("A character you have not met yet");
  expect(await settled()).toEqual(["A character you have not met yet"]);
  expect(errors).toEqual([]);
});

test("a link to a translation note beyond the reader's progress lands on the line that holds it, and showing them lands on the note", async ({
  page,
}) => {
  // A viewer at season 1 episode 5, and the last note of season 1, far down the page, on an episode they have not watched.
  const viewer = knowledgeOfUnits([episodeKey(1, 5)]);
  const beyond = rows.anime_mistakes.filter(
    (entry) => entry.episode_key.startsWith("anime:1-") && !knows(viewer, readRevealers(entry.revealed_by)),
  );
  expect(beyond.length).toBeGreaterThan(1);
  const anchor = mistakeAnchor(entryHandle(beyond.at(-1)!.id));
  await page.goto("/about");
  const stored = { version: 2, webNovel: null, lightNovels: [], sideStories: [], anime: episodeKey(1, 5), recuts: [] };
  const progress = { ...stored, breakTime: [], animeSpecials: [], manga: [], skipped: [], position: 0 };
  await page.evaluate(
    (value) => localStorage.setItem("rc:progress", value),
    JSON.stringify({ ...progress, updatedAt: "2024-01-01T00:00:00.000Z" }),
  );
  await page.goto(`/translation_meta/anime_mistls?season=1#${anchor}`);
  await waitForHydration(page);
  // The note stays hidden; the view is on the line that says what is there, marked, not on the page's top.
  const line = page.locator('[data-spoiler="run"][data-holds-target]');
  await expect(line).toHaveCount(1);
  await expect(line).toBeInViewport();
  await expect(line).toContainText("beyond what you have read or watched");
  expect(await line.evaluate((element) => getComputedStyle(element).boxShadow)).not.toBe("none");
  await expect(page.locator(`#${anchor}`)).toBeHidden();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  // Shown on the reader's click, the note is where the view goes.
  await line.getByRole("button", { name: /^Show (it|them)$/ }).click();
  await expect(page.locator(`#${anchor}`)).toBeVisible();
  await expect(page.locator(`#${anchor}`)).toBeInViewport();
  // Focus is where the view is: Tab goes on from the note, and a screen reader reads it.
  await expect(page.locator(`#${anchor}`)).toBeFocused();
});

test("a viewer who shows the line holding a link's episode before their own notes arrived lands on the episode, not on the first of the run", async ({
  page,
}) => {
  // A viewer at episode 5, and the last episode of season 1 with notes; what they have watched is held
  // back, so the whole season is still one run when they ask to see it.
  const episodes = [
    ...new Set(rows.anime_mistakes.map((entry) => entry.episode_key).filter((key) => key.startsWith("anime:1-"))),
  ];
  const last = episodes.sort((a, b) => Number(a.split("-")[1]) - Number(b.split("-")[1])).at(-1)!;
  await page.goto("/about");
  const stored = { version: 2, webNovel: null, lightNovels: [], sideStories: [], anime: episodeKey(1, 5), recuts: [] };
  const progress = { ...stored, breakTime: [], animeSpecials: [], manga: [], skipped: [], position: 0 };
  await page.evaluate(
    (value) => localStorage.setItem("rc:progress", value),
    JSON.stringify({ ...progress, updatedAt: "2024-01-01T00:00:00.000Z" }),
  );
  const held: Route[] = [];
  let holding = true;
  const isReveal = (url: URL) => url.pathname.endsWith(".data") && url.searchParams.has("reveal");
  await page.route(isReveal, (route) => (holding ? void held.push(route) : route.continue()));
  await page.goto(`/translation_meta/anime_mistls?season=1#episode-${last}`);
  await waitForHydration(page);
  await expect.poll(() => held.length).toBeGreaterThan(0);
  const line = page.locator('[data-spoiler="run"][data-holds-target]');
  await expect(line).toHaveCount(1);
  await expect(line).toBeInViewport();
  await line.getByRole("button", { name: "Show them" }).click();
  holding = false;
  for (const route of held) await route.continue();
  const heading = (episode: string) =>
    page.getByRole("heading", { level: 3, name: new RegExp(`^Episode ${episode.split("-")[1]}\\b`) });
  await expect(heading(last)).toBeVisible();
  await expect(heading(last)).toBeInViewport();
  // The season's first episode, a screen or more above, is not where the view stayed.
  await expect(heading(episodes[0]!)).not.toBeInViewport();
  // Focus went with the view, not to the first episode of the run.
  await expect(page.locator(`[id="episode-${last}"]`)).toBeFocused();
});

test("a viewer at episode 5 who follows an unwatched episode's translation notes from /anime lands on the line that holds them", async ({
  page,
}) => {
  await page.goto("/about");
  const stored = { version: 2, webNovel: null, lightNovels: [], sideStories: [], anime: episodeKey(1, 5), recuts: [] };
  const progress = { ...stored, breakTime: [], animeSpecials: [], manga: [], skipped: [], position: 0 };
  await page.evaluate(
    (value) => localStorage.setItem("rc:progress", value),
    JSON.stringify({ ...progress, updatedAt: "2024-01-01T00:00:00.000Z" }),
  );
  await page.goto("/anime?season=1");
  await waitForHydration(page);
  await page.getByRole("link", { name: /translation notes? for episode 6$/ }).click();
  await expect(page).toHaveURL(/\/translation_meta\/anime_mistls\?season=1#episode-anime:1-6$/);
  // Not the page's top with its filters: the line that says what is there, marked, in view.
  const line = page.locator('[data-spoiler="run"][data-holds-target]');
  await expect(line).toHaveCount(1);
  await expect(line).toBeInViewport();
  await expect(line).toContainText("beyond what you have read or watched");
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await line.getByRole("button", { name: /^Show (it|them)$/ }).click();
  await expect(page.getByRole("heading", { level: 3, name: /^Episode 6/ })).toBeInViewport();
});

test("a new reader sees one line per run of hidden notes, and one click on a chapter reveals what it reached", async ({
  page,
}) => {
  await page.goto("/translation_meta/anime_mistls");
  await waitForHydration(page);
  // Every mistake is beyond a reader with no progress: one line per season, not a box per entry.
  const runs = page.locator('[data-spoiler="run"]');
  // One season's mistakes a page: the first season's episodes fold into one line.
  await expect(runs).toHaveCount(1);
  await expect(runs.first()).toContainText(/\d+ entries on \d+ episodes beyond what you have read or watched/);
  await expect(page.locator("article[id^=entry-]:visible")).toHaveCount(0);
  await runs.first().getByRole("button", { name: "Show them" }).click();
  const firstSeason = rows.anime_mistakes.filter((entry) => entry.episode_key.startsWith("anime:1-")).length;
  await expect(page.locator("article[id^=entry-]:visible")).toHaveCount(firstSeason);

  // "I have read up to here" on chapter 5: the entries of volume 1 up to that chapter appear, the rest stay one line.
  await page.goto("/web_novel?arc=1");
  await waitForHydration(page);
  await page
    .locator(`#${unitAnchor(chapterKey(1, 5))}`)
    .getByRole("button", { name: "I have read up to here" })
    .click();
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("rc:progress") ?? "{}").webNovel))
    .toBe("wn:1-5");
  const volume = rows.ln_mistakes.filter((entry) => entry.volume_key === volumeKey("main", 1));
  const reached = volume.filter((entry) =>
    knows(knowledgeOfUnits([chapterKey(1, 5)]), readRevealers(entry.revealed_by)),
  ).length;
  expect(reached).toBeGreaterThan(0);
  expect(reached).toBeLessThan(volume.length);
  await page.goto("/translation_meta/ln_mistls/main_v1");
  await waitForHydration(page);
  await expect(page.locator("article[id^=entry-]:visible")).toHaveCount(reached);
  await expect(page.locator('[data-spoiler="run"]')).toHaveCount(1);
  await expect(page.locator('[data-spoiler="run"]')).toContainText(
    `${volume.length - reached} entries beyond what you have read or watched.`,
  );
});
