import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/auth";
import { seriousViolations } from "../support/axe";
import { inBothThemes, sitePosts, waitForHydration } from "../support/browser";
import { emptyProgress } from "../../app/lib/progress/record";

const reports: Array<{ path: string; fill: Record<string, string>; select?: Record<string, string>; title: string }> = [
  {
    path: "/feedback_hub/report_bug",
    fill: {
      "What happened?": "The arc list jumps when I scroll",
      "What did you expect to happen?": "It stays put",
      "Which page was it on?": "/web_novel",
    },
    title: "The arc list jumps when I scroll",
  },
  {
    path: "/feedback_hub/report_content",
    fill: {
      "Which page or item?": "Lanternfall 2",
      "What is wrong?": "The page count is off by one",
      "What is right?": "312 pages",
    },
    title: "The page count is off by one",
  },
  {
    path: "/feedback_hub/report_ln_mistl",
    select: { Volume: "ln:main-2" },
    fill: {
      Chapter: "3",
      "The official English text": "The Candle Guild met at dawn.",
      "Your suggested translation": "The Wick Guild met at dawn.",
      "Why it matters": "The guild's name is rendered inconsistently.",
    },
    title: "The Candle Guild met at dawn.",
  },
  {
    path: "/feedback_hub/suggest_feature",
    fill: {
      "Your idea in a few words": "A reading-time estimate",
      "Describe the idea": "Show minutes per chapter",
      "What problem does it solve?": "Planning a commute",
    },
    title: "A reading-time estimate",
  },
  {
    path: "/feedback_hub/report_anime_mistl",
    select: { Episode: "anime:1-3", Platform: "Netflix", Track: "subtitles" },
    fill: {
      Timestamp: "12:34",
      "The official line": "Stay out of the dark.",
      "Your suggested line": "Stay out of the Gloam.",
      "Why it matters": "Gloam is a proper noun.",
    },
    title: "Stay out of the dark.",
  },
];

async function fillReport(page: Page, report: (typeof reports)[number]) {
  await page.goto(report.path);
  await waitForHydration(page);
  for (const [label, value] of Object.entries(report.select ?? {}))
    await page.getByLabel(label, { exact: false }).first().selectOption(value);
  for (const [label, value] of Object.entries(report.fill))
    await page.getByLabel(label, { exact: false }).first().fill(value);
}

test("a reader sends every kind of report, sees them under My reports, and meets the rate limit", async ({
  reader,
}) => {
  test.slow(); // a sign-in and six reports, each a page load and a submission
  const { page } = reader;

  // An incomplete form: errors next to the fields, and what was typed stays.
  await page.goto("/feedback_hub/report_bug");
  await waitForHydration(page);
  await page.getByLabel("What happened?").fill("Half a report");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.locator("#field-expected-error")).toHaveText("This is needed.");
  await expect(page.locator("#field-page-error")).toHaveText("This is needed.");
  await expect(page.getByLabel("What happened?")).toHaveValue("Half a report");
  // Fixing a field takes its error away at once; the field not yet fixed keeps its own.
  const expected = page.getByLabel("What did you expect to happen?");
  await expect(expected).toHaveAttribute("aria-invalid", "true");
  await expected.fill("A whole report");
  await expect(page.locator("#field-expected-error")).toHaveCount(0);
  await expect(expected).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#field-page-error")).toHaveText("This is needed.");

  for (const report of reports) {
    await fillReport(page, report);
    await page.getByRole("button", { name: "Send report" }).click();
    await expect(page).toHaveURL(/\/feedback_hub\?sent=/);
    await expect(page.getByRole("region", { name: "Notifications (F8)" })).toContainText("Report sent");
  }
  const mine = page.getByRole("region", { name: "My reports" });
  for (const report of reports) await expect(mine.getByText(report.title)).toBeVisible();
  await expect(mine.getByText("Open", { exact: true }).filter({ visible: true })).toHaveCount(5);

  // A sixth report within the minute is refused, with the text kept.
  await fillReport(page, reports[3]!);
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByRole("alert")).toContainText("You have sent 5 reports in the last minute");
  await expect(page.getByLabel("Your idea in a few words")).toHaveValue("A reading-time estimate");
});

