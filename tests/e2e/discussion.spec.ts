/**
 * Discussion as readers meet it: an anime-only viewer finds a comment about a chapter the anime skipped
 * folded away until they read it; a writer posts, a moderator moves a comment's horizon and a reader who
 * saw it a moment before no longer does on their next load (within seconds when signed out); a reply reaches its writer as a notice
 * without its words; bad input keeps the text, and so does a session ended in another tab; a writer edits their comment, another reader reports it,
 * a moderator moves it from the queue of reported comments and its writer is told, behind the shield.
 */
import type { Locator, Page } from "@playwright/test";
import { emptyProgress, type Progress } from "../../app/lib/progress/record";
import { expect, signIn, signOut, test } from "../support/auth";
import { setTextSize, sitePosts } from "../support/browser";

const progress = (fields: Partial<Progress>) => JSON.stringify({ ...emptyProgress, ...fields });

/** Starts the page's browser with this progress (once: what the reader marks later stays). */
const withProgress = (page: Page, fields: Partial<Progress>) =>
  page.addInitScript((value) => {
    if (localStorage.getItem("rc:progress") === null) localStorage.setItem("rc:progress", value);
  }, progress(fields));

/** Saves progress to the signed-in reader's account, as the site's save does, and in this browser. */
async function saveToAccount(page: Page, fields: Partial<Progress>) {
  const record = progress({ ...fields, updatedAt: new Date().toISOString() });
  const status = await page.evaluate(async (body) => {
    localStorage.setItem("rc:progress", body);
    return (
      await fetch("/resources/progress", { method: "POST", headers: { "Content-Type": "application/json" }, body })
    ).status;
  }, record);
  expect(status).toBe(200);
}

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
const comments = (page: Page) => page.locator("main ol").first();

/** The signed-in reader's comment typed into the form on `path`, its words counted (the form's code has come). */
async function typeComment(page: Page, path: string, text: string) {
  await saveToAccount(page, { anime: "anime:1-12" });
  await page.goto(path);
  await hydrated(page);
  await page.getByLabel("Your comment").fill(text);
  await expect(page.getByText(`${text.length} of 4,000 characters`)).toBeVisible();
}

test("an anime-only viewer sees a comment about a skipped chapter folded, and after reading the chapter it appears", async ({
  page,
  request,
}) => {
  // The demo thread: a comment about episode 11, and one about the web novel chapter the season left out.
  const source = await (await request.get("/discuss/anime:1-11")).text();
  expect(source).not.toContain("second bell is explained");
  expect(source).not.toContain("rain on the bridge");
  // The episode's title, too, is only for those who have reached it.
  expect(source).not.toContain("Fire in the Stalls");

  await withProgress(page, { anime: "anime:1-12" });
  // A signed-out reader loads none of the forms' code (posting, editing, reporting, moderating).
  const scripts: string[] = [];
  page.on("request", (sent) => sent.resourceType() === "script" && scripts.push(sent.url()));
  await page.goto("/discuss/anime:1-11");
  await expect(comments(page)).toContainText("The rain on the bridge");
  await expect(page.locator("main header").first()).toContainText(
    "Discussion: Season 1 · Episode 11Fire in the Stalls",
  );
  // An episode is watched: the lead says so, and the page's description too.
  await expect(page.locator("main header").first()).toContainText(
    "For readers who have watched Season 1 · Episode 11.",
  );
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    /^What readers who have watched Season 1 · Episode 11 say/,
  );
  // How many a comment's replies are is behind its horizon: the thread's count says it leaves them out.
  await expect(page.locator("main")).toContainText(/\d+ comments?, not counting replies/);
  expect(scripts.filter((url) => url.includes("writer-tools"))).toEqual([]);
  await expect(comments(page)).toContainText("1 comment touching Arc 2 · Chapter 22");
  await expect(page.locator("main")).not.toContainText("second bell is explained");

  // The viewer reads the skipped chapter: "I have read up to here" on its row.
  await page.goto("/web_novel?arc=2#wn-2-24");
  await hydrated(page);
  await page.locator("#wn-2-24").getByRole("button", { name: "I have read up to here" }).click();
  await expect(page.getByRole("region", { name: "Notifications (F8)" })).toContainText(/read/i);
  await page.goto("/discuss/anime:1-11");
  await expect(comments(page)).toContainText("second bell is explained");
  await expect(comments(page)).not.toContainText("touching Arc 2 · Chapter 22");
});

test("a reader without progress sees the thread folded, nothing of it in the page; 'Show it' shows the episode's comments and no more", async ({
  page,
}) => {
  await page.goto("/discuss/wn:1-5");
  await hydrated(page);
  await expect(page.locator("main")).toContainText("This discussion is beyond what you have read or watched");
  expect(await page.content()).not.toContain("good hook");

  await page.goto("/discuss/anime:1-11");
  await hydrated(page);
  await page.getByRole("button", { name: "Show it" }).click();
  // Asking to see the episode's discussion shows the comments on the episode, not those that touch more:
  // the two side by side that do fold into one line.
  await expect(comments(page)).toContainText("The rain on the bridge");
  await expect(comments(page)).not.toContainText("touching Season 1 · Episode 11");
  await expect(comments(page)).toContainText("2 comments touching Arc 2 · Chapter 22 and Season 1 · Episode 12");
  await expect(page.locator("main")).not.toContainText("second bell is explained");

  // A thread with no comment has nothing to fold away: it says so, with no "Show it" that shows nothing.
  await page.goto("/discuss/wn:1-6");
  await hydrated(page);
  await expect(page.locator("main")).toContainText("0 comments");
  await expect(page.locator("main")).toContainText("No comments yet.");
  await expect(page.getByRole("button", { name: "Show it" })).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: /Strict/ })).toHaveCount(0);
});

