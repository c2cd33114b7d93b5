import { expect, type Page, test } from "@playwright/test";
import { parsePackFolder, resolvePack } from "../../pack";
import { unitPath } from "../../app/lib/content/units";
import { emptyProgress } from "../../app/lib/progress/record";
import { paintedText, recordPaintedText, waitForHydration } from "../support/browser";

/*
 * The site search as a reader uses it: a character's name finds the character first, in the header's
 * suggestions on a phone and on a laptop and on the results page; the results narrow by kind; and a
 * gated hit reaches only a reader who has consumed what reveals it (the others get a count).
 */

const { pack } = parsePackFolder("content/demo");
if (!pack) throw new Error("the demo content pack does not parse");
const { rows } = resolvePack(pack, "demo");
// The demo titles every Break Time short.
const breakTimeShorts = rows.break_time_episodes.map((short) => ({ ...short, title: short.title! }));

/** Opens the header's search (behind its button on a phone), types, and waits for the suggestions. */
async function suggest(page: Page, query: string) {
  const box = page.getByRole("combobox", { name: "Search the site" });
  if (!(await box.isVisible())) {
    // A phone: the box opens below the header from the search button, ready to type in.
    await page.getByRole("link", { name: "Search", exact: true }).click();
    await expect(box).toBeVisible();
    await expect(box).toBeFocused();
  }
  const answered = page.waitForResponse((response) => {
    const params = new URL(response.url()).searchParams;
    return params.get("suggest") === "1" && params.get("q") === query;
  });
  await box.fill(query);
  await answered;
  const listbox = page.getByRole("listbox", { name: "Suggestions" });
  await expect(listbox).toBeVisible();
  return listbox.getByRole("option");
}