test("a report sent offline keeps the form and every field, says nothing was sent, and goes once back online", async ({
  reader,
}) => {
  const { page } = reader;
  const context = page.context();
  const report = reports[2]!;
  await fillReport(page, report);
  await context.setOffline(true);
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByRole("alert")).toContainText("You are offline, so nothing was sent.");
  await expect(page.getByRole("heading", { level: 1, name: "Report a light novel mistranslation" })).toBeVisible();
  for (const [label, value] of Object.entries(report.fill))
    await expect(page.getByLabel(label, { exact: false }).first()).toHaveValue(value);
  await expect(page.getByLabel("Volume", { exact: false }).first()).toHaveValue("ln:main-2");

  await context.setOffline(false);
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page).toHaveURL(/\/feedback_hub\?sent=/);
  await expect(page.getByRole("region", { name: "My reports" }).getByText(report.title)).toHaveCount(1);
});

/** The reader has read the first light novel volume, as the tracker stores it (rc:progress). */
async function readFirstVolume(page: Page, volume = 1) {
  const progress = {
    version: 1,
    webNovel: null,
    lightNovels: { main: volume },
    sideStories: [],
    anime: null,
    breakTime: [],
    position: 16,
    updatedAt: "2024-01-01T00:00:00.000Z",
  };
  await page.context().addInitScript((stored) => localStorage.setItem("rc:progress", stored), JSON.stringify(progress));
}