test("two hidden comments side by side fold into one line naming what each touches; 'Show them' shows those two", async ({
  reader,
  moderator,
  browser,
}) => {
  // Two writers (each may post once a minute on their first day) raise their comments past the chapter.
  const stamp = Date.now();
  const posts = [
    { writer: reader.page, seen: "wn:3-10", text: `The tower burns in arc 3, written at ${stamp}` },
    { writer: moderator.page, seen: "wn:1-12", text: `The bell rings twice in chapter 11, written at ${stamp}` },
  ];
  for (const { writer, seen, text } of posts) {
    await saveToAccount(writer, { webNovel: seen });
    await writer.goto("/discuss/wn:1-7");
    await hydrated(writer);
    await writer.getByLabel("Your comment").fill(text);
    await writer.getByLabel("What it touches").selectOption(seen);
    await writer.getByRole("button", { name: "Post comment" }).click();
    await expect(comments(writer)).toContainText(text);
  }

  // A reader of the chapter itself: one line for both, the nearest first, and nothing of them in the page.
  const context = await browser.newContext();
  const page = await context.newPage();
  await withProgress(page, { webNovel: "wn:1-7" });
  const revealed = page.waitForResponse((response) => /\/discuss\/wn:1-7\.data\?reveal=/.test(response.url()));
  await page.goto("/discuss/wn:1-7");
  const data = await (await revealed).text();
  await hydrated(page);
  const runs = comments(page).locator('[data-spoiler="run"]');
  await expect(runs).toHaveCount(1);
  await expect(runs).toContainText(/\d+ comments touching Arc 1 · Chapter \d+ and Arc 3 · Chapter 9: beyond/);
  const source = await (await page.request.get("/discuss/wn:1-7")).text();
  for (const text of [...posts.map((post) => post.text), "Test Reader"]) {
    expect(source).not.toContain(text);
    expect(data).not.toContain(text);
    expect(await page.content()).not.toContain(text);
  }

  await runs.getByRole("button", { name: "Show them" }).click();
  for (const { text } of posts) await expect(comments(page)).toContainText(text);
  await expect(runs).toHaveCount(0);
  await context.close();
});

