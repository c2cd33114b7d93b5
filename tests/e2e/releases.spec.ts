import { parseFeed } from "@rowanmanning/feed-parser";
import { expect, test } from "@playwright/test";
import ICAL from "ical.js";
import { parsePackFolder, resolvePack } from "../../pack";
import { media } from "../../app/lib/content/units";
import { dateOrder, datePrecision, hasCome } from "../../app/lib/content/dates";
import { formatDate } from "../../app/lib/format";
import { waitForHydration } from "../support/browser";

/*
 * The release radar (/releases), its Atom feeds and its calendar, against the demo pack the e2e stack
 * imports: a reader on a phone filters by medium and sees a flagged title only once their progress
 * reveals it; a feed reader and a calendar app, which cannot say what their reader has seen, get
 * files that well-kept parsers read and that name a flagged release by its label alone.
 */

const { pack } = parsePackFolder("content/demo");
if (!pack) throw new Error("the demo content pack does not parse");
const { rows } = resolvePack(pack, "demo");

const labelOf = new Map(rows.story_units.map((unit) => [unit.key, unit.label]));
// The demo titles every Break Time short.
const breakTimeShorts = rows.break_time_episodes.map((short) => ({ ...short, title: short.title! }));
const flaggedShorts = breakTimeShorts.filter((short) => short.title_revealed_by !== null && short.aired_on !== null);
const flaggedChapters = rows.chapters.filter((chapter) => chapter.title_revealed_by !== null);
/** Titles no feed or calendar may carry: each flagged somewhere, and not said openly by anything else in the pack. */
const openTitles = [...rows.anime_episodes, ...rows.ln_volumes].flatMap((unit) => unit.title?.toLowerCase() ?? []);
const gatedTitles = [...flaggedShorts, ...flaggedChapters]
  .map((unit) => unit.title)
  .filter((title) => !openTitles.some((open) => open.includes(title.toLowerCase())));
const today = new Date().toISOString().slice(0, 10);

