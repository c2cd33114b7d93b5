import { expect, type Page, type Request, test } from "@playwright/test";
import { parsePackFolder, resolvePack } from "../../pack";
import { type Knowledge, knowledgeOfUnits, knows, noKnowledge, readRevealers } from "../../app/lib/shield/knowledge";
import type { StoredMediumName } from "../../app/lib/content/medium-names";
import { emptyProgress } from "../../app/lib/progress/record";
import { unitAnchor } from "../../app/lib/content/units";
import { followRequests, waitForHydration } from "../support/browser";

const { pack } = parsePackFolder("content/demo");
if (!pack) throw new Error("The demo pack does not parse");
const { rows } = resolvePack(pack, "demo");

// These pages are about the content, not the spoiler shield (tests/e2e/tracker.spec.ts): show everything.
test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem("rc:spoiler-mode", "off"));
});

/**
 * The shield as a reader has it (this file's other tests turn it off), for a web novel reader at
 * `webNovel` (none: no progress), as the tracker stores it.
 */
function withShieldOn(page: Page, webNovel: string | null) {
  const progress = webNovel ? JSON.stringify({ ...emptyProgress, webNovel }) : null;
  return page.addInitScript((stored) => {
    localStorage.removeItem("rc:spoiler-mode");
    if (stored) localStorage.setItem("rc:progress", stored);
  }, progress);
}

// These run against the demo pack that the e2e stack imports (content/demo).

