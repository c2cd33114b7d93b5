/**
 * A post that fails keeps the reader's text and says so beside the form, whatever else on the page failed
 * with it: here the post is sent before the form's code has come (a slow connection), and the page's own
 * question for what the writer has seen fails before it or after it. Trying again posts it.
 */
import type { Page, Route } from "@playwright/test";
import { emptyProgress } from "../../app/lib/progress/record";
import { expect, test } from "../support/auth";

const thread = "/discuss/anime:1-10";
const revealFailed = "The parts of this page you have reached could not be loaded, so they stay hidden.";

/** Saves the reader's progress to their account and this browser, as the site's save does. */
async function watchedTheSeason(page: Page) {
  const body = JSON.stringify({ ...emptyProgress, anime: "anime:1-12", updatedAt: new Date().toISOString() });
  const status = await page.evaluate(async (record) => {
    localStorage.setItem("rc:progress", record);
    return (
      await fetch("/resources/progress", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: record,
      })
    ).status;
  }, body);
  expect(status).toBe(200);
}

/** Holds the thread's forms' code until the returned function lets it come. */
async function holdTheFormsCode(page: Page) {
  let codeComes = () => {};
  const code = new Promise<void>((resolve) => (codeComes = resolve));
  await page.route("**/assets/writer-tools-*.js", async (route) => {
    await code;
    await route.continue();
  });
  return codeComes;
}

for (const order of ["the reveal fails first", "the post fails first"] as const) {
  test(`a post sent before the form's code came fails and keeps its text when ${order}`, async ({ reader }) => {
    const page = reader.page;
    await watchedTheSeason(page);
    // The thread's forms' code, the page's reveal and the post are each held until the test lets them go.
    const codeComes = await holdTheFormsCode(page);
    const reveals: Route[] = [];
    const posts: Route[] = [];
    await page.route(`**${thread}.data*`, (route) => {
      if (route.request().method() === "POST") posts.push(route);
      else if (new URL(route.request().url()).searchParams.has("reveal")) reveals.push(route);
      else void route.continue();
    });
    await page.goto(thread);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await expect.poll(() => reveals.length).toBe(1);

    const text = `Sent on a slow connection, at ${Date.now()}`;
    await page.getByLabel("Your comment").fill(text);
    await page.getByRole("button", { name: "Post comment" }).click();
    // The post goes as the page's own request, which can fail without taking the page away.
    await expect.poll(() => posts.length).toBe(1);
    if (order === "the reveal fails first") {
      await reveals[0]!.abort();
      await expect(page.getByText(revealFailed)).toBeVisible();
      await posts[0]!.abort();
    } else {
      await posts[0]!.abort();
      await reveals[0]!.abort();
      await expect(page.getByText(revealFailed)).toBeVisible();
    }
    codeComes();
    await expect(page.getByRole("alert")).toContainText("could not be reached, so nothing was sent");
    await expect(page.getByLabel("Your comment")).toHaveValue(text);
    await expect(page.getByText(revealFailed)).toBeVisible();
    expect(page.url()).toMatch(new RegExp(`${thread}$`));

    // Back in reach, the same text is posted.
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.getByRole("button", { name: "Post comment" }).click();
    await expect(page.getByRole("region", { name: "Notifications (F8)" })).toContainText("Comment posted");
    await expect(page.locator("main li", { hasText: text })).toBeVisible();
  });
}

test("a post sent twice before the form's code came is posted once, and its writer told so", async ({ reader }) => {
  const page = reader.page;
  await watchedTheSeason(page);
  const codeComes = await holdTheFormsCode(page);
  const posts: Route[] = [];
  await page.route(`**${thread}.data*`, (route) => {
    if (route.request().method() === "POST") posts.push(route);
    else void route.continue();
  });
  await page.goto(thread);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

  const text = `Sent twice on a slow connection, at ${Date.now()}`;
  await page.getByLabel("Your comment").fill(text);
  const post = page.getByRole("button", { name: "Post comment" });
  await post.click();
  await expect.poll(() => posts.length).toBe(1);
  await post.click();
  await posts[0]!.continue();
  codeComes();
  await expect(page.getByRole("region", { name: "Notifications (F8)" })).toContainText("Comment posted");
  await expect(page.locator("main li", { hasText: text })).toHaveCount(1);
  await expect(page.getByText("You have already posted this here.")).toHaveCount(0);
  expect(posts).toHaveLength(1);
});