test("the demo pack has what these checks need: a dated short whose title is flagged, and flagged chapter titles", () => {
  expect(flaggedShorts.length).toBeGreaterThan(0);
  expect(flaggedChapters.length).toBeGreaterThan(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("a reader filters by medium, sees a flagged title as its label, and sees it once they have watched its episode", async ({
    page,
  }) => {
    const short = flaggedShorts[0]!;
    const label = labelOf.get(short.key)!;
    await page.goto("/releases");
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Medium" }).getByRole("link", { name: "Break Time" }).click();
    await expect(page).toHaveURL(/\/releases\?medium=break_time$/);
    const out = page.getByRole("region", { name: "Out now" });
    await expect(out.getByRole("link").first()).toBeVisible();
    // Every release listed is a Break Time short (read once the new list is drawn: the address changes first).
    const badges = () =>
      out
        .getByRole("link")
        .evaluateAll((links) => [...new Set(links.map((link) => link.querySelector("span")?.textContent))]);
    await expect.poll(badges).toEqual(["Break Time"]);

    const row = out.getByRole("link").filter({ hasText: label });
    await expect(row).toContainText("title hidden until you reach it");
    await expect(page.getByRole("main")).not.toContainText(short.title);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Watched up to the episode the short accompanies: the page asks again with what they know.
    const progress = {
      version: 1,
      webNovel: null,
      lightNovels: {},
      sideStories: [],
      anime: short.accompanies,
      breakTime: [],
      skipped: [],
      position: 0,
      updatedAt: "2024-01-01T00:00:00.000Z",
    };
    await page.evaluate((stored) => localStorage.setItem("rc:progress", stored), JSON.stringify(progress));
    await page.reload();
    await expect(out.getByRole("link").filter({ hasText: short.title })).toContainText(label);
    await row.filter({ hasText: short.title }).click();
    await expect(page).toHaveURL(
      new RegExp(`/break_time\\?season=${short.season_number}#bt-${short.season_number}-${short.number}$`),
    );
  });

  test("what is announced is listed soonest first; a medium that does not exist offers the ones that do", async ({
    page,
  }) => {
    const announced = rows.ln_volumes
      .flatMap((volume) =>
        [volume.released_jp, volume.released_en]
          .filter((date): date is string => date !== null && !hasCome(date, today))
          .map((date) => ({ key: volume.key, date })),
      )
      // Soonest by the earliest each can be: a month or a quarter before the days it holds.
      .sort((a, b) => dateOrder(a.date).localeCompare(dateOrder(b.date)));
    await page.goto("/releases?medium=light_novels");
    const coming = page.getByRole("region", { name: "Coming up" });
    if (announced.length) {
      await expect(coming.getByRole("link").first()).toContainText(labelOf.get(announced[0]!.key)!);
    } else {
      await expect(coming).toContainText("No light novel release is dated yet.");
    }
    const response = await page.goto("/releases?medium=games");
    expect(response?.status()).toBe(404);
    await page.getByRole("link", { name: "Anime" }).last().click();
    await expect(page).toHaveURL(/\/releases\?medium=anime$/);
  });
});

test("what is coming is a view of its own: everything dated, soonest first, a medium kept, and back to what came out", async ({
  page,
}) => {
  const announced = [
    ...rows.ln_volumes.flatMap((volume) =>
      [volume.released_jp, volume.released_en].filter((date): date is string => date !== null && !hasCome(date, today)),
    ),
    ...rows.anime_episodes
      .map((episode) => episode.aired_on)
      .filter((date): date is string => date !== null && !hasCome(date, today)),
  ];
  await page.goto("/releases");
  await waitForHydration(page);
  // The radar shows the soonest few; the demo announces fewer than that, so it needs no link to the rest.
  const onRadar = page.getByRole("region", { name: "Coming up" });
  await expect(onRadar.getByRole("link", { name: "Every release coming up" })).toHaveCount(0);

  await page.goto("/releases?upcoming=all");
  await waitForHydration(page);
  await expect(page).toHaveTitle(/^Releases coming up/);
  const coming = page.getByRole("region", { name: "Coming up" });
  await expect(coming).toContainText("Everything dated, soonest first.");
  await expect(page.getByRole("region", { name: "Out now" })).toHaveCount(0);
  const dates = await coming
    .locator("li time")
    .evaluateAll((times) => times.map((time) => time.getAttribute("datetime")));
  expect(dates.length).toBeGreaterThanOrEqual(Math.min(announced.length, 1));
  // Soonest first: a quarter (the demo's short stories 3 in English, April–June 2027) states only its year
  // to a machine, so the years run in order, and the days and months among themselves.
  const years = dates.map((date) => date!.slice(0, 4));
  expect(years).toEqual([...years].sort());
  const exact = dates.filter((date) => date!.length > 4);
  expect(exact).toEqual([...exact].sort());
  // A release announced for a quarter reads as its months.
  const quarter = announced.find((date) => datePrecision(date) === "quarter");
  if (quarter) await expect(coming).toContainText(formatDate(quarter));

  // A medium chosen here keeps to this view; "What came out" goes back to the radar of that medium.
  await page.getByRole("navigation", { name: "Medium" }).getByRole("link", { name: "Light novels" }).click();
  await expect(page).toHaveURL(/\/releases\?medium=light_novels&upcoming=all$/);
  await page.getByRole("link", { name: "What came out" }).click();
  await expect(page).toHaveURL(/\/releases\?medium=light_novels$/);
  await expect(page.getByRole("region", { name: "Out now" })).toBeVisible();

  expect((await page.goto("/releases?upcoming=soon"))?.status()).toBe(404);
});

test("home's latest releases lead to the radar, and the radar's head advertises every feed and the calendar", async ({
  page,
  request,
}) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Every release, and what is coming" }).click();
  await expect(page).toHaveURL(/\/releases$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Releases");
  const advertised = await page
    .locator("head link[rel=alternate]")
    .evaluateAll((links) => links.map((link) => [link.getAttribute("type"), link.getAttribute("href")]));
  expect(advertised).toEqual([
    ["application/atom+xml", "/releases/feed.xml"],
    ...media.map((medium) => ["application/atom+xml", `/releases/${medium}/feed.xml`]),
    ["text/calendar", "/releases/calendar.ics"],
  ]);
  for (const [, href] of advertised) expect((await request.get(href!)).status()).toBe(200);
});

test("every feed is Atom a feed parser reads, holds its medium only, and names a flagged release by its label", async ({
  request,
}) => {
  for (const medium of [null, ...media]) {
    const response = await request.get(medium ? `/releases/${medium}/feed.xml` : "/releases/feed.xml");
    expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    const feed = parseFeed(xml);
    expect(feed.meta.type).toBe("atom");
    // The anime's feed carries its OVAs, specials and films too, each under its own medium.
    const held: string[] = medium === "anime" ? ["anime", "anime_specials"] : [medium ?? ""];
    if (medium) expect(feed.items.every((item) => held.includes(item.categories[0]?.term ?? ""))).toBe(true);
    expect(feed.items.length).toBeLessThanOrEqual(50);
    for (const title of gatedTitles)
      expect(xml.toLowerCase(), `${medium ?? "every medium"}: ${title}`).not.toContain(title.toLowerCase());
  }
  const breakTime = parseFeed(await (await request.get("/releases/break_time/feed.xml")).text());
  const short = flaggedShorts[0]!;
  expect(breakTime.items.map((item) => item.title)).toContain(`Break Time: ${labelOf.get(short.key)}`);
});

for (const [path, scheme] of [
  ["/releases/feed.xml", "light"],
  ["/translation_meta/feed.xml", "dark"],
] as const) {
  test(`${path} opened in a browser (${scheme}) reads as a page that says what a feed is, and links back to this run`, async ({
    page,
    baseURL,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(path);
    // The stylesheet applies: the note on what a feed is, the feed's title as a heading, the entries as
    // blocks, and what only a feed reader needs hidden; nothing scrolls sideways on a phone.
    const looks = await page.evaluate(() => {
      const style = (selector: string, pseudo?: string) => {
        const element = document.querySelector(selector);
        return element ? getComputedStyle(element, pseudo) : null;
      };
      return {
        note: style(":root", "::before")?.content,
        title: style(":root > title")?.display,
        entry: style("entry")?.display,
        id: style("entry > id")?.display,
        background: style(":root")?.backgroundColor,
        sideways: document.documentElement.scrollWidth > window.innerWidth,
      };
    });
    expect(looks.note).toContain("This is a feed.");
    expect(looks).toMatchObject({ title: "block", entry: "block", id: "none", sideways: false });
    expect(looks.background).toBe(scheme === "dark" ? "oklch(0.18 0.012 60)" : "oklch(0.99 0.004 80)");
    // A local run's links lead back to it (no site origin is set), not to the production address.
    const self = await page.evaluate(() => document.querySelector("link[rel=self]")?.getAttribute("href"));
    expect(self).toBe(`${baseURL}${path}`);
  });
}

test("a feed reader polling with the tag it has gets a 304 without a body, also when the edge holds no copy", async ({
  request,
}) => {
  const first = await request.get("/releases/feed.xml");
  const etag = first.headers()["etag"];
  expect(etag).toBeTruthy();
  // An address the edge cache has not seen (the feed ignores the parameter), so the Function answers.
  const again = await request.get(`/releases/feed.xml?poll=${Date.now()}`, { headers: { "If-None-Match": etag! } });
  expect(again.status()).toBe(304);
  expect(again.headers()["x-edge-cache"]).toBe("MISS");
  expect(await again.body()).toHaveLength(0);
});

test("the calendar is iCalendar a calendar library reads: all-day volume and episode dates, no flagged title", async ({
  request,
}) => {
  const response = await request.get("/releases/calendar.ics");
  expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const text = await response.text();
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
  // A calendar's event is a day: a date known only by its month, quarter or year is left out.
  const days = (dates: (string | null)[]) => dates.filter((date) => date?.length === 10).length;
  // The light novels' volumes in both editions, and the manga's volumes in both (never its chapters).
  const volumeDates = days([
    ...rows.ln_volumes.flatMap((volume) => [volume.released_jp, volume.released_en]),
    ...rows.manga_volumes.flatMap((volume) => [volume.released_on, volume.released_en]),
  ]);
  // A recut's episodes air as the season's do (decision 45); an OVA, special or film is an event on its day.
  const episodeDates = days([
    ...[...rows.anime_episodes, ...rows.anime_recut_episodes].map((each) => each.aired_on),
    ...rows.anime_specials.map((special) => special.released_on),
  ]);
  expect(events.length).toBe(Math.min(volumeDates + episodeDates, 400));
  expect(events.every((event) => event.startDate.isDate)).toBe(true);
  expect(new Set(events.map((event) => event.uid)).size).toBe(events.length);
  for (const title of gatedTitles) expect(text.toLowerCase()).not.toContain(title.toLowerCase());
  const first = rows.anime_episodes[0]!;
  expect(events.find((event) => event.uid.startsWith(`${first.key}/`))?.startDate.toString()).toBe(first.aired_on);
});