for (const viewport of [
  { width: 360, height: 760 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px, "ilse" in the header suggests Ilse Marrow first and opens her page`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto("/");
    await waitForHydration(page);
    const options = await suggest(page, "ilse");
    await expect(options.first()).toContainText("Ilse Marrow");
    await expect(options.first()).toContainText("Character");
    // The suggestions fit on the screen.
    const box = await page.getByRole("listbox", { name: "Suggestions" }).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
    await expect(options.last()).toContainText("All results for “ilse”");
    await options.first().click();
    await expect(page).toHaveURL(/\/characters\/ilse-marrow$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ilse Marrow");
  });
}

test("Escape closes the suggestions and keeps what the reader typed; a second Escape clears it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await waitForHydration(page);
  await suggest(page, "ilse");
  const box = page.getByRole("combobox", { name: "Search the site" });
  await box.press("Escape");
  await expect(page.getByRole("listbox", { name: "Suggestions" })).toBeHidden();
  await expect(box).toHaveValue("ilse");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=ilse$/);
  await box.fill("ilse");
  await box.press("Escape");
  await box.press("Escape");
  await expect(box).toHaveValue("");
});

test("the results page ranks the character first and narrows by kind with counts, keeping the kind across pages", async ({
  page,
  context,
}) => {
  // A reader with the shield off: every hit is theirs to see, so every kind has its chip.
  await context.addInitScript(() => localStorage.setItem("rc:spoiler-mode", "off"));
  // Six chapter titles name Nix; the character comes first.
  await page.goto("/search?q=nix");
  await waitForHydration(page);
  const results = page.getByRole("main").locator("ol > li:not([data-spoiler])");
  await expect(results.first()).toContainText("Nix");
  await expect(results.first().locator("a")).toHaveAttribute("href", "/characters/nix");
  await expect(results.first()).toContainText("Character");

  await page.goto("/search?q=ilse");
  await waitForHydration(page);
  await expect(results.first()).toContainText("Ilse Marrow");
  const kinds = page.getByRole("navigation", { name: "Kind of result" });
  await expect(kinds.getByRole("link", { name: /^All \d+$/ })).toHaveAttribute("aria-current", "page");
  const mistakes = kinds.getByRole("link", { name: /^Translation notes \d+$/ });
  const count = Number((await mistakes.innerText()).match(/\d+/)?.[0]);
  expect(count).toBeGreaterThan(0);
  await mistakes.click();
  await expect(page).toHaveURL(/[?&]kind=translation_note\b/);
  await expect(mistakes).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("status")).toContainText(`${count} result`);
  await expect(page.getByRole("status")).toContainText("among translation notes");
  for (const badge of await results.locator("a > span:first-child").allInnerTexts())
    expect(badge).toBe("Translation note");

  await kinds.getByRole("link", { name: /^All \d+$/ }).click();
  await expect(page).not.toHaveURL(/kind=/);
  await expect(results.first()).toContainText("Ilse Marrow");
});

/** A stored progress record with only these Break Time shorts watched. */
const watched = (shorts: string[]) =>
  JSON.stringify({
    version: 1,
    webNovel: null,
    lightNovels: {},
    sideStories: [],
    anime: null,
    breakTime: shorts,
    position: 0,
    updatedAt: "2026-01-01T00:00:00.000Z",
  });

test("a gated hit gives nothing away to a reader who has not reached it: not suggested, not counted, until they have", async ({
  page,
}) => {
  // A flagged Break Time short is gated with its episode, and its title is its own (episodes are named after chapters).
  const publicTitles = [
    ...rows.chapters.filter((chapter) => chapter.title_revealed_by === null).map((chapter) => chapter.title),
    ...rows.ln_volumes.flatMap((volume) => (volume.title === null ? [] : [volume.title])),
    ...rows.side_stories.map((story) => story.title),
    ...rows.characters.flatMap((character): string[] => [character.name, ...JSON.parse(character.aliases)]),
  ];
  const short = breakTimeShorts.find(
    (row) => row.title_revealed_by !== null && !publicTitles.some((title) => title.includes(row.title)),
  );
  if (!short) throw new Error("the demo pack has no Break Time short with a title of its own");
  const word = short.title
    .split(" ")
    .filter((each) => /^[A-Za-z]+$/.test(each))
    .sort((a, b) => b.length - a.length)[0]!;
  await page.goto("/");
  await waitForHydration(page);

  // The suggestions ask with what the reader knows (nothing): the answer holds no trace of the short.
  const box = page.getByRole("combobox", { name: "Search the site" });
  const answered = page.waitForResponse(
    (response) => response.url().includes("suggest=1") && response.url().includes(`q=${encodeURIComponent(word)}`),
  );
  await box.fill(word);
  const answer = await (await answered).text();
  for (const trace of [short.title, short.key, unitPath(short.key)]) expect(answer).not.toContain(trace);
  await expect(page.getByRole("listbox", { name: "Suggestions", includeHidden: true })).not.toContainText(short.title);

  await box.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
  await waitForHydration(page);
  // Nothing says a hit was left out: the page says for any words that results that would give something away are.
  await expect(page.getByRole("main")).toContainText(
    "Results that would give away something you have not read or watched yet are left out.",
  );
  await expect(page.getByRole("main")).not.toContainText(/beyond (what you have read or watched|the first chapter)/);
  await expect(page.getByRole("main")).not.toContainText(short.title);
  await expect(page.getByRole("link", { name: new RegExp(short.title) })).toHaveCount(0);

  // Once the reader has watched the short, the same search shows it, linked to its place on the Break Time page,
  // and the header suggests it.
  await page.evaluate((progress) => localStorage.setItem("rc:progress", progress), watched([short.key]));
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("link", { name: new RegExp(short.title) })).toHaveAttribute("href", unitPath(short.key));
  const options = await suggest(page, word);
  await expect(options.first()).toContainText(short.title);
});

test("a reader with progress is told only their own count: the first answer's waits unseen with its results", async ({
  page,
}) => {
  // A character met in the web novel after its first chapter, searched by name: the first answer
  // (a requester who knows nothing) leaves them out, the reader's own answer has them.
  const character = rows.characters.find((each) => each.revealed_by !== null && each.first_web_novel !== null);
  if (!character) throw new Error("the demo pack has no character met after the first chapter");
  const word = character.name.split(" ")[0]!;
  const path = `/search?q=${encodeURIComponent(word)}`;
  await page.goto(path);
  await waitForHydration(page);
  const everyones = await page.getByRole("status").innerText();

  await recordPaintedText(page, "main [role=status]");
  const progress = { version: 1, webNovel: character.first_web_novel, anime: null, lightNovels: {}, sideStories: [] };
  const stored = { ...progress, breakTime: [], skipped: [], position: 0, updatedAt: "2024-01-01T00:00:00.000Z" };
  await page.evaluate((value) => localStorage.setItem("rc:progress", value), JSON.stringify(stored));
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("main").locator(`ol a[href="/characters/${character.slug}"]`)).toBeVisible();
  const theirs = await page.getByRole("status").innerText();
  expect(theirs).not.toBe(everyones);
  expect(await paintedText(page)).toEqual([theirs]);
});

/** Every unit whose title has a word starting with "ash", with whether the pack flags its title. */
const ashTitles = [
  ...rows.chapters.map((unit) => ({ title: unit.title, flagged: unit.title_revealed_by !== null })),
  ...rows.ln_volumes.flatMap((unit) => (unit.title === null ? [] : [{ title: unit.title, flagged: false }])),
  ...rows.side_stories.map((unit) => ({ title: unit.title, flagged: unit.revealed_by !== null })),
  ...rows.anime_episodes.flatMap((unit) => (unit.title === null ? [] : [{ title: unit.title, flagged: false }])),
  ...breakTimeShorts.map((unit) => ({ title: unit.title, flagged: unit.title_revealed_by !== null })),
].filter((unit) => /\bash/i.test(unit.title));

test('a new reader searching "ash" is told no title of what they have not reached: not suggested, listed or counted', async ({
  page,
}) => {
  expect(ashTitles.length).toBeGreaterThan(1);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await waitForHydration(page);
  const box = page.getByRole("combobox", { name: "Search the site" });
  const answered = page.waitForResponse(
    (response) => response.url().includes("suggest=1") && response.url().includes("q=ash"),
  );
  await box.fill("ash");
  const answer = await (await answered).text();
  for (const { title } of ashTitles) expect(answer, title).not.toContain(title);
  await expect(page.getByRole("listbox", { name: "Suggestions", includeHidden: true })).not.toContainText(
    /Chapter|Light novel/,
  );

  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=ash$/);
  await waitForHydration(page);
  const main = page.getByRole("main");
  for (const { title } of ashTitles) await expect(main).not.toContainText(title);
  // No chip counts what was left out, and the count is what the page lists.
  const kinds = page.getByRole("navigation", { name: "Kind of result" });
  for (const kind of ["Chapters", "Light novels", "Side stories", "Anime episodes", "Break Time"])
    await expect(kinds.getByRole("link", { name: new RegExp(`^${kind} \\d+$`) })).toHaveCount(0);
  const listed = await main.locator("ol > li:not([data-spoiler]) a").count();
  await expect(page.getByRole("status")).toContainText(listed === 1 ? "1 result" : `${listed} results`);
});

test("a reader who chooses to see titles of what they have not reached finds them by search and on the radar", async ({
  page,
}) => {
  const open = ashTitles.find((unit) => !unit.flagged && !/:/.test(unit.title));
  const flagged = ashTitles.find((unit) => unit.flagged);
  if (!open || !flagged)
    throw new Error("the demo pack has no open and no flagged title with a word starting with ash");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/reading_tracker");
  await waitForHydration(page);
  const titles = page.getByRole("group", { name: "Titles of what I have not reached" });
  await expect(titles.getByRole("radio", { name: /^Hide/ })).toBeChecked();
  await titles.getByRole("radio", { name: /^Show/ }).check();
  expect(await page.evaluate(() => localStorage.getItem("rc:unreached-titles"))).toBe("show");

  await page.goto("/search?q=ash");
  await waitForHydration(page);
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: new RegExp(open.title) })).toBeVisible();
  // A title the pack flags stays hidden whatever the reader chose.
  await expect(main).not.toContainText(flagged.title);

  // The radar names what came out by title, and its feeds say so in their addresses.
  await page.goto("/releases?medium=anime");
  await waitForHydration(page);
  const today = new Date().toISOString().slice(0, 10);
  const episode = rows.anime_episodes
    .filter((each) => each.aired_on?.length === 10 && each.aired_on <= today)
    .sort((a, b) => b.aired_on!.localeCompare(a.aired_on!))[0]!;
  await expect(page.getByRole("region", { name: "Out now" })).toContainText(episode.title!);
  await expect(page.getByRole("link", { name: /Anime releases \(Atom feed\)/ })).toHaveAttribute(
    "href",
    "/releases/anime/feed.xml?reveal=titles",
  );

  // Back to hide: the radar names them by place again.
  await page.goto("/reading_tracker");
  await waitForHydration(page);
  await page
    .getByRole("group", { name: "Titles of what I have not reached" })
    .getByRole("radio", { name: /^Hide/ })
    .check();
  await page.goto("/releases?medium=anime");
  await waitForHydration(page);
  await expect(page.getByRole("region", { name: "Out now" })).not.toContainText(episode.title!);
});

test("at 360 px, an arc's name in the header finds the arc, named as the web novel page names it, and opens it", async ({
  page,
}) => {
  const arc = rows.arcs.find((each) => each.number === 3)!;
  expect(arc.title).toBe("Cinder Academy");
  await page.setViewportSize({ width: 360, height: 760 });
  // A first visit: the web novel page names every arc to everyone, and so does search.
  await page.goto("/");
  await waitForHydration(page);
  const box = page.getByRole("combobox", { name: "Search the site" });
  await page.getByRole("link", { name: "Search", exact: true }).click();
  await expect(box).toBeFocused();
  await box.fill("Cinder Academy");
  const options = page.getByRole("listbox", { name: "Suggestions" }).getByRole("option");
  await expect(options.first()).toContainText(arc.title);
  await expect(options.first()).toContainText("Web novel arc · Arc 3");
  const listbox = await page.getByRole("listbox", { name: "Suggestions" }).boundingBox();
  expect(listbox && listbox.x >= 0 && listbox.x + listbox.width <= 360).toBe(true);
  await options.first().click();
  await expect(page).toHaveURL(/\/web_novel\?arc=3$/);
  await expect(page.getByRole("main")).toContainText(arc.title);
});

test("at 360 px, an arc's Japanese title finds it, shown under its title in the suggestions and the results", async ({
  page,
}) => {
  const arc = rows.arcs.find((each) => each.number === 1)!;
  expect(arc.original_title).toBe("燃えない灯芯");
  await page.setViewportSize({ width: 360, height: 760 });
  await page.goto("/");
  await waitForHydration(page);
  // Part of a run of letters, as a reader types it.
  const options = await suggest(page, "灯芯");
  await expect(options.first()).toContainText(arc.title);
  await expect(options.first().locator('[lang="ja"]')).toHaveText(arc.original_title!);

  await page.goto(`/search?q=${encodeURIComponent("灯芯")}`);
  await waitForHydration(page);
  const first = page.getByRole("main").locator("ol > li").first();
  await expect(first).toContainText(arc.title);
  await expect(first.locator('[lang="ja"]')).toHaveText(arc.original_title!);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // English words are answered without original titles.
  await page.goto(`/search?q=${encodeURIComponent(arc.title)}`);
  await waitForHydration(page);
  await expect(page.getByRole("main").locator("ol > li", { hasText: arc.title }).first()).toBeVisible();
  await expect(page.getByRole("main").locator('ol [lang="ja"]')).toHaveCount(0);
});

/** The demo's Lanternfall 15, announced without a title yet: named by its place, found by it by everyone. */
const untitledVolume = rows.ln_volumes.find((volume) => volume.key === "ln:main-15" && volume.title === null);
if (!untitledVolume?.isbn) throw new Error("the demo pack has no Lanternfall 15 without a title, with an ISBN");
const untitledName = rows.story_units.find((unit) => unit.key === untitledVolume.key)!.label;

for (const [reader, progress] of [
  ["a newcomer", null],
  ["a reader of every volume out", { ...emptyProgress, lightNovels: ["ln:main-14"] }],
] as const)
  for (const viewport of [
    { width: 360, height: 760 },
    { width: 1280, height: 800 },
  ])
    test(`at ${viewport.width} px, ${reader} finds ${untitledName}, which has no title, by its name and its ISBN`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      if (progress) {
        const stored = JSON.stringify({ ...progress, updatedAt: "2026-01-01T00:00:00.000Z" });
        await page.addInitScript((value) => localStorage.setItem("rc:progress", value), stored);
      }
      await page.goto("/");
      await waitForHydration(page);
      const options = await suggest(page, untitledName);
      const suggested = options.filter({ hasText: "Light novel" }).filter({ hasText: untitledName });
      await expect(suggested).toHaveCount(1);
      await suggested.click();
      await expect(page).toHaveURL(new RegExp(`${unitPath(untitledVolume.key).replace(/[?]/g, "\\?")}$`));

      for (const words of [untitledName, untitledVolume.isbn!]) {
        await page.goto(`/search?q=${encodeURIComponent(words)}`);
        await waitForHydration(page);
        const result = page.getByRole("main").locator(`ol a[href="${unitPath(untitledVolume.key)}"]`);
        await expect(result, words).toHaveText(new RegExp(`^Light novel\\s*${untitledName}$`));
        // Counted with what the reader may see: not "Nothing you have reached matches".
        await expect(page.getByRole("status"), words).toHaveText(new RegExp(`^\\d+ results? for “${words}”$`));
        const box = await result.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= viewport.width, words).toBe(true);
      }
    });

/** The demo's Lanternfall 5, titled: everyone finds it by its place, named by it, its title kept for its readers. */
const titledVolume = rows.ln_volumes.find((volume) => volume.key === "ln:main-5" && volume.title !== null);
if (!titledVolume?.title) throw new Error("the demo pack has no titled Lanternfall 5");
const titledName = rows.story_units.find((unit) => unit.key === titledVolume.key)!.label;

test(`at 360 px, a newcomer finds ${titledName} by "vol 5", named by its place, its title nowhere in the page`, async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 760 });
  const response = await page.goto(`/search?q=${encodeURIComponent("vol 5")}`);
  const source = await response!.text();
  await waitForHydration(page);
  const results = page.getByRole("main").locator("ol a");
  await expect(results).toHaveCount(1);
  await expect(results).toHaveText(new RegExp(`^Light novel\\s*${titledName}$`));
  await expect(results).toHaveAttribute("href", unitPath(titledVolume.key));
  await expect(page.getByRole("status")).toHaveText("1 result for “vol 5”");
  const box = await results.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
  // Neither its title, nor its original, nor its chapters' are in what the server sent or the page shows.
  const secrets = [titledVolume.title!, titledVolume.original_title!, ...JSON.parse(titledVolume.chapter_titles)];
  for (const secret of secrets.filter(Boolean)) {
    expect(source, secret).not.toContain(secret);
    expect(await page.content(), secret).not.toContain(secret);
  }
});

/** Arc 3's twelfth chapter, titled, which fans write "3-12": everyone finds it by that, named by its place. */
const chapter = rows.chapters.find((each) => each.key === "wn:3-13")!;
const chapterName = rows.story_units.find((unit) => unit.key === chapter.key)!.label;

test(`at 360 px, a newcomer types "3-12" in the header and is offered ${chapterName}, named by its place, and opens it`, async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 760 });
  await page.goto("/");
  await waitForHydration(page);
  const options = await suggest(page, "3-12");
  await expect(options.first()).toHaveText(new RegExp(`^${chapterName}\\s*Chapter$`));
  for (const secret of [chapter.title, chapter.original_title!])
    expect(await page.content(), secret).not.toContain(secret);
  await options.first().click();
  await expect(page).toHaveURL(new RegExp(`${unitPath(chapter.key).replace(/[?]/g, "\\?")}$`));
});

/** Season 1's episode 7, titled: "s1e7", as viewers write it, finds it for everyone, named by its place. */
const episode = rows.anime_episodes.find((each) => each.key === "anime:1-7")!;

for (const words of ["s1e7", "1x07"])
  test(`at 1280 px, a newcomer's "${words}" lists Season 1 · Episode 7 first, its title nowhere in the page`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const response = await page.goto(`/search?q=${encodeURIComponent(words)}`);
    const source = await response!.text();
    await waitForHydration(page);
    const first = page.getByRole("main").locator("ol a").first();
    await expect(first).toHaveText(/^Anime episode\s*Season 1 · Episode 7$/);
    await expect(first).toHaveAttribute("href", unitPath(episode.key));
    await expect(page.getByRole("status")).toHaveText(new RegExp(`^\\d+ results? for “${words}”$`));
    expect(source).not.toContain(episode.title!);
    expect(await page.content()).not.toContain(episode.title!);
  });