test("each catalogue page shows the pack's data", async ({ page }) => {
  for (const [path, heading, text] of [
    ["/web_novel", "Web novel", "The Unburnt Wick"],
    ["/light_novels", "Light novels", "ISBN"],
    ["/side_stories", "Side stories", "IF route"],
    ["/break_time", "Break Time", "Season 2"],
    ["/characters", "Characters", "Ilse Marrow"],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByText(text).first()).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${heading}`));
  }
});

test("a game's story says where it can still be found, and where it no longer is", async ({ page }) => {
  await page.goto("/side_stories?story=night-watch-anniversary");
  const story = page.locator("li", { has: page.getByText("Game story", { exact: true }) });
  await expect(story.getByText("Lanternfall: Night Watch (mobile game) · until 31 Mar 2023")).toBeVisible();
  await expect(story.getByRole("link", { name: "Fan transcript on the series wiki" })).toHaveAttribute(
    "href",
    "https://lanternfall.example/wiki/lamplighters-relay",
  );
  await expect(page.getByText(/\b1 game story\b/)).toBeVisible();
});

test("an unknown slug answers 404; with the shield off the page asks for everything and says no one is there", async ({
  page,
}) => {
  const response = await page.goto("/characters/no-such-person");
  expect(response?.status()).toBe(404);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found: /characters/no-such-person");
  await expect(page).toHaveTitle(/^Page not found/);
});

test("a web novel reader opens /web_novel on the arc of their next chapter, in its one request; an arc in the address wins", async ({
  page,
}) => {
  const stored = (webNovel: string) => JSON.stringify({ ...emptyProgress, webNovel });
  await page.addInitScript((progress) => {
    localStorage.removeItem("rc:spoiler-mode");
    if (!localStorage.getItem("rc:progress")) localStorage.setItem("rc:progress", progress);
  }, stored("wn:3-5"));
  const asked: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".data")) asked.push(request.url());
  });
  const current = (arc: number) =>
    expect(page.getByRole("navigation", { name: "Arcs" }).locator("[aria-current='page']")).toContainText(`Arc ${arc}`);
  await page.goto("/web_novel");
  await waitForHydration(page);
  await expect(page.locator("#arc-title")).toContainText("Arc 3");
  await current(3);
  await expect(page.locator(`#${unitAnchor("wn:3-5")}`)).toBeVisible();
  // The address stays the page's own; the answer came in one request, which names the arc.
  await expect(page).toHaveURL(/\/web_novel$/);
  expect(asked).toHaveLength(1);
  expect(new URL(asked[0]!).searchParams.get("arc")).toBe("3");
  // An arc named in the address is the one shown.
  await page.goto("/web_novel?arc=1");
  await waitForHydration(page);
  await expect(page.locator("#arc-title")).toContainText("Arc 1");
  await current(1);
  // A reader who finished arc 2 opens on arc 3, where their next chapter is.
  const lastOfArc2 = rows.story_units.filter((unit) => unit.key.startsWith("wn:2-")).length;
  await page.evaluate((progress) => localStorage.setItem("rc:progress", progress), stored(`wn:2-${lastOfArc2}`));
  await page.goto("/web_novel");
  await waitForHydration(page);
  await expect(page.locator("#arc-title")).toContainText("Arc 3");
});

test("a reader whose arc is slow to come stays on the arc shown once the wait is over: the page never moves under them", async ({
  page,
}) => {
  await withShieldOn(page, "wn:3-5");
  const isTheirArc = (url: URL) => url.pathname === "/web_novel.data" && url.searchParams.get("arc") === "3";
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let delay = 0;
  await page.route(isTheirArc, async (route) => {
    await held;
    await new Promise((resolve) => setTimeout(resolve, delay));
    await route.continue().catch(() => {});
  });
  const theirArcSettled = new Promise<void>((resolve) => {
    const settle = (request: Request) => isTheirArc(new URL(request.url())) && resolve();
    page.on("requestfinished", settle);
    page.on("requestfailed", settle);
  });
  await page.goto("/web_novel");
  await waitForHydration(page);
  // The reader's arc waits, invisible, its card already marked; once the wait is over, arc 1 shows, and
  // its own answer for the reader comes.
  await expect(page.locator("#arc-title")).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Arcs" }).locator("[aria-current='page']")).toContainText("Arc 3");
  await expect(page.locator("#arc-title")).toBeVisible({ timeout: 10_000 });
  await expect(page.locator("#arc-title")).toContainText("Arc 1");
  await expect(page.getByRole("navigation", { name: "Arcs" }).locator("[aria-current='page']")).toContainText("Arc 1");
  release();
  await theirArcSettled;
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(page.locator("#arc-title")).toContainText("Arc 1");
  // The reader's arc is a tap away.
  await page.getByRole("navigation", { name: "Arcs" }).getByRole("link", { name: /Arc 3/ }).click();
  await expect(page.locator("#arc-title")).toContainText("Arc 3");
  // A new visit to the page opens on the reader's arc again, waiting for it as the first did.
  delay = 1500;
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Web novel" }).click();
  await expect(page.locator("#arc-title")).toBeHidden();
  await expect(page.locator("#arc-title")).toContainText("Arc 3");
  await expect(page.locator("#arc-title")).toBeVisible();
  await expect(page).toHaveURL(/\/web_novel$/);
});

test("a reader whose arc failed to come stays on the arc shown: trying again, or the connection's return, does not move the page", async ({
  page,
  context,
}) => {
  await withShieldOn(page, "wn:3-5");
  // Counts each time the failure notice is taken off the page.
  await page.addInitScript(() => {
    const counted = window as { noticeRemoved?: number };
    counted.noticeRemoved = 0;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (node.textContent?.includes("you have reached could not be loaded")) counted.noticeRemoved! += 1;
    }).observe(document, { childList: true, subtree: true });
  });
  let failing = true;
  const asked: URL[] = [];
  await page.route(
    (url) => url.pathname === "/web_novel.data",
    (route) => {
      asked.push(new URL(route.request().url()));
      return failing ? route.abort("internetdisconnected") : route.continue();
    },
  );
  await page.goto("/web_novel");
  await waitForHydration(page);
  // The reader's arc was asked for and failed: arc 1, as sent, shows at once, with what failed and a retry.
  await expect(page.locator("#arc-title")).toBeVisible();
  await expect(page.locator("#arc-title")).toContainText("Arc 1");
  const notice = page.locator("[aria-live]").filter({ hasText: "you have reached could not be loaded" }).locator("div");
  await expect(notice).toBeVisible();
  expect(asked[0]?.searchParams.get("arc")).toBe("3");
  // Staying, it asks for the arc shown instead, which fails too: the notice stays put meanwhile, never flashing away.
  await expect.poll(() => asked.length).toBe(2);
  expect(asked[1]?.searchParams.get("arc")).toBeNull();
  expect(await page.evaluate(() => (window as { noticeRemoved?: number }).noticeRemoved)).toBe(0);
  failing = false;
  await notice.getByRole("button", { name: "Try again" }).click();
  await expect(notice).toBeHidden();
  // The retry asked for the arc shown, with what the reader knows, and the page stayed on it.
  expect(asked.at(-1)?.searchParams.get("arc")).toBeNull();
  await expect(page.locator("#arc-title")).toContainText("Arc 1");
  await expect(page.getByRole("navigation", { name: "Arcs" }).locator("[aria-current='page']")).toContainText("Arc 1");
  // The same when the connection drops and comes back by itself.
  failing = true;
  await page.reload();
  await waitForHydration(page);
  await expect(notice).toBeVisible();
  failing = false;
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(notice).toBeHidden();
  await expect(page.locator("#arc-title")).toContainText("Arc 1");
  // A new visit to the page asks for the reader's arc again, and waits for it rather than show arc 1 and jump.
  await page.unroute((url) => url.pathname === "/web_novel.data");
  await page.route(
    (url) => url.pathname === "/web_novel.data",
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue().catch(() => {});
    },
  );
  // (The answer for arc 1 the page stayed on is not the reader's arc's, though the address is the same.)
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Web novel" }).click();
  await expect(page.locator("#arc-title")).toBeHidden();
  await expect(page.locator("#arc-title")).toContainText("Arc 3");
  await expect(page.locator("#arc-title")).toBeVisible();
});

