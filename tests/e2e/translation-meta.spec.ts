import { expect, test } from "@playwright/test";
import { clientNavigate, followRequests, waitForHydration } from "../support/browser";

// These pages are about the content, not the spoiler shield (tests/e2e/tracker.spec.ts): show everything.
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem("rc:spoiler-mode", "off"));
});

test("a reader filters a volume to plot-relevant entries and follows a permalink", async ({ page, context }) => {
  await page.goto("/translation_meta/ln_mistls");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Light novel translation notes");
  await page.getByRole("link", { name: "Lanternfall 1", exact: true }).click();
  await expect(page).toHaveURL(/\/translation_meta\/ln_mistls\/main_v1$/);
  await waitForHydration(page);

  await page.getByLabel("Severity").selectOption("plot_relevant");
  await expect(page).toHaveURL(/severity=plot_relevant/);
  const entries = page.locator("article[id^=entry-]");
  await expect(entries.first()).toBeVisible();
  for (const badge of await entries.locator("text=Plot-relevant").all()) await expect(badge).toBeVisible();
  // The address changes as the filter is chosen; the list follows once the filtered page has loaded.
  const unfiltered = async () =>
    (await entries.count()) - (await page.locator("article[id^=entry-]", { hasText: "Plot-relevant" }).count());
  await expect.poll(unfiltered).toBe(0);

  // The official and suggested text sit side by side with the changed words marked.
  const first = entries.first();
  await expect(first.getByText("Official", { exact: true })).toBeVisible();
  await expect(first.getByText("Suggested", { exact: true })).toBeVisible();
  await expect(first.locator("ins").first()).toBeVisible();

  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await first.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByRole("region", { name: "Notifications (F8)" })).toContainText("Link copied");

  const id = await first.getAttribute("id");
  await first.getByRole("link", { name: "Permalink" }).click();
  await expect(page).toHaveURL(new RegExp(`#${id}$`));

  // A shared permalink opens on the entry, highlighted.
  const shared = await context.newPage();
  await shared.goto(`/translation_meta/ln_mistls/main_v1#${id}`);
  await expect(shared.locator(`#${id}`)).toBeInViewport();
  expect(await shared.evaluate(() => document.querySelector(":target")?.id)).toBe(id);
  const ring = await shared.locator(`#${id}`).evaluate((element) => getComputedStyle(element).boxShadow);
  expect(ring).not.toBe("none");
});

test("malformed volume addresses give the 404 page", async ({ page }) => {
  for (const slug of [
    "main_v0",
    "main_vx",
    "_v3",
    "main_v",
    "1234567890123456789012345678901234567890",
    "main_v3_v4",
    "main_v999",
  ]) {
    const response = await page.goto(`/translation_meta/ln_mistls/${slug}`);
    expect(response?.status(), slug).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      `Page not found: /translation_meta/ln_mistls/${slug}`,
    );
  }
});