test("on a phone, similar entries appear right under the official text being typed", async ({ reader }) => {
  const { page } = reader;
  await readFirstVolume(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/feedback_hub/report_ln_mistl?volume=ln%3Amain-1");
  await waitForHydration(page);
  const official = page.getByLabel("The official English text");
  await official.fill("In this city, the night is long.");
  const similar = page.getByRole("complementary", { name: /Already reported/ });
  await expect(similar).toContainText("the night is long");
  const field = await official.boundingBox();
  const box = await similar.boundingBox();
  const next = await page.getByLabel("Your suggested translation").boundingBox();
  // Below the field (its help text may sit between), before the next field.
  expect(box && field && box.y - (field.y + field.height)).toBeGreaterThanOrEqual(0);
  expect(box && field && box.y - (field.y + field.height)).toBeLessThanOrEqual(80);
  expect(box && next && box.y + box.height).toBeLessThanOrEqual(next?.y ?? 0);
});

test("similar entries are lines like the one typed, not lines that share only its common words, the chosen volume's first", async ({
  reader,
}) => {
  const { page } = reader;
  await readFirstVolume(page, 3);
  // Every answer is kept as it passes, so the one for the words typed is known to have come.
  const answers: { query: string; body: string }[] = [];
  await page.route(
    (url) => url.pathname.startsWith("/resources/similar-mistakes"),
    async (route) => {
      const response = await route.fetch();
      const query = new URL(route.request().url()).searchParams.get("q") ?? "";
      answers.push({ query, body: await response.text() });
      await route.fulfill({ response });
    },
  );
  await page.goto("/feedback_hub/report_ln_mistl");
  await waitForHydration(page);
  await page.getByLabel("Volume").selectOption("ln:main-3");
  const official = page.getByLabel("The official English text");
  const similar = page.getByRole("complementary", { name: /Already reported/ });
  // Volume 1's "In this city, the night is long." shares only "the" and "of" with it.
  await official.fill("The Lady of Moths smiled");
  await expect.poll(() => answers.some((answer) => answer.query === "The Lady of Moths smiled")).toBe(true);
  const answer = answers.find((each) => each.query === "The Lady of Moths smiled");
  expect((JSON.parse(answer?.body ?? "{}") as { entries?: unknown[] }).entries).toEqual([]);
  await expect(similar).toHaveCount(0);
  // Two of its three words: the entry of volume 3 that says it, first.
  await official.fill("Call me the Moth Queen");
  await expect(similar.getByRole("listitem").first()).toContainText("In Lowwick, they call me the Moth Queen.");
  await expect(similar.getByRole("listitem").first()).toContainText("Lanternfall 3");
  await expect(similar).not.toContainText("the night is long");
});

test("on a phone, the anime form offers the OVAs, specials and films and the recut's episode that adds a scene beside the episodes, and says where a recut's line goes", async ({
  reader,
}) => {
  const { page } = reader;
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/feedback_hub/report_anime_mistl");
  await waitForHydration(page);
  const episode = page.getByLabel("Episode, OVA, special or film");
  await expect(episode).toHaveAccessibleDescription(
    "A recut's line goes on the season's episode; a scene only the recut has, on the recut's.",
  );
  await expect(page.getByText("not in this list", { exact: false })).toHaveCount(0);
  // Said in a few words: no more than two lines under the box at this width.
  const help = await page.locator("#field-episode-description").boundingBox();
  expect(help?.height).toBeLessThan(45);
  // How to write a time: one line under the box, not a paragraph.
  await expect(page.getByLabel("Timestamp")).toHaveAccessibleDescription("Such as 12:34, or 1:04:30 past an hour.");
  const hint = await page.locator("#field-timestamp-description").boundingBox();
  expect(hint?.height).toBeLessThan(30);
  // The season's episodes, the recut's episode that adds a scene, then the OVAs, specials and films;
  // never a recut's episode that only holds the season's.
  const offered = await episode
    .locator("option")
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
  expect(offered).toContain("anime:1-1");
  expect(offered).toContain("sp:ova-1");
  expect(offered.filter((key) => !/^(?:anime:\d+-\d+|sp:[a-z0-9-]+)$/.test(key))).toEqual(["anime:1r1-3"]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("the footer's 'Report a problem' opens a bug report on the page it was tapped on", async ({ reader }) => {
  const { page } = reader;
  await page.goto("/search?q=ash%20guild%2Bwick");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Report a problem" }).click();
  await expect(page).toHaveURL(/\/feedback_hub\?page=/);
  await waitForHydration(page);
  await page.getByRole("link", { name: /^Report a bug/ }).click();
  await waitForHydration(page);
  // As a reader reads an address: spaces as spaces, a reserved character ("+") left as it was sent.
  await expect(page.getByLabel("Which page was it on?")).toHaveValue("/search?q=ash guild%2Bwick");
  // A form that asks for no page is opened as it always was.
  await page.goBack();
  await page.getByRole("link", { name: /^Report a content error/ }).click();
  await expect(page).toHaveURL(/\/feedback_hub\/report_content$/);
  // From the hub itself, the footer names no page.
  await expect(
    page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Report a problem" }),
  ).toHaveAttribute("href", "/feedback_hub");
});

test("a draft survives a reload, and a mistakes page opens the form on its volume, and similar entries say nothing of what the reader has not reached", async ({
  reader,
}) => {
  const { page } = reader;

  await page.goto("/translation_meta/ln_mistls/main_v1");
  await page.getByRole("link", { name: "Report a mistake in this volume" }).click();
  await expect(page).toHaveURL(/\/feedback_hub\/report_ln_mistl\?volume=ln%3Amain-1$/);
  await waitForHydration(page);
  await expect(page.getByLabel("Volume")).toHaveValue("ln:main-1");

  // A reader with no progress is told nothing of entries further in the story, not even where they are:
  // the words matched their lines, so that an entry is there would say what it says.
  // Every answer is kept as it passes, so one the form replaces while it is still arriving is read too.
  const answers: { url: URL; body: string }[] = [];
  await page.route(
    (url) => url.pathname.startsWith("/resources/similar-mistakes"),
    async (route) => {
      const response = await route.fetch();
      answers.push({ url: new URL(route.request().url()), body: await response.text() });
      await route.fulfill({ response });
    },
  );
  await page.getByLabel("The official English text").fill("In this city, the night is long.");
  await expect.poll(() => answers.length).toBeGreaterThan(0);
  for (const answer of answers) {
    expect(answer.url.searchParams.has("reveal")).toBe(false);
    expect(answer.body).not.toMatch(/Lanternfall 1, chapter|night is long/);
  }
  await expect(page.getByRole("complementary", { name: /Already reported/ })).toHaveCount(0);

  await page.getByLabel("Why it matters").fill("Draft that must survive");
  // The draft is written a moment after typing stops.
  await expect
    .poll(() => page.evaluate((uid) => localStorage.getItem(`rc:draft:${uid}:ln_mistl`), reader.uid))
    .toContain("Draft that must survive");
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel("Why it matters")).toHaveValue("Draft that must survive");
  await expect(page.getByText("Your unsent draft was restored.")).toBeVisible();

  // Words typed while the page still loads its code win over the older draft; the rest of it comes back.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.reload({ waitUntil: "commit" });
  await page.getByLabel("Why it matters").fill("Typed before the page was ready");
  release();
  await waitForHydration(page);
  await expect(page.getByText("Your unsent draft was restored.")).toBeVisible();
  await expect(page.getByLabel("Why it matters")).toHaveValue("Typed before the page was ready");
  await expect(page.getByLabel("The official English text")).toHaveValue("In this city, the night is long.");
});

test("a moderator accepts a light novel report and it is published on its volume's page", async ({
  reader,
  moderator,
}) => {
  const readerPage = reader.page;
  const suggested = `The Ash Warden keeps ${Date.now()} lanterns.`;
  await fillReport(readerPage, {
    path: "/feedback_hub/report_ln_mistl?volume=ln:main-4",
    fill: {
      Chapter: "2",
      "Page or ebook position": "p. 40",
      "The official English text": "The Ash Keeper keeps lanterns.",
      "Your suggested translation": suggested,
      "Why it matters": "Title rendered wrongly.",
    },
    title: "",
  });
  await readerPage.getByRole("button", { name: "Send report" }).click();
  await expect(readerPage).toHaveURL(/\/feedback_hub\?sent=ln_mistl/);

  // Other readers may not open triage.
  await readerPage.goto("/feedback_hub/triage");
  await expect(readerPage.getByRole("heading", { level: 1 })).toHaveText("Forbidden");

  const { page } = moderator;
  // The moderator reads everything: no spoiler shield.
  await page.context().addInitScript(() => localStorage.setItem("rc:spoiler-mode", "off"));
  await page.goto("/feedback_hub/triage?kind=ln_mistl&status=open");
  await waitForHydration(page);
  const item = page.getByRole("listitem").filter({ hasText: suggested });
  await item.getByLabel("Status").selectOption("accepted");
  await item.getByLabel("Severity, if accepted").selectOption("meaning_changing");
  await item.getByLabel("Note to the reporter").fill("Thanks, confirmed against the Japanese.");
  // Offline, the list stays and the decision says, beside its button, that nothing was sent.
  await page.context().setOffline(true);
  await item.getByRole("button", { name: "Save decision" }).click();
  await expect(item.getByRole("alert")).toContainText("You are offline, so nothing was sent.");
  await expect(item.getByLabel("Status")).toHaveValue("accepted");
  await expect(item.getByLabel("Note to the reporter")).toHaveValue("Thanks, confirmed against the Japanese.");
  await page.context().setOffline(false);
  await item.getByRole("button", { name: "Save decision" }).click();
  await expect(page.getByRole("region", { name: "Notifications (F8)" })).toContainText("published");

  await page.goto("/translation_meta/ln_mistls/main_v4");
  await expect(page.getByText(suggested)).toBeVisible();

  await readerPage.goto("/feedback_hub");
  const mine = readerPage.getByRole("region", { name: "My reports" });
  await expect(mine.getByText("Accepted", { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(mine.getByText("Thanks, confirmed against the Japanese.").first()).toBeVisible();
});

test("a decision made from the keyboard leaves the moderator's focus in the queue, on the report in its place", async ({
  reader,
  moderator,
}) => {
  const stamp = Date.now();
  const [older, newer] = [`The chapter list flickers ${stamp}`, `The arc list flickers ${stamp}`];
  for (const happened of [older, newer]) {
    await fillReport(reader.page, {
      path: "/feedback_hub/report_bug",
      fill: {
        "What happened?": happened,
        "What did you expect to happen?": "It stays still",
        "Which page was it on?": "/web_novel",
      },
      title: happened,
    });
    await reader.page.getByRole("button", { name: "Send report" }).click();
    await expect(reader.page).toHaveURL(/\/feedback_hub\?sent=bug/);
  }

  const { page } = moderator;
  const notifications = page.getByRole("region", { name: "Notifications (F8)" });
  const itemOf = (title: string) =>
    page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  // Open reports only: the accepted one leaves the list, and focus goes to the report after it.
  await page.goto("/feedback_hub/triage?kind=bug&status=open");
  await waitForHydration(page);
  const after = await itemOf(newer).evaluate((item) => item.nextElementSibling?.getAttribute("aria-labelledby"));
  await itemOf(newer).getByLabel("Status").selectOption("accepted");
  await itemOf(newer).getByRole("button", { name: "Save decision" }).focus();
  await page.keyboard.press("Enter");
  await expect(notifications).toContainText("Marked accepted");
  await expect(itemOf(newer)).toHaveCount(0);
  const next = page.locator(`[id="${after}"]`);
  await expect(next).toBeFocused();
  // Reached from the keyboard, it is ringed.
  await expect(next).toHaveCSS("outline-style", "solid");

  // Every status: the declined report stays, and so does focus, on its heading, with its new status beside it.
  await page.goto("/feedback_hub/triage?kind=bug");
  await waitForHydration(page);
  await itemOf(older).getByLabel("Status").selectOption("declined");
  await itemOf(older).getByRole("button", { name: "Save decision" }).focus();
  await page.keyboard.press("Enter");
  await expect(notifications).toContainText("Marked declined");
  await expect(itemOf(older).getByRole("heading", { name: older })).toBeFocused();
  await expect(itemOf(older)).toContainText("Declined");
  // Tab goes on into its form, not from the top of the page.
  await page.keyboard.press("Tab");
  await expect(itemOf(older).getByLabel("Status")).toBeFocused();
});

/**
 * A moderator finds the anime report suggesting `suggested` in triage, named by `place` ("Anime · OVA at
 * 21:05"), checks what else `look` asks of it, and accepts it as minor: it is published.
 */
async function acceptAnimeReport(
  page: Page,
  suggested: string,
  place: string,
  look: (item: Locator) => Promise<void> = async () => {},
) {
  await page.context().addInitScript(() => localStorage.setItem("rc:spoiler-mode", "off"));
  await page.goto("/feedback_hub/triage?kind=anime_mistl&status=open");
  await waitForHydration(page);
  const item = page.getByRole("listitem").filter({ hasText: suggested });
  await expect(item).toContainText(place);
  await look(item);
  await item.getByLabel("Status").selectOption("accepted");
  await item.getByLabel("Severity, if accepted").selectOption("minor");
  await item.getByRole("button", { name: "Save decision" }).click();
  await expect(page.getByRole("region", { name: "Notifications (F8)" })).toContainText("published");
}

test("a viewer of the OVA reports a line of it, a moderator accepts it, and it is shown on the page's section of specials, sealed to who has not watched it", async ({
  reader,
  moderator,
  browser,
}) => {
  test.slow(); // two signed-in pages, a report, a decision and a third browser
  const readerPage = reader.page;
  const suggested = `A boat that carries a lantern stays afloat ${Date.now()}.`;
  // The reader has watched the OVA, and nothing of the seasons.
  await readerPage.goto("/anime/specials");
  await waitForHydration(readerPage);
  await readerPage.locator("#sp-ova-1").getByRole("button", { name: "I have watched this" }).click();
  await expect
    .poll(() => readerPage.evaluate(() => JSON.parse(localStorage.getItem("rc:progress") ?? "{}")))
    .toMatchObject({ animeSpecials: ["sp:ova-1"], anime: null });

  await fillReport(readerPage, {
    path: "/feedback_hub/report_anime_mistl",
    select: { "Episode, OVA, special or film": "sp:ova-1", Platform: "Blu-ray", Track: "subtitles" },
    fill: {
      Timestamp: "21:05",
      "The official line": "Lit boats float forever.",
      "Your suggested line": suggested,
      "Why it matters": "The line is about the lantern, not any light.",
    },
    title: "",
  });
  await readerPage.getByRole("button", { name: "Send report" }).click();
  await expect(readerPage).toHaveURL(/\/feedback_hub\?sent=anime_mistl/);

  // Triage names the OVA by its label, with the time the reader gave, and each answer as the reader chose it.
  await acceptAnimeReport(moderator.page, suggested, "Anime · OVA at 21:05", async (item) => {
    const answer = (term: string) => item.locator("dt", { hasText: term }).locator("xpath=following-sibling::dd[1]");
    await expect(answer("Episode, OVA, special or film")).toHaveText("Anime · OVA");
    await expect(answer("Track")).toHaveText("Subtitles");
  });

  // Its viewer reads it in the section of OVAs, specials and films, beside the seasons.
  await readerPage.goto("/translation_meta/anime_mistls");
  await waitForHydration(readerPage);
  await readerPage
    .getByRole("link", { name: /OVAs, specials and films/ })
    .first()
    .click();
  await expect(readerPage).toHaveURL(/\/translation_meta\/anime_mistls\?season=specials$/);
  await expect(readerPage.getByRole("heading", { level: 2, name: "OVAs, specials and films" })).toBeVisible();
  await expect(readerPage.getByText(suggested)).toBeVisible();

  // Someone who has not watched it sees the OVA's entries sealed, and nothing of their words.
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await strangerPage.goto("/translation_meta/anime_mistls?season=specials");
  await waitForHydration(strangerPage);
  await expect(strangerPage.getByText(/entr(?:y|ies) on 1 OVA, special or film beyond what you have/)).toBeVisible();
  expect(await strangerPage.content()).not.toContain(suggested);
  await expect(strangerPage.getByText(suggested)).toHaveCount(0);
  await stranger.close();
});

test("a viewer of the recut reports a line of a scene it adds, a moderator accepts it, and it is shown in the season's section under the recut's episode, sealed to a viewer of the season alone", async ({
  reader,
  moderator,
  browser,
}) => {
  test.slow(); // two signed-in pages, a report, a decision and a third browser
  const readerPage = reader.page;
  const suggested = `The lamplighters close the round at dusk ${Date.now()}.`;
  // The reader has watched the recut to its episode 3, which adds the lamplighters' round, and nothing of
  // the season's own episodes.
  await readerPage.goto("/anime?season=1");
  await waitForHydration(readerPage);
  await readerPage.locator("#s1r1e3").getByRole("button", { name: "I have watched up to here" }).click();
  await expect
    .poll(() => readerPage.evaluate(() => JSON.parse(localStorage.getItem("rc:progress") ?? "{}")))
    .toMatchObject({ recuts: ["anime:1r1-3"], anime: null });

  // The list offers the recut's episode by its label, after the season's episodes; 40 minutes in is
  // within the recut's hour, past a season episode's.
  await readerPage.goto("/feedback_hub/report_anime_mistl");
  await waitForHydration(readerPage);
  const episode = readerPage.getByLabel("Episode, OVA, special or film");
  await expect(episode).toHaveAccessibleDescription(/a scene only the recut has, on the recut's\.$/);
  await expect(episode.locator('option[value="anime:1r1-3"]')).toHaveText("Season 1 Recut · Episode 3");
  await expect(episode.locator('option[value="anime:1r1-1"]')).toHaveCount(0);
  await fillReport(readerPage, {
    path: "/feedback_hub/report_anime_mistl",
    select: { "Episode, OVA, special or film": "anime:1r1-3", Platform: "Blu-ray", Track: "subtitles" },
    fill: {
      Timestamp: "95:10",
      "The official line": "The lamplighters end their walk.",
      "Your suggested line": suggested,
      "Why it matters": "The round is a duty, not a stroll.",
    },
    title: "",
  });
  // A time past the recut's episode is refused by the site beside the field, which the reader is taken
  // to (on a phone, a screen above the button they tapped), with everything typed kept.
  await readerPage.setViewportSize({ width: 360, height: 740 });
  await readerPage.getByRole("button", { name: "Send report" }).click();
  const timestamp = readerPage.getByLabel("Timestamp");
  await expect(timestamp).toHaveAccessibleDescription(/Season 1 Recut · Episode 3 runs about 48 minutes/);
  await expect(timestamp).toBeFocused();
  await expect(timestamp).toBeInViewport();
  await expect(readerPage.getByLabel("Your suggested line")).toHaveValue(suggested);
  // Offline, nothing is sent and nothing typed is lost.
  await timestamp.fill("40:10");
  await readerPage.context().setOffline(true);
  await readerPage.getByRole("button", { name: "Send report" }).click();
  await expect(readerPage.getByRole("alert").filter({ hasText: "You are offline" })).toBeVisible();
  await expect(timestamp).toHaveValue("40:10");
  await expect(readerPage.getByLabel("Your suggested line")).toHaveValue(suggested);
  await readerPage.context().setOffline(false);
  await readerPage.getByRole("button", { name: "Send report" }).click();
  await expect(readerPage).toHaveURL(/\/feedback_hub\?sent=anime_mistl/);
  await readerPage.setViewportSize({ width: 1280, height: 720 });

  // Triage names the recut's episode by its label, with the time the reader gave.
  await acceptAnimeReport(moderator.page, suggested, "Season 1 Recut · Episode 3 at 40:10");

  // Its viewer reads it in season 1's section, under the recut's episode.
  await readerPage.goto("/translation_meta/anime_mistls?season=1");
  await waitForHydration(readerPage);
  await expect(readerPage.getByRole("heading", { level: 2, name: "Season 1" })).toBeVisible();
  const recutEpisode = readerPage.getByRole("region", { name: /^Season 1 Recut · Episode 3/ });
  await expect(recutEpisode.getByText(suggested)).toBeVisible();

  // On a phone, the recut's episode on /anime links to its notes, and the link lands on its heading, not
  // on the season's entries above it, which are shown to its viewer after the page has scrolled.
  await readerPage.setViewportSize({ width: 360, height: 740 });
  await readerPage.goto("/anime?season=1");
  await waitForHydration(readerPage);
  await readerPage
    .locator("#s1r1e3")
    .getByRole("link", { name: /^\d+ translation notes? for recut episode 3$/ })
    .click();
  await expect(readerPage).toHaveURL(/\/translation_meta\/anime_mistls\?season=1#episode-anime:1r1-3$/);
  const recutHeading = readerPage.getByRole("heading", { level: 3, name: /^Season 1 Recut · Episode 3/ });
  await expect(recutHeading).toBeInViewport();
  // It is still there once the page has settled, as it is when the address is opened afresh.
  await readerPage.waitForTimeout(1500);
  await expect(recutHeading).toBeInViewport();
  await readerPage.reload();
  await waitForHydration(readerPage);
  await readerPage.waitForTimeout(1500);
  await expect(recutHeading).toBeInViewport();

  // A viewer of the whole season, who has watched every episode the recut holds, never saw the scene: its
  // entry stays sealed, and nothing of its words is on the page.
  const seasonViewer = await browser.newContext();
  await seasonViewer.addInitScript(
    (stored) => localStorage.setItem("rc:progress", stored),
    JSON.stringify({ ...emptyProgress, anime: "anime:1-13", updatedAt: "2024-01-01T00:00:00.000Z" }),
  );
  const seasonPage = await seasonViewer.newPage();
  await seasonPage.goto("/translation_meta/anime_mistls?season=1");
  await waitForHydration(seasonPage);
  // The season's own entries are shown, to its last.
  await expect(seasonPage.getByRole("heading", { level: 3, name: /^Episode 12\b/ })).toBeVisible();
  // Last, after the season's own episodes.
  await expect(seasonPage.getByText(/entr(?:y|ies) on 1 episode beyond what you have/).last()).toBeVisible();
  expect(await seasonPage.content()).not.toContain(suggested);
  await expect(seasonPage.getByText(suggested)).toHaveCount(0);
  await seasonViewer.close();
});

test("a report's location must be a place in the book, and one that names a later secret is not published", async ({
  reader,
  moderator,
}) => {
  const readerPage = reader.page;
  const official = `Her lamp burns ${Date.now()} nights.`;
  await fillReport(readerPage, {
    path: "/feedback_hub/report_ln_mistl?volume=ln:main-1",
    fill: {
      Chapter: "2",
      "Page or ebook position": "the bridge scene",
      "The official English text": official,
      "Your suggested translation": "Her lamp keeps burning.",
      // The demo's secret "hester-dies", revealed long after the first volume.
      "Why it matters": "It foreshadows her last jar.",
    },
    title: "",
  });
  await readerPage.getByRole("button", { name: "Send report" }).click();
  // A location that is not one: the error next to the field, and what was typed stays.
  await expect(readerPage.locator("#field-location-error")).toHaveText(
    "Write a page (p. 112), a percentage (43%) or a Kindle location (loc. 1234).",
  );
  await expect(readerPage.getByLabel("Page or ebook position")).toHaveValue("the bridge scene");
  await readerPage.getByLabel("Page or ebook position").fill("43%");
  await readerPage.getByRole("button", { name: "Send report" }).click();
  await expect(readerPage).toHaveURL(/\/feedback_hub\?sent=ln_mistl/);

  const { page } = moderator;
  await page.goto("/feedback_hub/triage?kind=ln_mistl&status=open");
  await waitForHydration(page);
  const item = page.getByRole("listitem").filter({ hasText: official });
  await item.getByLabel("Status").selectOption("accepted");
  await item.getByLabel("Note to the reporter").fill("Thank you; the explanation gives away a later chapter.");
  await item.getByRole("button", { name: "Save decision" }).click();
  // Refused beside the form, naming the field and the secret; the moderator's note stays.
  await expect(item.getByRole("alert")).toContainText(
    "Not published: its “Why it matters” names the secret “hester-dies” (“her last jar”)",
  );
  await expect(item.getByLabel("Note to the reporter")).toHaveValue(
    "Thank you; the explanation gives away a later chapter.",
  );
});

test("a paste three times a field's limit stays whole in its box, is counted, and the field says its true length without sending", async ({
  reader,
}) => {
  const { page } = reader;
  await page.goto("/feedback_hub/report_bug");
  await waitForHydration(page);
  // Pasted (fill types nothing key by key, as a paste), with characters of one, two and three bytes.
  const pasted = "The page froze when I opened the tracker: 灯 🏮. ".repeat(260).trim();
  const length = [...pasted].length.toLocaleString("en");
  const happened = page.getByLabel("What happened?");
  await happened.fill(pasted);
  await expect(happened).toHaveValue(pasted);
  await expect(page.locator("#field-happened-description")).toContainText(`${length} of 4,000 characters`);
  await page.getByLabel("What did you expect to happen?").fill("It opens.");
  await page.getByLabel("Which page was it on?").fill("/reading_tracker");
  const posts = sitePosts(page);
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.locator("#field-happened-error")).toHaveText(`Keep it to 4,000 characters (this is ${length}).`);
  await expect(happened).toHaveValue(pasted);
  await expect(page).toHaveURL(/\/feedback_hub\/report_bug$/);
  // Refused in the browser: the text never went to the site.
  expect(posts).toEqual([]);
});

test("a report with a word longer than the screen is read on a phone without scrolling sideways, in My reports and in triage", async ({
  reader,
  moderator,
}) => {
  const word = `${"Ｗ".repeat(60)}${"x".repeat(400)}`;
  const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
  await reader.page.setViewportSize({ width: 360, height: 740 });
  await fillReport(reader.page, {
    path: "/feedback_hub/report_content",
    // The item's field keeps 300 characters: the word as long as it may be there.
    fill: { "Which page or item?": word.slice(0, 300), "What is wrong?": `${word} is wrong`, "What is right?": word },
    title: "",
  });
  await reader.page.getByRole("button", { name: "Send report" }).click();
  await expect(reader.page).toHaveURL(/\/feedback_hub\?sent=/);
  // The title is the start of what is wrong.
  await expect(reader.page.getByRole("region", { name: "My reports" })).toContainText(word.slice(0, 100));
  expect(await sideways(reader.page)).toBeLessThanOrEqual(360);

  const { page } = moderator;
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/feedback_hub/triage?kind=content&status=open");
  await expect(
    page
      .getByRole("listitem")
      .filter({ hasText: `${word} is wrong` })
      .first(),
  ).toBeVisible();
  expect(await sideways(page)).toBeLessThanOrEqual(360);
});

test("a report form, its live count and the signed-in header have no serious or critical accessibility violation, light or dark", async ({
  reader,
}) => {
  test.slow(); // axe four times over a signed-in page
  const { page } = reader;
  const problems: string[] = [];
  const open = async () => {
    await page.goto("/feedback_hub/report_bug");
    await waitForHydration(page);
    await page.getByLabel("What happened?").fill("The arc list jumps when I scroll");
    await expect(page.getByText("32 of 4,000 characters")).toBeVisible();
  };
  await inBothThemes(page, open, async ({ width, colorScheme }) => {
    for (const violation of await seriousViolations(page))
      for (const node of violation.nodes)
        problems.push(`${width}px ${colorScheme} ${violation.id} at ${node.target.join(" ")}`);
  });
  expect(problems).toEqual([]);
});