test("on a phone, a reader who asked to see comments beyond their progress and taps Report is told why not, in focus, and Close gives the focus back", async ({
  reader,
}) => {
  const { page } = reader;
  await page.setViewportSize({ width: 360, height: 740 });
  // Watched to episode 5: the demo's comment on episode 11 that touches the finale is beyond them.
  await saveToAccount(page, { anime: "anime:1-5" });
  await page.goto("/discuss/anime:1-11");
  await hydrated(page);
  await page.getByRole("button", { name: "Show it" }).click();
  await comments(page).getByRole("button", { name: "Show them" }).click();
  const comment = comments(page).getByRole("listitem").filter({ hasText: "Having seen the finale now" });
  await comment.getByRole("button", { name: "Report" }).click();
  const notice = comment.getByRole("region", { name: "Report this comment" });
  await expect(notice).toBeFocused();
  // The first part of the story it is shown behind that they have not reached: its thread's own episode.
  await expect(notice).toContainText("You can report this comment once your progress reaches Season 1 · Episode 11.");
  await expect(notice.getByRole("link", { name: "Update your progress" })).toHaveAttribute("href", "/reading_tracker");
  // The keyboard goes on from it to its link, then to Close.
  await page.keyboard.press("Tab");
  await expect(notice.getByRole("link", { name: "Update your progress" })).toBeFocused();
  await notice.getByRole("button", { name: "Close" }).click();
  await expect(notice).toHaveCount(0);
  await expect(comment.getByRole("button", { name: "Report" })).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("a light novel reader joins the thread of a web novel chapter their volumes print", async ({ reader }) => {
  const page = reader.page;
  // Lanternfall 1 prints Arc 1 from its prologue on; the reader has read up to Lanternfall 3.
  await saveToAccount(page, { lightNovels: ["ln:main-3"] });
  await page.goto("/discuss/wn:1-5");
  await hydrated(page);
  await expect(page.getByText(/You can join once you have read/)).toHaveCount(0);
  const text = `Read in the light novel, at ${Date.now()}`;
  await page.getByLabel("Your comment").fill(text);
  await page.getByRole("button", { name: "Post comment" }).click();
  await expect(comments(page)).toContainText(text);
});

test("a writer posts, readers see it, a moderator moves its horizon and a reader no longer does on their next load", async ({
  reader,
  moderator,
  accounts,
  browser,
}) => {
  test.slow(); // three readers signed in, each in a browser of their own, and the writer's failures
  const writer = reader.page;
  const text = `Episode ten's cliffhanger, written at ${Date.now()}`;
  await saveToAccount(writer, { anime: "anime:1-12" });
  await writer.goto("/discuss/anime:1-10");
  await hydrated(writer);

  // Bad input first: the message sits by the field and the text stays.
  await writer.getByLabel("Your comment").fill("x");
  await writer.getByRole("button", { name: "Post comment" }).click();
  await expect(writer.getByText("Write at least two characters.")).toBeVisible();
  await expect(writer.getByLabel("Your comment")).toHaveValue("x");

  // A post that never reaches the site keeps the page, the text and the draft.
  await writer.getByLabel("Your comment").fill(text);
  // The post alone: the page's own question for what the writer has seen may still be on its way.
  await writer.route("**/discuss/anime:1-10.data*", (route) =>
    route.request().method() === "POST" ? route.abort() : route.continue(),
  );
  await writer.getByRole("button", { name: "Post comment" }).click();
  await expect(writer.getByRole("alert")).toContainText("could not be reached");
  await expect(writer.getByLabel("Your comment")).toHaveValue(text);
  await expect
    .poll(() => writer.evaluate(() => Object.keys(localStorage).filter((key) => key.includes("comment:anime:1-10"))))
    .toHaveLength(1);
  await writer.unrouteAll();

  await expect(writer.getByLabel("What it touches")).toHaveValue("anime:1-10");
  // The writer's own furthest place is named as the series numbers it.
  await expect(writer.getByLabel("What it touches").locator("option")).toHaveText([
    "Only Season 1 · Episode 10",
    "The anime to Season 1 · Episode 12",
  ]);
  // On a phone the comments start below the form: the posted one is brought into view. The post lands
  // but the page showing it cannot be loaded: the thread stays, saying the comment was sent, until the
  // reader tries again.
  await writer.setViewportSize({ width: 360, height: 640 });
  await writer.route("**/*.data*", (route) => (route.request().method() === "GET" ? route.abort() : route.continue()));
  await writer.getByRole("button", { name: "Post comment" }).click();
  const sent = writer.locator("[aria-live]").filter({ hasText: "Sent. The page showing it could not be loaded" });
  await expect(sent).toBeVisible();
  await expect(writer.getByRole("heading", { level: 1 })).toContainText("Episode 10");
  await writer.unrouteAll();
  await sent.getByRole("button", { name: "Try again" }).click();
  await expect(writer.getByRole("region", { name: "Notifications (F8)" })).toContainText("Comment posted");
  await expect(comments(writer)).toContainText(text);
  await expect(writer.locator("main li", { hasText: text })).toBeInViewport();
  await writer.setViewportSize({ width: 1280, height: 720 });

  // Another reader who watched the season sees it, signed in and signed out.
  const context = await browser.newContext();
  const other = await context.newPage();
  await signIn(other, await accounts.create("Second Reader"));
  await saveToAccount(other, { anime: "anime:1-12" });
  await other.goto("/discuss/anime:1-10");
  await expect(comments(other)).toContainText(text);
  const signedOutContext = await browser.newContext();
  const signedOut = await signedOutContext.newPage();
  await withProgress(signedOut, { anime: "anime:1-12" });
  await signedOut.goto("/discuss/anime:1-10");
  await expect(comments(signedOut)).toContainText(text);

  // The moderator (who has watched it too) replies; the writer is told, without a word of the reply.
  await saveToAccount(moderator.page, { anime: "anime:1-12" });
  await moderator.page.goto("/discuss/anime:1-10");
  await hydrated(moderator.page);
  const item = moderator.page.locator("main li", { hasText: text });
  await item.getByRole("button", { name: "Reply" }).click();
  // The tap on Reply asked to write: the text box has the focus.
  await expect(item.getByLabel("Your reply")).toBeFocused();
  await item.getByLabel("Your reply").fill("A moderator's reply, never in a notice");
  await item.getByRole("button", { name: "Post reply" }).click();
  await expect(item).toContainText("A moderator's reply, never in a notice");
  // The reply's form went with the post: focus is on the reply, not back at the top of the page.
  await expect(item.locator("li", { hasText: "A moderator's reply" })).toBeFocused();
  await writer.goto("/discuss");
  await expect(writer.locator("main")).toContainText("A reply in Season 1 · Episode 10");
  expect(await writer.content()).not.toContain("never in a notice");
  expect(await writer.content()).not.toMatch(/\bModerator\b/);

  // The moderator moves the comment's horizon to the web novel's arc 3.
  // The comment's own controls come first; its reply has its own.
  await item.getByLabel("Move its horizon to (a unit key)").first().fill("wn:3-1");
  await item.getByRole("button", { name: "Move horizon" }).first().click();
  await expect(moderator.page.getByRole("region", { name: "Notifications (F8)" })).toContainText("Horizon moved");

  // The signed-in reader's next load no longer has it.
  await other.reload();
  await hydrated(other);
  await expect(comments(other)).toContainText("touching Arc 3 · Prologue");
  await expect(other.locator("main")).not.toContainText(text);
  await context.close();

  // A signed-out reader's thread is kept at the edge for a few seconds (THREAD_CACHE_CONTROL): the
  // decision reaches them within that, never later.
  await expect(async () => {
    await signedOut.reload();
    await hydrated(signedOut);
    await expect(comments(signedOut)).toContainText("touching Arc 3 · Prologue");
    await expect(signedOut.locator("main")).not.toContainText(text, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await signedOutContext.close();
});

test("a reply raised to the anime under a comment a moderator lowered shows to a reader who saw its two parts in different media, and 'Show it' shows it to one who had not", async ({
  reader,
  moderator,
  browser,
}) => {
  test.slow(); // a writer, a moderator and two readers, each in a browser of their own
  const stamp = Date.now();
  const text = `The archive chapters the season leaves out, written at ${stamp}`;
  const answer = `And the finale's last scene, answered at ${stamp}`;
  // Both have read the chapter the season left out (Arc 2 · Chapter 22) and watched the season.
  const seen = { webNovel: "wn:2-24", anime: "anime:1-12", position: 0 };
  const writer = reader.page;
  await saveToAccount(writer, seen);
  await writer.goto("/discuss/anime:1-2");
  await hydrated(writer);
  await writer.getByLabel("Your comment").fill(text);
  await writer.getByLabel("What it touches").selectOption("wn:2-24");
  await writer.getByRole("button", { name: "Post comment" }).click();
  await expect(comments(writer)).toContainText(text);

  // The moderator answers it, raising the reply to the season's last episode, then lowers the comment
  // to the thread's episode: the reply stays behind the chapter as well as the episode.
  await saveToAccount(moderator.page, seen);
  await moderator.page.goto("/discuss/anime:1-2");
  await hydrated(moderator.page);
  const item = moderator.page.locator("main li", { hasText: text });
  await item.getByRole("button", { name: "Reply" }).click();
  await item.getByLabel("Your reply").fill(answer);
  await item.getByLabel("What it touches").selectOption("anime:1-12");
  await item.getByRole("button", { name: "Post reply" }).click();
  await expect(item).toContainText(answer);
  await item.getByLabel("Move its horizon to (a unit key)").first().fill("anime:1-2");
  await item.getByRole("button", { name: "Move horizon" }).first().click();
  await expect(moderator.page.getByRole("region", { name: "Notifications (F8)" })).toContainText("Horizon moved");

  // The chapter read in the web novel, the episode watched in the anime: the comment and the reply.
  const both = await (await browser.newContext()).newPage();
  await withProgress(both, seen);
  await both.goto("/discuss/anime:1-2");
  await expect(comments(both)).toContainText(text);
  await expect(comments(both)).toContainText(answer);
  await both.context().close();

  // The season alone: the comment as it is now, its reply folded naming both parts, shown when asked.
  const anime = await (await browser.newContext()).newPage();
  await withProgress(anime, { anime: "anime:1-12" });
  await anime.goto("/discuss/anime:1-2");
  await hydrated(anime);
  await expect(comments(anime)).toContainText(text);
  const fold = comments(anime).locator('[data-spoiler="run"]', {
    hasText: "1 reply touching Arc 2 · Chapter 22 and Season 1 · Episode 12",
  });
  await expect(fold).toBeVisible();
  await expect(comments(anime)).not.toContainText(answer);
  await fold.getByRole("button", { name: "Show it" }).click();
  await expect(comments(anime)).toContainText(answer);
  await anime.context().close();
});

test("on a phone, the 'Comment posted' toast covers neither the form nor the comment it confirms", async ({
  reader,
}) => {
  const page = reader.page;
  await page.setViewportSize({ width: 360, height: 780 });
  const text = `Written on a phone at ${Date.now()}`;
  // A thread no other test writes in: the comment is its only one, so the page cannot be scrolled far
  // enough to bring it to the top, and the end of the form stays in view above it.
  await typeComment(page, "/discuss/anime:1-8", text);
  await page.getByRole("button", { name: "Post comment" }).click();
  const toast = page
    .getByRole("region", { name: "Notifications (F8)" })
    .getByRole("listitem")
    .filter({ hasText: "Comment posted" });
  await expect(toast).toBeVisible();
  const posted = page.locator("main li", { hasText: text });
  await expect(posted).toBeInViewport();
  const form = page.getByRole("form", { name: "Post a comment" });
  await expect(form).toBeInViewport();
  const apart = async (used: typeof form) => {
    const [a, b] = [await toast.boundingBox(), await used.boundingBox()];
    if (!a || !b) throw new Error("the toast or what it should not cover is not drawn");
    return a.y + a.height <= b.y || b.y + b.height <= a.y;
  };
  // Measured once the toast has slid in.
  await expect.poll(() => apart(form)).toBe(true);
  expect(await apart(posted)).toBe(true);
  await expect(toast).toBeInViewport();

  // The thread is left as it was found, for the next run on the same local state.
  page.once("dialog", (dialog) => void dialog.accept());
  await posted.getByRole("button", { name: "Delete" }).click();
  await expect(page.locator("main")).not.toContainText(text);
});

test("at twice the text size on a 360 px phone, what a comment touches shows whole, as chosen, as a draft restores it and after Start over and posting", async ({
  reader,
}) => {
  const page = reader.page;
  await page.setViewportSize({ width: 360, height: 740 });
  await setTextSize(page, "200%");
  // A thread no other test writes in.
  const text = `Episode three, read large at ${Date.now()}`;
  await typeComment(page, "/discuss/anime:1-3", text);
  const touches = page.getByLabel("What it touches");
  /** What the reader sees in the box (the select lies transparent over it), and whether it is cut off. */
  const shown = () =>
    touches.evaluate((select) => {
      const box = select.previousElementSibling as HTMLElement;
      return {
        text: box.textContent,
        cut: box.scrollWidth > box.clientWidth + 1 || box.getBoundingClientRect().right > 360,
      };
    });
  const furthest = "The anime to Season 1 · Episode 12";
  await expect.poll(shown).toEqual({ text: "Only Season 1 · Episode 3", cut: false });
  await touches.selectOption({ label: furthest });
  await expect.poll(shown).toEqual({ text: furthest, cut: false });

  // Away and back: the draft comes back with its choice, and the box names it.
  await expect
    .poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes("comment:anime:1-3"))))
    .toHaveLength(1);
  await page.goto("/anime");
  await page.goto("/discuss/anime:1-3");
  await hydrated(page);
  await expect(page.getByText("Your unsent draft was restored.")).toBeVisible();
  await expect(page.getByLabel("Your comment")).toHaveValue(text);
  await expect(touches).toHaveValue("anime:1-12");
  await expect.poll(shown).toEqual({ text: furthest, cut: false });

  // Start over empties the form: the box names the first choice again.
  await page.getByRole("button", { name: "Start over" }).click();
  await expect(page.getByLabel("Your comment")).toHaveValue("");
  await expect(touches).toHaveValue("anime:1-3");
  await expect.poll(shown).toEqual({ text: "Only Season 1 · Episode 3", cut: false });

  // Posted, the form is drawn empty, its box naming the first choice.
  await page.getByLabel("Your comment").fill(text);
  await touches.selectOption({ label: furthest });
  await page.getByRole("button", { name: "Post comment" }).click();
  const posted = page.locator("main li", { hasText: text });
  await expect(posted).toBeVisible();
  await expect(page.getByLabel("Your comment")).toHaveValue("");
  await expect(touches).toHaveValue("anime:1-3");
  await expect.poll(shown).toEqual({ text: "Only Season 1 · Episode 3", cut: false });

  // The thread is left as it was found, for the next run on the same local state.
  page.once("dialog", (dialog) => void dialog.accept());
  await posted.getByRole("button", { name: "Delete" }).click();
  await expect(page.locator("main")).not.toContainText(text);
});

test("a delete that does not go through says so beside the comment it leaves, offline or with the site out of reach", async ({
  reader,
  context,
}) => {
  const page = reader.page;
  const text = `Deleted later, written at ${Date.now()}`;
  await typeComment(page, "/discuss/anime:1-6", text);
  await page.getByRole("button", { name: "Post comment" }).click();
  const posted = page.locator("main li", { hasText: text });
  await expect(posted).toBeVisible();
  page.on("dialog", (dialog) => void dialog.accept());

  // Offline: the comment stays, and says why, not as though the tap was never seen.
  await context.setOffline(true);
  await posted.getByRole("button", { name: "Delete" }).click();
  await expect(posted.getByRole("alert")).toHaveText(
    "You are offline, so nothing was done. Try again when you are back online.",
  );
  await expect(posted).toContainText(text);
  await context.setOffline(false);

  // Online, the request lost on the way.
  await page.route(/\/discuss\/anime:1-6/, (route) =>
    route.request().method() === "POST" ? route.abort() : route.continue(),
  );
  await posted.getByRole("button", { name: "Delete" }).click();
  await expect(posted.getByRole("alert")).toHaveText(
    "The site could not be reached, so nothing was done. Try again in a moment.",
  );
  await expect(posted).toContainText(text);

  // Through once the site is reached: the comment goes, with the thread left as it was found.
  await page.unroute(/\/discuss\/anime:1-6/);
  await posted.getByRole("button", { name: "Delete" }).click();
  await expect(page.locator("main")).not.toContainText(text);
});

test("a comment written while the session ends is in the form again once the writer has signed in again", async ({
  reader,
}) => {
  const page = reader.page;
  const text = `Written as the session ended, at ${Date.now()}`;
  await typeComment(page, "/discuss/anime:1-10", text);
  // The session ends while the page is open (its cookie gone): the post is sent to sign in first.
  await page.context().clearCookies();
  await page.getByRole("button", { name: "Post comment" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await signIn(page, reader, page.url());
  await expect(page).toHaveURL(/\/discuss\/anime:1-10$/);
  await expect(page.getByLabel("Your comment")).toHaveValue(text);
});

test("a comment written in a tab whose account is deleted in another stays in the box, with the reason beside it", async ({
  reader,
}) => {
  const tab = reader.page;
  const text = `Written in a tab whose account went, at ${Date.now()}`;
  await typeComment(tab, "/discuss/anime:1-11?reveal=all", text);

  // The account is deleted in a second tab of the same browser; the first hears its session end.
  const other = await tab.context().newPage();
  await other.goto("/account/delete");
  await hydrated(other);
  await other.getByLabel("I want my account deleted").check();
  await other.getByRole("button", { name: "Delete my account" }).click();
  await expect(other.getByRole("status")).toContainText("Your account is deleted");
  await other.close();

  await tab.bringToFront();
  await expect(tab.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  const form = tab.getByRole("form", { name: "Post a comment" });
  await expect(form.getByRole("alert")).toContainText("You are no longer signed in, so this was not sent.");
  await expect(form.getByLabel("Your comment")).toHaveValue(text);
  // Posting it anyway sends nothing and loses nothing: the reason stays beside the text.
  await form.getByRole("button", { name: "Post comment" }).click();
  await expect(tab).toHaveURL(/\/discuss\/anime:1-11\?reveal=all$/);
  await expect(form.getByRole("alert")).toContainText("Your text is kept here");
  await expect(form.getByLabel("Your comment")).toHaveValue(text);
  await expect(form.getByRole("link", { name: "Sign in" })).toHaveAttribute(
    "href",
    "/login?redirectTo=%2Fdiscuss%2Fanime%3A1-11%3Freveal%3Dall",
  );
});

test("words typed into the form before its code has come stay in the box as the page's revealed data and the code come", async ({
  reader,
}) => {
  const { page } = reader;
  await saveToAccount(page, { anime: "anime:1-12" });
  // The forms' code held back, as on a slow connection: the form the server drew is what the reader types into.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/writer-tools-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const revealed = page.waitForResponse((response) => /\/discuss\/anime:1-10\.data\?reveal=/.test(response.url()));
  await page.goto("/discuss/anime:1-10");
  await hydrated(page);
  const text = `Typed before the form's code came, at ${Date.now()}`;
  await page.getByLabel("Your comment").fill(text);
  // The revealed data names the reader's places for the horizon's choices: the form is not drawn anew for it.
  await revealed;
  await expect(page.getByLabel("Your comment")).toHaveValue(text);
  release();
  await expect(page.getByText(`${text.length} of 4,000 characters`)).toBeVisible();
  await expect(page.getByLabel("Your comment")).toHaveValue(text);
  await expect(page.getByRole("option", { name: /^The anime to / })).toBeAttached();
});

test("a paste three times a comment's limit stays whole in the box, is counted, and is refused with its true length without posting", async ({
  reader,
}) => {
  const { page } = reader;
  await saveToAccount(page, { anime: "anime:1-12" });
  await page.goto("/discuss/anime:1-10");
  await hydrated(page);
  // Characters of one, two and three bytes, and one of two UTF-16 units (as maxlength would count it).
  const pasted = "A long paste about episode ten: 灯 🏮. ".repeat(400).trim();
  const length = [...pasted].length.toLocaleString("en");
  const box = page.getByLabel("Your comment");
  await box.fill(pasted);
  await expect(box).toHaveValue(pasted);
  await expect(page.getByText(`${length} of 4,000 characters`)).toBeVisible();
  const posts = sitePosts(page);
  await page.getByRole("button", { name: "Post comment" }).click();
  await expect(page.locator("#text-new-error")).toHaveText(`Keep it to 4,000 characters (this is ${length}).`);
  await expect(box).toHaveValue(pasted);
  expect(posts).toEqual([]);
});

test("a comment the count takes but whose body is larger than a thread reads (characters that show nothing) keeps the page and the text", async ({
  reader,
}) => {
  const { page } = reader;
  await saveToAccount(page, { anime: "anime:1-12" });
  await page.goto("/discuss/anime:1-10");
  await hydrated(page);
  // Zero-width spaces are not counted (the post drops them) but each travels as nine bytes, escaped.
  const pasted = `A fair comment on episode ten.${"\u200b".repeat(25_000)}`;
  const box = page.getByLabel("Your comment");
  await box.fill(pasted);
  await expect(page.getByText("30 of 4,000 characters")).toBeVisible();
  await page.getByRole("button", { name: "Post comment" }).click();
  await expect(page.getByRole("alert")).toContainText("This is more than the site takes in one go");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Episode 10");
  await expect(box).toHaveValue(pasted);
});

test("a comment written in a tab signed out in another is in the form again once its writer signs in from it", async ({
  reader,
}) => {
  const tab = reader.page;
  const text = `Written in a tab signed out elsewhere, at ${Date.now()}`;
  await typeComment(tab, "/discuss/anime:1-10", text);

  const other = await tab.context().newPage();
  await other.goto("/discuss");
  await hydrated(other);
  await signOut(other);
  await other.close();

  const form = tab.getByRole("form", { name: "Post a comment" });
  await expect(form.getByRole("alert")).toContainText("You are no longer signed in, so this was not sent.");
  await expect(form.getByLabel("Your comment")).toHaveValue(text);
  await form.getByRole("link", { name: "Sign in" }).click();
  await expect(tab).toHaveURL(/\/login\?redirectTo=/);
  await signIn(tab, reader, tab.url());
  await expect(tab).toHaveURL(/\/discuss\/anime:1-10$/);
  await expect(tab.getByLabel("Your comment")).toHaveValue(text);
});

test("a writer edits a comment, a reader reports it as a spoiler, a moderator moves it from the queue and its writer is told", async ({
  reader,
  moderator,
  accounts,
  browser,
}) => {
  const writer = reader.page;
  const text = `Episode nine's lantern, written at ${Date.now()}`;
  await saveToAccount(writer, { anime: "anime:1-12" });
  await writer.goto("/discuss/anime:1-9");
  await hydrated(writer);
  await writer.getByLabel("Your comment").fill(text);
  await writer.getByRole("button", { name: "Post comment" }).click();
  await expect(comments(writer)).toContainText(text);
  const own = writer.locator("main li", { hasText: text });
  // The form is drawn anew, empty: focus goes to the comment posted.
  await expect(own).toBeFocused();

  // The writer edits it within its first minutes.
  await own.getByRole("button", { name: "Edit" }).click();
  // The tap that asked to edit puts the writer in the box.
  await expect(own.getByLabel("Your comment", { exact: true })).toBeFocused();
  await own.getByLabel("Your comment", { exact: true }).fill(`${text}, and who lit it`);
  await own.getByRole("button", { name: "Save" }).click();
  await expect(writer.getByRole("region", { name: "Notifications (F8)" })).toContainText("Comment edited");
  await expect(comments(writer)).toContainText(`${text}, and who lit it`);
  await expect(own).toContainText("(edited)");
  await expect(own).toBeFocused();

  // A reader of the web novel's arc 3 reports it: it needs the chapter they have read.
  const second = await accounts.create("Second Reader");
  const context = await browser.newContext();
  const other = await context.newPage();
  await signIn(other, second);
  await saveToAccount(other, { anime: "anime:1-12", webNovel: "wn:3-1" });
  await other.goto("/discuss/anime:1-9");
  await hydrated(other);
  const item = other.locator("main li", { hasText: text });
  await item.getByRole("button", { name: "Report" }).click();
  await item.getByLabel("If it spoils: what should a reader have seen first?").selectOption("wn:3-1");
  await item.getByLabel("A note to the moderators (optional)").fill("Says who lights it");
  await item.getByRole("button", { name: "Send report" }).click();
  await expect(other.getByRole("region", { name: "Notifications (F8)" })).toContainText("Reported");
  // One report a reader and comment: it is no longer offered.
  await expect(item.getByRole("button", { name: "Report" })).toHaveCount(0);
  await expect(item).toContainText("Reported");
  await context.close();

  // The moderator finds it in the queue, with the unit suggested, and moves it with a reason.
  await moderator.page.goto("/feedback_hub/triage/comments");
  await hydrated(moderator.page);
  const queued = moderator.page.locator("main li", { hasText: text });
  await expect(queued).toContainText("Says who lights it");
  await expect(queued.getByLabel("Move its horizon to (a unit key)")).toHaveValue("wn:3-1");
  await queued.getByLabel("Reason, shown to its writer").fill("It names who lights the lantern in arc 3");
  // Offline, the queue stays as it was and says, beside the form, that nothing was sent.
  await moderator.page.context().setOffline(true);
  await queued.getByRole("button", { name: "Move horizon" }).click();
  await expect(queued.getByRole("alert")).toContainText("You are offline, so nothing was sent.");
  await expect(queued.getByLabel("Reason, shown to its writer")).toHaveValue(
    "It names who lights the lantern in arc 3",
  );
  await moderator.page.context().setOffline(false);
  await queued.getByRole("button", { name: "Move horizon" }).click();
  await expect(moderator.page.getByRole("region", { name: "Notifications (F8)" })).toContainText("Horizon moved");
  await expect(queued).toHaveCount(0);

  // The writer is told which comment, and that it moved; the reason needs arc 3, which they have not read.
  await writer.goto("/discuss");
  await hydrated(writer);
  await expect(writer.locator("main")).toContainText("Your comment in Season 1 · Episode 9 was moved by a moderator");
  expect(await writer.content()).not.toContain("who lights the lantern");
});

test("a writer who adds later detail as they edit raises what the comment touches, and readers short of it no longer see it", async ({
  reader,
  browser,
}) => {
  const writer = reader.page;
  const text = `The lantern answers her, written at ${Date.now()}`;
  await saveToAccount(writer, { webNovel: "wn:3-10" });
  await writer.goto("/discuss/wn:1-8");
  await hydrated(writer);
  await writer.getByLabel("Your comment").fill(text);
  await writer.getByRole("button", { name: "Post comment" }).click();
  await expect(comments(writer)).toContainText(text);

  // A reader of the chapter itself sees it.
  const context = await browser.newContext();
  const other = await context.newPage();
  await withProgress(other, { webNovel: "wn:1-8" });
  await other.goto("/discuss/wn:1-8");
  await expect(comments(other)).toContainText(text);

  // The writer edits it, adding what arc 3 tells: what it touches is in the form, as it is.
  const own = writer.locator("main li", { hasText: text });
  await own.getByRole("button", { name: "Edit" }).click();
  const touches = own.getByLabel("What it touches");
  await expect(touches).toHaveValue("wn:1-8");
  const edited = `${text}, and in arc 3 the tower burns`;
  await own.getByLabel("Your comment", { exact: true }).fill(edited);
  // A form made to send a place past the writer's saved progress is refused beside the field, the text kept.
  await touches.evaluate((select) => {
    if (!(select instanceof HTMLSelectElement)) return;
    select.add(new Option("Arc 5", "wn:5-1"));
    select.value = "wn:5-1";
  });
  await own.getByRole("button", { name: "Save" }).click();
  await expect(touches).toHaveAccessibleDescription(/Your saved progress does not reach that far/);
  await expect(own.getByLabel("Your comment", { exact: true })).toHaveValue(edited);

  await touches.selectOption("wn:3-10");
  await own.getByRole("button", { name: "Save" }).click();
  await expect(writer.getByRole("region", { name: "Notifications (F8)" })).toContainText("Comment edited");
  await expect(comments(writer)).toContainText(edited);
  await expect(writer.locator("main li", { hasText: edited })).toContainText("Touches Arc 3 · Chapter 9");

  // The reader short of arc 3 no longer sees it (their thread is kept at the edge a few seconds).
  await expect(async () => {
    await other.reload();
    await hydrated(other);
    // Earlier runs over the same stack left theirs in this thread: one fold names them all.
    await expect(comments(other)).toContainText(/\d+ comments? touching Arc 3 · Chapter 9/);
    await expect(other.locator("main")).not.toContainText(text, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await context.close();
});

test("on a phone, a writer who read on edits a comment on a chapter the anime left out and is offered no place its viewers reach without it", async ({
  reader,
}) => {
  const writer = reader.page;
  await writer.setViewportSize({ width: 360, height: 740 });
  const text = `What chapter 22 keeps from the season, written at ${Date.now()}`;
  // Posted at the writer's place then, Arc 2 · Chapter 22, which season 1 left out.
  await saveToAccount(writer, { webNovel: "wn:2-24" });
  await writer.goto("/discuss/wn:2-20");
  await hydrated(writer);
  await writer.getByLabel("Your comment").fill(text);
  await writer.getByLabel("What it touches").selectOption("wn:2-24");
  await writer.getByRole("button", { name: "Post comment" }).click();
  await expect(comments(writer)).toContainText(text);

  // Read on to arc 3, which season 2's second episode tells without chapter 22: raised there, the comment
  // would show to viewers who never saw what it touches, so the form does not offer it.
  await saveToAccount(writer, { webNovel: "wn:3-10" });
  await writer.reload();
  await hydrated(writer);
  const own = writer.locator("main li", { hasText: text });
  await own.getByRole("button", { name: "Edit" }).click();
  const touches = own.getByLabel("What it touches");
  await expect(touches).toHaveValue("wn:2-24");
  await expect(touches.locator("option")).toHaveText(["Arc 2 · Chapter 22 (as now)"]);
  // A post in the same thread still may touch arc 3: that comment is hidden from whoever has not read it.
  await expect(writer.getByRole("region", { name: "Post a comment" }).getByLabel("What it touches")).toContainText(
    "The web novel to Arc 3 · Chapter 9",
  );
  await own.getByLabel("Your comment", { exact: true }).fill(`${text}, edited`);
  await own.getByRole("button", { name: "Save" }).click();
  await expect(writer.getByRole("region", { name: "Notifications (F8)" })).toContainText("Comment edited");
  expect(await writer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("a writer deletes their account: their comment's words and name leave the thread, and the account is gone", async ({
  reader,
  browser,
}) => {
  const writer = reader.page;
  const text = `Words from an account that leaves, ${Date.now()}`;
  await saveToAccount(writer, { anime: "anime:1-12" });
  await writer.goto("/discuss/anime:1-7");
  await hydrated(writer);
  await writer.getByLabel("Your comment").fill(text);
  await writer.getByRole("button", { name: "Post comment" }).click();
  await expect(comments(writer)).toContainText(text);

  await writer.goto("/account/delete");
  await hydrated(writer);
  await writer.getByRole("button", { name: "Delete my account" }).click();
  await expect(writer.getByText("Tick the box to say you want your account deleted.")).toBeVisible();
  await writer.getByLabel("I want my account deleted").check();
  // Ticked, the box is no longer told off.
  await expect(writer.getByText("Tick the box to say you want your account deleted.")).toHaveCount(0);
  await expect(writer.getByLabel("I want my account deleted")).not.toHaveAttribute("aria-invalid", "true");
  // Offline, the page stays and says nothing was done.
  await writer.context().setOffline(true);
  await writer.getByRole("button", { name: "Delete my account" }).click();
  await expect(writer.getByRole("alert")).toContainText("You are offline, so nothing was done.");
  await expect(writer.getByLabel("I want my account deleted")).toBeChecked();
  await writer.context().setOffline(false);
  await writer.getByRole("button", { name: "Delete my account" }).click();
  await expect(writer.getByRole("status")).toContainText("Your account is deleted");

  const context = await browser.newContext();
  const other = await context.newPage();
  await withProgress(other, { anime: "anime:1-12" });
  await other.goto("/discuss/anime:1-7");
  await hydrated(other);
  await expect(other.locator("main")).not.toContainText(text);
  expect(await other.content()).not.toContain(text);
  // The sign-in account is gone too.
  await other.goto("/login");
  await hydrated(other);
  await other.getByLabel("Email address").fill(reader.email);
  await other.getByLabel("Password").fill(reader.password);
  await other.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(other.getByText("There is no account with that email address")).toBeVisible();
  await context.close();
});

test("when the forms' code cannot be loaded, a signed-in reader still reads the thread and is told the form is missing", async ({
  reader,
}) => {
  const page = reader.page;
  await saveToAccount(page, { anime: "anime:1-12" });
  await page.route("**/assets/writer-tools-*.js", (route) => route.abort());
  await page.goto("/discuss/anime:1-11");
  await hydrated(page);
  await expect(page.getByRole("alert")).toContainText("The form could not be loaded");
  await expect(comments(page)).toContainText("The rain on the bridge");
});

test("a moderator's decision on a thread made from the keyboard leaves focus on the comment's line, or on what is in its place", async ({
  reader,
  moderator,
}) => {
  const text = `Episode four's ferry, written at ${Date.now()}`;
  await saveToAccount(reader.page, { anime: "anime:1-12" });
  await reader.page.goto("/discuss/anime:1-4");
  await hydrated(reader.page);
  await reader.page.getByLabel("Your comment").fill(text);
  await reader.page.getByRole("button", { name: "Post comment" }).click();
  await expect(comments(reader.page)).toContainText(text);

  const { page } = moderator;
  await saveToAccount(page, { anime: "anime:1-12" });
  await page.goto("/discuss/anime:1-4");
  await hydrated(page);
  const id = await page.locator("main li", { hasText: text }).getAttribute("id");
  const item = page.locator(`[id="${id}"]`);
  /** A comment's first line, which names it: its writer and date, or that it is hidden. */
  const lineOf = (comment: Locator) => comment.locator(":scope > article > header, :scope > div > p").first();
  const line = lineOf(item);
  // A reply keeps the comment in its thread once hidden.
  await item.getByRole("button", { name: "Reply" }).click();
  await item.getByLabel("Your reply").fill("The ferryman's answer");
  await item.getByRole("button", { name: "Post reply" }).click();
  await expect(item).toContainText("The ferryman's answer");
  const notifications = page.getByRole("region", { name: "Notifications (F8)" });
  /** Presses the comment's own button `name` with Enter. */
  const decide = async (name: string) => {
    await item.getByRole("button", { name }).first().focus();
    await page.keyboard.press("Enter");
  };

  // Hidden, it stays (its reply stands): focus on its line, which says so, ringed.
  await decide("Hide");
  await expect(notifications).toContainText("Comment hidden");
  await expect(line).toHaveText("Hidden by a moderator.");
  await expect(line).toBeFocused();
  await expect(line).toHaveCSS("outline-style", "solid");
  // Tab goes on into the comment's decisions, not from the top of the page.
  await page.keyboard.press("Tab");
  await expect(item.getByLabel("Reason, shown to its writer").first()).toBeFocused();

  // Restored: focus on its line, naming its writer again.
  await decide("Restore");
  await expect(notifications).toContainText("Comment restored");
  await expect(line).toContainText("Test Reader");
  await expect(line).toBeFocused();

  // Moved past what the moderator has seen, it folds away: focus on the next comment shown, or the thread's heading.
  const next = await item.evaluate((comment) => {
    for (let after = comment.nextElementSibling; after; after = after.nextElementSibling)
      if (after.id.startsWith("comment-") && !(after as HTMLElement).hidden) return after.id;
    return null;
  });
  await item.getByLabel("Move its horizon to (a unit key)").first().fill("wn:3-1");
  await decide("Move horizon");
  await expect(notifications).toContainText("Horizon moved");
  await expect(item).toBeHidden();
  await expect(
    next ? lineOf(page.locator(`[id="${next}"]`)) : page.getByRole("heading", { name: "Comments", exact: true }),
  ).toBeFocused();
});

test("a writer who deletes their comment from the keyboard is left on the line of the comment now in its place", async ({
  reader,
  moderator,
}) => {
  const stamp = Date.now();
  const own = `The lighthouse keeper's note, written at ${stamp}`;
  const after = `An answer further down, written at ${stamp}`;
  for (const [writer, text] of [
    [reader.page, own],
    [moderator.page, after],
  ] as const) {
    await typeComment(writer, "/discuss/anime:1-5", text);
    await writer.getByRole("button", { name: "Post comment" }).click();
    await expect(comments(writer)).toContainText(text);
  }

  const page = reader.page;
  await page.reload();
  await hydrated(page);
  const item = page.locator("main li", { hasText: own });
  const next = page.locator("main li", { hasText: after });
  const deleteIt = async (answer: "accept" | "dismiss") => {
    page.once("dialog", (dialog) => void dialog[answer]());
    await item.getByRole("button", { name: "Delete" }).focus();
    await page.keyboard.press("Enter");
  };

  // Taken back at the question, nothing is sent: the comment and the focus stay.
  await deleteIt("dismiss");
  await expect(item.getByRole("button", { name: "Delete" })).toBeFocused();

  // Deleted, it leaves the thread: focus on the line of the comment now in its place, not the page's start.
  await deleteIt("accept");
  await expect(page.getByRole("region", { name: "Notifications (F8)" })).toContainText("Comment deleted");
  await expect(item).toHaveCount(0);
  await expect(next.locator(":scope > article > header").first()).toBeFocused();
});