test("light novels and mistakes pages link to each other", async ({ page }) => {
  await page.goto("/light_novels");
  const volume = page.locator("#ln-main-1");
  await volume.getByRole("link", { name: /translation notes? for the English edition/ }).click();
  await expect(page).toHaveURL(/\/translation_meta\/ln_mistls\/main_v1$/);
  await page.getByRole("link", { name: "This volume on the light novels page" }).click();
  await expect(page).toHaveURL(/\/light_novels\?collection=main#ln-main-1$/);
});

test("the anime page shows one season's entries at a time, by episode with timestamps", async ({ page }) => {
  await page.goto("/translation_meta/anime_mistls");
  await expect(page.getByRole("heading", { level: 2, name: "Season 1" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Season 2" })).toHaveCount(0);
  await expect(page.locator("article[id^=entry-]").first()).toContainText(/\d+:\d{2}–\d+:\d{2}/);
  await page
    .getByRole("navigation", { name: "Seasons" })
    .getByRole("link", { name: /Season 2/ })
    .click();
  await expect(page).toHaveURL(/\?season=2$/);
  await expect(page.getByRole("heading", { level: 2, name: "Season 2" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Season 1" })).toHaveCount(0);
});

test("the hub's count of anime entries says it holds the OVAs, specials and films, and is the anime page's sections added up", async ({
  page,
}) => {
  await page.goto("/translation_meta");
  const anime = page.getByRole("main").getByRole("link", { name: /^Anime\s*\d+ entr/ });
  await expect(anime).toHaveText(/^Anime\s*\d+ entries, by season and episode, OVA, special or film$/);
  const total = Number((await anime.textContent())!.match(/(\d+) entries/)![1]);
  await page.goto("/translation_meta/anime_mistls");
  const sections = page.getByRole("navigation", { name: "Seasons" }).getByRole("listitem");
  await expect(sections.filter({ hasText: "OVAs, specials and films" })).toHaveCount(1);
  const counts = (await sections.allTextContents()).map((text) => Number(text.match(/(\d+) entr(?:y|ies)/)![1]));
  expect(counts.reduce((sum, each) => sum + each, 0)).toBe(total);
});

test("the Atom feed parses and lists entries, and the hub's head advertises it", async ({ page }) => {
  await page.goto("/translation_meta");
  await expect(page.locator('head link[rel=alternate][type="application/atom+xml"]')).toHaveAttribute(
    "href",
    "/translation_meta/feed.xml",
  );
  const feed = await page.evaluate(async () => {
    const response = await fetch("/translation_meta/feed.xml");
    const xml = new DOMParser().parseFromString(await response.text(), "application/xml");
    const atom = "http://www.w3.org/2005/Atom";
    const entries = [...xml.getElementsByTagNameNS(atom, "entry")];
    return {
      type: response.headers.get("content-type"),
      error: xml.getElementsByTagName("parsererror").length,
      root: `${xml.documentElement.namespaceURI} ${xml.documentElement.localName}`,
      count: entries.length,
      complete: entries.every((entry) =>
        ["id", "title", "updated", "summary", "author"].every(
          (name) => entry.getElementsByTagNameNS(atom, name).length > 0,
        ),
      ),
    };
  });
  expect(feed).toEqual({
    type: "application/xml; charset=utf-8",
    error: 0,
    root: "http://www.w3.org/2005/Atom feed",
    count: 50,
    complete: true,
  });
});

test("a search across light novel entries pages through its matches with real links, the total on every page", async ({
  page,
}) => {
  await page.goto("/translation_meta/ln_mistls?q=the");
  const status = page.locator("#matches-title");
  await expect(status).toHaveText(/^Showing 1–10 of (\d+) entries matching “the”$/);
  const total = Number(/of (\d+)/.exec((await status.textContent()) ?? "")?.[1]);
  expect(total).toBeGreaterThan(20);
  await expect(page.locator("article[id^=entry-]")).toHaveCount(10);

  // A plain link with the query kept, so paging works before (and without) JavaScript.
  const next = page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next →" });
  await expect(next).toHaveAttribute("href", "/translation_meta/ln_mistls?q=the&page=2");
  const firstOnPageOne = await page.locator("article[id^=entry-]").first().getAttribute("id");
  await next.click();
  await expect(page).toHaveURL(/\?q=the&page=2$/);
  await expect(status).toHaveText(`Showing 11–20 of ${total} entries matching “the”`);
  await expect(page.getByRole("navigation", { name: "Pages" })).toContainText(`Page 2 of ${Math.ceil(total / 10)}`);
  await expect(page.locator(`#${firstOnPageOne}`)).toHaveCount(0);

  // Past the last page is not an empty page but a 404.
  const response = await page.goto(`/translation_meta/ln_mistls?q=the&page=${Math.ceil(total / 10) + 1}`);
  expect(response?.status()).toBe(404);
});

test("the light novels page shows a collection twelve volumes at a time, and a later volume's link opens its page", async ({
  page,
}) => {
  await page.goto("/light_novels?collection=main");
  await expect(page.getByText(/^Showing 1–12 of \d+ volumes$/)).toBeVisible();
  await expect(page.locator("li[id^=ln-main-]")).toHaveCount(12);
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next →" }).click();
  await expect(page).toHaveURL(/\?collection=main&page=2$/);
  await expect(page.locator("#ln-main-13")).toBeVisible();

  await page.goto("/translation_meta/ln_mistls/main_v13");
  await page.getByRole("link", { name: "This volume on the light novels page" }).click();
  await expect(page).toHaveURL(/\/light_novels\?collection=main&page=2#ln-main-13$/);
  await expect(page.locator("#ln-main-13")).toBeInViewport();
});

test("a volume's filters count only the entries its reader can see", async ({ page }) => {
  const requests = followRequests(page);
  const severities = async () => {
    await page.goto("/translation_meta/ln_mistls/main_v1");
    await waitForHydration(page);
    await requests.quiet();
    return (await page.getByLabel("Severity").locator("option").allTextContents()).slice(1);
  };
  const counted = (options: string[]) =>
    options.reduce((sum, option) => sum + Number(/\((\d+)\)$/.exec(option)?.[1]), 0);
  // With the shield off every entry shows, and is counted.
  const everything = counted(await severities());
  expect(everything).toBeGreaterThan(0);
  // A new reader sees every entry of the volume behind the shield, and no filter counts them.
  await page.addInitScript(() => localStorage.removeItem("rc:spoiler-mode"));
  expect(counted(await severities())).toBe(0);
  await expect(page.locator('[data-spoiler="run"]').first()).toBeVisible();
});

test("a volume's line on the index counts by severity only the entries its reader has reached, as the volume's own filter does", async ({
  page,
}) => {
  const requests = followRequests(page);
  await page.addInitScript(() => localStorage.removeItem("rc:spoiler-mode"));
  const volumeRow = () =>
    page
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader").getByRole("link", { name: "Lanternfall 2", exact: true }) });
  const volumeLine = async () => {
    await page.goto("/translation_meta/ln_mistls");
    await waitForHydration(page);
    await requests.quiet();
    return volumeRow().getByRole("cell").allTextContents();
  };
  // Every entry of Lanternfall 2 is behind the shield: a new reader is told how many there are, not of what severity.
  expect(await volumeLine()).toEqual(["–", "–", "–", "18"]);
  // A reader at arc 2 has reached one of its three plot-relevant entries; the two others come much later.
  const progress = {
    version: 2,
    webNovel: "wn:2-20",
    anime: null,
    lightNovels: [],
    sideStories: [],
    breakTime: [],
    skipped: [],
    position: 0,
    updatedAt: "2024-01-01T00:00:00.000Z",
  };
  await page.addInitScript((stored) => localStorage.setItem("rc:progress", stored), JSON.stringify(progress));
  expect(await volumeLine()).toEqual(["12", "3", "1", "18"]);
  await page.goto("/translation_meta/ln_mistls/main_v2");
  await waitForHydration(page);
  await requests.quiet();
  await expect(page.getByLabel("Severity").locator("option", { hasText: "Plot-relevant" })).toHaveText(
    "Plot-relevant (1)",
  );
  // What they asked to see on a page is not what they have reached: back on the index, the counts stay theirs.
  await page
    .getByRole("main")
    .getByRole("button", { name: /^Show (it|them)$/ })
    .first()
    .click();
  await requests.quiet();
  await clientNavigate(page, "/translation_meta/ln_mistls");
  await requests.quiet();
  await expect(volumeRow().getByRole("cell")).toHaveText(["12", "3", "1", "18"]);
  // Nor is everything, for a reader who blurs what they have not reached: counts cannot be blurred.
  await page.addInitScript(() => localStorage.setItem("rc:spoiler-mode", "blur"));
  expect(await volumeLine()).toEqual(["12", "3", "1", "18"]);
});

test("under a filter, a viewer part-way through the anime is never told that no entry matches while their own entries are on the way", async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.removeItem("rc:spoiler-mode"));
  const progress = {
    version: 2,
    webNovel: null,
    lightNovels: [],
    sideStories: [],
    anime: "anime:1-5",
    recuts: [],
    breakTime: [],
    animeSpecials: [],
    manga: [],
    skipped: [],
    position: 0,
    updatedAt: "2024-01-01T00:00:00.000Z",
  };
  await page.addInitScript((stored) => localStorage.setItem("rc:progress", stored), JSON.stringify(progress));
  // Their answer is held back a while, as on a slow connection.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith(".data") && url.searchParams.has("reveal"),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto("/translation_meta/anime_mistls?severity=minor");
  await waitForHydration(page);
  const status = page
    .getByRole("main")
    .getByRole("status")
    .filter({ hasText: /entr|match/ });
  await expect(status).toBeHidden();
  release();
  await expect(status).toBeVisible();
  await expect(status).toHaveText(/^\d+ entr(y|ies) in season 1, of/);
});
