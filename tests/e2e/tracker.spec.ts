import { expect, signIn, test } from "../support/auth";
import { waitForHydration } from "../support/browser";

const secret = "The shadow of the keeper Lanthe";

test("a reader at arc 2 never sees a later fact, not even for a moment, until they ask", async ({ page }) => {
  await page.goto("/reading_tracker");
  await waitForHydration(page);
  await page.getByLabel("Last chapter read").selectOption("wn:2-20");
  await expect(page.getByRole("region", { name: "Up next" })).toContainText("Arc 2 · Chapter 21");

  // Record every text the page ever shows while it loads and hydrates.
  await page.addInitScript((text) => {
    (window as unknown as { seen: boolean }).seen = false;
    new MutationObserver(() => {
      if (document.body?.innerText.includes(text)) (window as unknown as { seen: boolean }).seen = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, secret);
  await page.goto("/characters/ilse-marrow");
  await waitForHydration(page);
  const fact = page.locator("dd").filter({ hasText: "beyond your reading progress" });
  await expect(fact).toHaveCount(3);
  await expect(page.getByText("Apprentice keeper of the Lantern Line")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { seen: boolean }).seen)).toBe(false);
  const html = await (await page.request.get("/characters/ilse-marrow")).text();
  expect(html.split("<script")[0]).not.toContain(secret);

  await fact.nth(1).getByRole("button", { name: "Show it" }).click();
  await expect(page.getByText(secret)).toBeVisible();
});

test("without JavaScript, shielded items stay hidden", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/characters/ilse-marrow");
  await expect(page.getByText("Apprentice keeper of the Lantern Line")).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);
  await context.close();
});

test("marking everything up to a point, export and import", async ({ page }) => {
  await page.goto("/reading_tracker");
  await waitForHydration(page);
  const upNext = page.getByRole("region", { name: "Up next" });
  await expect(upNext).toContainText("Arc 1 · Prologue");
  await upNext.getByRole("listitem").nth(2).getByRole("button", { name: "Mark everything up to here as read" }).click();
  await expect(page.getByLabel("Last chapter read")).not.toHaveValue("");

  const chosen = await page.getByLabel("Last chapter read").inputValue();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export to a file" }).click();
  const file = await (await download).path();

  // A broken file is refused with a clear message and changes nothing.
  await page.getByLabel("Progress file to import").setInputFiles({ name: "broken.json", mimeType: "application/json", buffer: Buffer.from("{ nope") });
  await expect(page.getByRole("alert")).toContainText("not valid JSON");
  await expect(page.getByLabel("Last chapter read")).toHaveValue(chosen);

  // A real export restores progress in a fresh browser.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel("Last chapter read")).toHaveValue("");
  await page.getByLabel("Progress file to import").setInputFiles(file);
  await expect(page.getByLabel("Last chapter read")).toHaveValue(chosen);
});

test("statistics render charts with tables beside them", async ({ page }) => {
  await page.goto("/statistics");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Statistics");
  for (const title of ["Words per arc", "Release timeline", "Light novel volumes per year", "Translation notes per volume", "Characters introduced per arc"]) {
    const figure = page.getByRole("figure", { name: title });
    await expect(figure.locator("[role=img]")).toBeVisible();
    // A long table is folded under a disclosure below its chart; the reader opens it to read it.
    const fold = figure.getByText(/^All \d+ figures as a table$/);
    if ((await fold.count()) > 0) await fold.click();
    await expect(figure.getByRole("table")).toBeVisible();
  }
  await expect(page.getByRole("figure", { name: "Words per arc" }).getByRole("row")).toHaveCount(8);

  await page.getByRole("link", { name: "How far are other readers?" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Readership");
});

test("a signed-in reader's progress follows them to another device", async ({ browser, reader }) => {
  const laptop = reader.page;
  await laptop.goto("/reading_tracker");
  await waitForHydration(laptop);
  await expect(laptop.getByText("Your progress is saved to your account")).toBeVisible();
  await laptop.getByLabel("Last chapter read").selectOption("wn:5-30");
  await expect(laptop.getByRole("status")).toHaveCount(0);
  // Saved to the account before the reader moves on.
  await expect
    .poll(() => laptop.evaluate(async () => ((await (await fetch("/resources/progress")).json()) as { progress: { webNovel: string | null } | null }).progress?.webNovel))
    .toBe("wn:5-30");

  // A new device: after signing in, the shield already knows how far the reader is.
  const phone = await (await browser.newContext()).newPage();
  await signIn(phone, reader);
  await phone.goto("/characters/ilse-marrow");
  await waitForHydration(phone);
  await expect(phone.getByText(secret)).toBeVisible();
  await expect(phone.locator("dd").filter({ hasText: "beyond your reading progress" })).toHaveCount(1);
});
