/**
 * A signed-in reader who types into the comment box the server drew, before the page is interactive,
 * keeps what they typed: here their progress is saved to their account but not yet in this browser, so
 * the page brings it (/resources/progress) while the forms' code is still on its way.
 */
import { emptyProgress } from "../../app/lib/progress/record";
import { expect, test } from "../support/auth";

test("text typed into the server's comment form before the page is interactive stays while the account's progress arrives", async ({
  reader,
  context,
}) => {
  const body = JSON.stringify({ ...emptyProgress, webNovel: "wn:1-9", updatedAt: new Date().toISOString() });
  const status = await reader.page.evaluate(
    async (record) =>
      (
        await fetch("/resources/progress", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: record,
        })
      ).status,
    body,
  );
  expect(status).toBe(200);

  // A fresh tab of a browser that does not keep the reader's progress (another device, say).
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.removeItem("rc:progress"));
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  // The page's code comes late and the forms' code later still, as on a slow connection.
  let codeComes = () => {};
  const code = new Promise<void>((resolve) => (codeComes = resolve));
  await page.route("**/assets/writer-tools-*.js", async (route) => {
    await code;
    await route.continue();
  });
  await page.route("**/assets/entry.client-*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const accountProgress = page.waitForResponse(
    (response) => response.url().endsWith("/resources/progress") && response.request().method() === "GET",
  );
  const revealed = page.waitForResponse((response) => /\/discuss\/wn:1-5\.data\?reveal=/.test(response.url()));
  await page.goto("/discuss/wn:1-5", { waitUntil: "commit" });

  const text = `Typed before the page was ready, at ${Date.now()}`;
  const box = page.getByLabel("Your comment");
  await box.fill(text);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await accountProgress;
  await revealed;
  await expect(page.getByText("Loading the form…")).toHaveCount(0);
  await expect(box).toHaveValue(text);

  codeComes();
  // The form's code has come: it counts what is in the box, the reader's text.
  await expect(page.getByText(`${text.length} of 4,000 characters`)).toBeVisible();
  await expect(box).toHaveValue(text);
  await expect(page.getByRole("option", { name: /^The web novel to / })).toBeAttached();
  expect(errors.filter((error) => /#421|before it finished hydrating/.test(error))).toEqual([]);
});

test("a thread's reveal shows what the reader has reached while the forms' code never comes", async ({ reader }) => {
  const page = reader.page;
  const record = JSON.stringify({ ...emptyProgress, anime: "anime:1-12", updatedAt: new Date().toISOString() });
  await page.evaluate(async (body) => {
    localStorage.setItem("rc:progress", body);
    await fetch("/resources/progress", { method: "POST", headers: { "Content-Type": "application/json" }, body });
  }, record);
  // A stalled connection: the forms' code neither comes nor fails.
  await page.route("**/assets/writer-tools-*.js", () => new Promise(() => {}));
  const revealed = page.waitForResponse((response) => /\/discuss\/anime:1-11\.data\?reveal=/.test(response.url()));
  await page.goto("/discuss/anime:1-11");
  await revealed;
  // A comment about the next episode, which this viewer has watched.
  await expect(page.getByText("Having seen the finale now")).toBeVisible();
  await expect(page.getByLabel("Your comment")).toBeVisible();
});

test("a reader whose saved progress cannot be loaded keeps the comment form, is told why, and posts", async ({
  reader,
  context,
}) => {
  const body = JSON.stringify({ ...emptyProgress, webNovel: "wn:1-9", updatedAt: new Date().toISOString() });
  await reader.page.evaluate(
    (record) =>
      fetch("/resources/progress", { method: "POST", headers: { "Content-Type": "application/json" }, body: record }),
    body,
  );
  // A fresh tab of a browser that does not keep the reader's progress, whose sign-in sync fails (the
  // reader's first tab closed, so no sync of its own brings the progress here meanwhile).
  await reader.page.close();
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.removeItem("rc:progress"));
  await page.route("**/resources/progress", (route) =>
    route.request().method() === "GET" ? route.fulfill({ status: 503, body: "" }) : route.continue(),
  );
  const sync = page.waitForResponse(
    (response) => response.url().endsWith("/resources/progress") && response.request().method() === "GET",
  );
  await page.goto("/discuss/wn:1-5");
  await sync;
  await expect(page.getByText(/This page could not check your saved progress/)).toBeVisible();
  await expect(page.getByText(/You can join once/)).toHaveCount(0);

  // The account has read the chapter: the site takes the comment.
  const text = `Posted while this browser did not know my progress, at ${Date.now()}`;
  await page.getByLabel("Your comment").fill(text);
  await page.getByRole("button", { name: "Post comment" }).click();
  await expect(page.getByRole("region", { name: "Notifications (F8)" })).toContainText("Comment posted");
  // Readers of the chapter read it (this browser still does not know how far its reader is).
  const thread = await page.request.get("/api/v1/discussions/wn:1-5?reveal=wn:1-5");
  expect(JSON.stringify(await thread.json())).toContain(text);
});