test("a chapter marked offline leaves the page as it was, on the reader's arc with the titles they have read", async ({
  page,
  context,
}) => {
  await withShieldOn(page, "wn:3-5");
  await page.goto("/web_novel");
  await waitForHydration(page);
  const row = (chapter: number) => page.locator(`#${unitAnchor(`wn:3-${chapter}`)}`);
  await expect(page.locator("#arc-title")).toContainText("Arc 3");
  await expect(row(4)).not.toContainText("Title hidden");
  // One chapter marked online first: the button's code is loaded (as it is once the page is idle), and
  // the page has the answer for it.
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/web_novel.data" && response.ok(),
  );
  await row(6).getByRole("button", { name: "I have read up to here" }).click();
  await answered;
  await expect(row(6)).toContainText("Read up to here");
  await expect(row(6)).not.toContainText("Title hidden");
  await context.setOffline(true);
  await row(8).getByRole("button", { name: "I have read up to here" }).click();
  // What the reader may see now cannot be asked for: the page keeps the answer it had.
  const notice = page.locator("[aria-live]").filter({ hasText: "you have reached could not be loaded" }).locator("div");
  await expect(notice).toBeVisible();
  await expect(page.locator("#arc-title")).toContainText("Arc 3");
  await expect(row(4)).not.toContainText("Title hidden");
  await expect(row(8)).toContainText("Read up to here");
  // Back online, it asks again, on the same arc.
  await context.setOffline(false);
  await expect(notice).toBeHidden();
  await expect(page.locator("#arc-title")).toContainText("Arc 3");
  await expect(row(8)).not.toContainText("Title hidden");
});

test("progress set back while the reader's arc cannot be asked for again: once it can, the page is on their arc again", async ({
  page,
}) => {
  await withShieldOn(page, "wn:3-5");
  await page.goto("/web_novel");
  await waitForHydration(page);
  await expect(page.locator("#arc-title")).toContainText("Arc 3");
  let failing = true;
  await page.route(
    (url) => url.pathname === "/web_novel.data",
    (route) => (failing ? route.abort("internetdisconnected") : route.continue()),
  );
  // Set back in another tab (as that tab's write is told here): the answer shown was for more than the
  // reader now knows, so it goes.
  await page.evaluate(
    (progress) => {
      localStorage.setItem("rc:progress", progress);
      window.dispatchEvent(new StorageEvent("storage", { key: "rc:progress", newValue: progress }));
    },
    JSON.stringify({ ...emptyProgress, webNovel: "wn:3-2" }),
  );
  const notice = page.locator("[aria-live]").filter({ hasText: "you have reached could not be loaded" }).locator("div");
  await expect(notice).toBeVisible();
  failing = false;
  await notice.getByRole("button", { name: "Try again" }).click();
  await expect(notice).toBeHidden();
  await expect(page.locator("#arc-title")).toContainText("Arc 3");
});

test("an unknown arc or collection says what does not exist and leads to what does", async ({ page }) => {
  for (const [path, heading, choice, opens] of [
    ["/web_novel?arc=99", "Arc 99 does not exist", "Arc 2: The Tallow Market", "/web_novel?arc=2"],
    [
      "/light_novels?collection=zzz",
      "The collection “zzz” does not exist",
      "Lanternfall EX",
      "/light_novels?collection=ex",
    ],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await waitForHydration(page);
    await page.getByRole("link", { name: choice, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${opens.replace(/[?]/g, "\\?")}$`));
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(heading);
  }
});

test("from a character to their first chapter, to the volume that adapts it, and back", async ({ page }) => {
  await page.goto("/characters/corvin-hale");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Corvin Hale");
  await page.getByRole("link", { name: /Web novel\s*Arc 1 · Chapter 4/ }).click();
  await expect(page).toHaveURL(/\/web_novel\?arc=1#wn-1-5$/);
  const chapter = page.locator("#wn-1-5");
  await expect(chapter).toBeVisible();
  await chapter.getByRole("link", { name: /LN: Lanternfall 1/ }).click();
  await expect(page).toHaveURL(/\/light_novels\?collection=main#ln-main-1$/);
  const volume = page.locator("#ln-main-1");
  await expect(volume).toBeVisible();
  // The volume's coverage starts at the arc's prologue.
  await volume.getByRole("link", { name: "Arc 1 · Prologue", exact: true }).click();
  await expect(page).toHaveURL(/\/web_novel\?arc=1#wn-1-1$/);
  await page.goBack();
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/characters\/corvin-hale$/);
});

test("the catalogue filters keep their state in the URL", async ({ page }) => {
  await page.goto("/characters");
  await waitForHydration(page);
  await page.getByLabel("Name or alias").fill("ash warden");
  await expect(page).toHaveURL(/\?q=ash\+warden/);
  await expect(page.getByRole("link", { name: /Corvin Hale/ })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText("1 character, by name");

  // A shared link shows the same result without JavaScript doing anything.
  await page.goto("/characters?affiliation=Wick+Guild");
  await expect(page.getByLabel("Affiliation")).toHaveValue("Wick Guild");
  await expect(page.getByRole("link", { name: /Ilse Marrow/ })).toBeVisible();
});

test("a filter a reader picks stays shown once the list is recounted for what they have met, and the next search keeps it", async ({
  page,
}) => {
  await withShieldOn(page, "wn:3-1");
  const requests = followRequests(page);
  await page.goto("/characters");
  await waitForHydration(page);
  await requests.quiet();
  const affiliation = page.getByLabel("Affiliation");
  const offered = await affiliation.locator("option").allTextContents();
  const picked = offered[1]!.replace(/ \(\d+\)$/, "");
  await affiliation.selectOption(picked);
  await expect(page).toHaveURL(new RegExp(`affiliation=${encodeURIComponent(picked).replace(/%20/g, "\\+")}`));
  // The page's answer for the reader redraws the list's options: the choice stays the one shown.
  await requests.quiet();
  await expect(affiliation).toHaveValue(picked);
  await page.getByLabel("Name or alias").fill("a");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\?q=a&affiliation=/);
  await requests.quiet();
  await expect(affiliation).toHaveValue(picked);
  expect(new URL(page.url()).searchParams.get("affiliation")).toBe(picked);
});

test("search finds a character by an alias, with and without suggestions", async ({ page }) => {
  await page.goto("/search?q=Gilt+Flame");
  await expect(page.getByRole("link", { name: /Sabine Ostrander/ })).toBeVisible();

  await page.goto("/");
  await waitForHydration(page);
  const box = page.getByRole("combobox", { name: "Search the site" });
  await box.fill("unburnt");
  const options = page.getByRole("option");
  await expect(options.filter({ hasText: "Ilse Marrow" })).toBeVisible();
  const titles = await options.allTextContents();
  const index = titles.findIndex((title) => title.startsWith("Ilse Marrow"));
  for (let step = 0; step <= index; step++) await box.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-activedescendant", new RegExp(`-${index}$`));
  await expect(options.nth(index)).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/characters\/ilse-marrow$/);
});

test("the header search works as a plain form without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("combobox", { name: "Search the site" }).fill("ash warden");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=ash\+warden/);
  // Without JavaScript the shield cannot know the reader's progress, so the name stays shielded.
  await expect(page.locator('a[href="/characters/corvin-hale"]')).toBeVisible();
  await context.close();
});

test("a light novel volume names its chapters as the book does: the prologue, then chapter 1", async ({ page }) => {
  await page.goto("/light_novels");
  await waitForHydration(page);
  const volume = page.locator("#ln-main-1");
  await volume.getByText(/chapters in this volume/).click();
  const chapters = volume.getByRole("listitem").filter({ hasText: /^(Prologue|Chapter|Epilogue|Afterword)/ });
  await expect(chapters.first()).toHaveText("Prologue: Before the Lamps Are Lit");
  await expect(chapters.nth(1)).toHaveText("Chapter 1: Lowwick After Dusk");
  await expect(chapters.last()).toHaveText("Afterword");
});

test("dates show at the precision the pack knows them, and a volume reads 'Not yet' only where the pack says so", async ({
  page,
}) => {
  await page.goto("/web_novel?arc=1");
  await waitForHydration(page);
  const facts = (key: string) => page.locator(`#${key.replace(":", "-")} .chapter-facts`);
  await expect(facts("wn:1-2")).toContainText("Mar 2014");
  await expect(facts("wn:1-4").locator("time")).toHaveText("2014");
  // No date and no word count known: nothing made up.
  await expect(facts("wn:1-5")).toContainText("date unknown");
  await expect(facts("wn:1-5")).not.toContainText("words");
  await expect(page.getByRole("main")).toContainText("(1 chapter without a word count)");
  await expect(page.getByRole("main")).toContainText("(1 chapter undated)");

  // Arc 7 numbers two routes as the series does: 19-A, 19-B, 20-A, 20-B, then 21.
  await page.goto("/web_novel?arc=7");
  await waitForHydration(page);
  const numbers = await page.locator("details ol > li .chapter-number").allTextContents();
  expect(numbers.slice(-10, -1)).toEqual(["19-A", "19-B", "20-A", "20-B", "21", "22", "23", "24", "25"]);
  await expect(facts("wn:7-23")).not.toContainText("words");

  await page.goto("/light_novels?collection=main&page=2");
  await waitForHydration(page);
  await expect(page.locator("#ln-main-14")).toContainText(/English\s*Not yet/);
  await page.goto("/light_novels?collection=ssc");
  await waitForHydration(page);
  await expect(page.locator("#ln-ssc-2")).toContainText(/English\s*Date unknown/);
  await expect(page.locator("#ln-ssc-2")).not.toContainText("Not yet");
  await page.goto("/light_novels?collection=ex");
  await waitForHydration(page);
  await expect(page.locator("#ln-ex-2")).toContainText(/Japanese\s*Jul 2018/);
  await expect(page.locator("#ln-ex-3")).toContainText(/Japanese\s*2019/);
});

/*
 * The catalogue on a phone counts what it shows: the characters the reader has met, by name, every
 * one a card, with no empty tile and no count or filter choice that takes in someone not met yet.
 */
test.describe("the characters a reader has met, at 360 px", () => {
  test.use({ viewport: { width: 360, height: 800 } });

  const lastChapter = [...rows.story_units]
    .filter((unit) => unit.medium === "web_novel")
    .sort((a, b) => b.position - a.position)[0]!.key;
  const readers = [
    { name: "a new reader", webNovel: null, knowledge: noKnowledge },
    {
      name: "a reader at the web novel's last chapter",
      webNovel: lastChapter,
      knowledge: knowledgeOfUnits([lastChapter]),
    },
  ];

  /**
   * A character's name as a web novel reader is shown it: the web novel's own where the pack gives one
   * they know (Ferris Dunmore's fan translation says "Felis Dunmore"), else the pack's name.
   */
  const nameInWebNovel = (character: (typeof rows.characters)[number], knowledge: Knowledge) =>
    (JSON.parse(character.medium_names ?? "[]") as StoredMediumName[]).find(
      (name) => name.medium === "web_novel" && knows(knowledge, readRevealers(name.revealedBy)),
    )?.name ?? character.name;

  /** The catalogue's words and cards once the reader's own answer is shown. */
  async function shown(page: Page, path: string) {
    const requests = followRequests(page);
    await page.goto(path);
    await waitForHydration(page);
    await requests.quiet();
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    const cards = page.locator('main ul a[href^="/characters/"]');
    return { status: (await page.getByRole("status").textContent()) ?? "", cards: await cards.count() };
  }

  for (const reader of readers) {
    test(`${reader.name} sees a count of the cards there are, in one order, and filters that count only them`, async ({
      page,
    }) => {
      await withShieldOn(page, reader.webNovel);
      const met = rows.characters.filter((character) => knows(reader.knowledge, readRevealers(character.revealed_by)));
      expect(met.length).toBeGreaterThan(0);
      if (reader.webNovel) expect(met.length).toBeGreaterThan(24);
      const pages = Math.ceil(met.length / 24);

      const first = await shown(page, "/characters");
      const noun = met.length === 1 ? "character" : "characters";
      expect(first.status).toBe(`${met.length} ${noun}, by name${pages > 1 ? ` · page 1 of ${pages}` : ""}`);
      expect(first.cards).toBe(Math.min(24, met.length));
      await expect(page.locator('main [data-spoiler="run"], main [data-spoiler="place"]')).toHaveCount(0);
      const names = await page.locator('main ul a[href^="/characters/"] p.font-semibold').allTextContents();
      expect(names).toEqual(
        [...met]
          .sort((a, b) => (a.sort_name < b.sort_name ? -1 : a.sort_name > b.sort_name ? 1 : a.slug < b.slug ? -1 : 1))
          .slice(0, 24)
          .map((character) => nameInWebNovel(character, reader.knowledge)),
      );

      // Each affiliation offered is counted among the characters met, and only those met offer one.
      const counts = new Map<string, number>();
      for (const character of met)
        for (const affiliation of JSON.parse(character.affiliations) as string[])
          counts.set(affiliation, (counts.get(affiliation) ?? 0) + 1);
      const offered = (await page.getByLabel("Affiliation").locator("option").allTextContents()).slice(1);
      expect(offered).toEqual(
        [...counts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([affiliation, count]) => `${affiliation} (${count})`),
      );

      if (pages > 1) {
        const last = await shown(page, `/characters?page=${pages}`);
        expect(last.status).toBe(`${met.length} characters, by name · page ${pages} of ${pages}`);
        expect(last.cards).toBe(met.length - 24 * (pages - 1));
      }
    });
  }
});

test.describe("a true name kept secret", () => {
  /** The Grey Lantern's page for a web novel reader at `chapter`, with the shield as readers have it, and what it asked for. */
  async function greyLanternFor(page: Page, chapter: string) {
    await withShieldOn(page, chapter);
    const requests = followRequests(page);
    await page.goto("/characters/grey-lantern");
    await waitForHydration(page);
    await requests.quiet();
  }

  test("a reader who has met the Grey Lantern but not reached wn:2-27 sees only the name everyone knows", async ({
    page,
  }) => {
    await greyLanternFor(page, "wn:2-26");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Grey Lantern");
    await expect(page).toHaveTitle(/^The Grey Lantern · /);
    // Her name everyone knows, as the original writes it; nothing of the true name, in English or Japanese.
    await expect(page.getByText("灰色の灯")).toBeVisible();
    expect(await page.content()).not.toContain("Briony");
    expect(await page.content()).not.toContain("ブライオニー");
  });

  test("a reader of wn:2-27 sees her true name, known as the Grey Lantern, in the page's title too", async ({
    page,
  }) => {
    await greyLanternFor(page, "wn:2-27");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Briony Oakhart");
    // The true name as the original writes it under it; the original of the name everyone knows beside that name.
    await expect(page.getByRole("heading", { level: 1 }).locator("+ p")).toHaveText("ブライオニー・オークハート");
    await expect(page.getByText("Known as “The Grey Lantern” 灰色の灯")).toBeVisible();
    await expect(page).toHaveTitle(/^Briony Oakhart · /);
    await page.getByRole("link", { name: /Fen Oakhart/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fen Oakhart");
    await expect(page.getByRole("link", { name: "Briony Oakhart known as The Grey Lantern" })).toBeVisible();
  });
});

test("an interlude whose title gives something away still says it is an interlude, hidden as every title is", async ({
  page,
}) => {
  await withShieldOn(page, null);
  await page.goto("/web_novel?arc=6");
  await waitForHydration(page);
  // While titles are hidden, the flagged one reads as the others do: how it is hidden tells nothing.
  await expect(page.locator("#wn-6-24")).toContainText("Interlude 2: title hidden");
  await expect(page.locator("#wn-6-23")).toContainText("Title hidden");
  await expect(page.locator("#wn-6-24")).not.toContainText(/beyond what you have read/);
  await page.getByRole("button", { name: "Show them" }).first().click();
  await expect(page.locator("#wn-6-24")).toContainText(
    "The title of Interlude 2 is beyond what you have read or watched.",
  );
  await expect(page.locator("#wn-6-24")).not.toContainText("Corvin's Final Entry");
});
