import { expect, test } from "@playwright/test";
import { clientNavigate, waitForHydration } from "../support/browser";

test.describe("pages answer with their status", () => {
  for (const [path, heading] of [
    ["/", /^Lanternfall$/],
    ["/privacy_policy", /Privacy policy/],
  ] as const) {
    test(`${path} renders with 200`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page).toHaveTitle(/Lanternfall Companion/);
    });
  }

  test("the document links the favicon, manifest and preloaded font", async ({ page, request }) => {
    await page.goto("/");
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", "/favicon.png");
    const favicon = await request.get("/favicon.png");
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()["content-type"]).toBe("image/png");
    expect((await request.get("/site.webmanifest")).status()).toBe(200);
    const font = page.locator('link[rel="preload"][as="font"]');
    await expect(font).toHaveAttribute("href", /^\/assets\/inter-latin-wght-normal-.*\.woff2$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Lanternfall Companion");
  });

  test("public pages carry security headers and no cookie", async ({ request }) => {
    const response = await request.get("/");
    const headers = response.headers();
    expect(headers["set-cookie"]).toBeUndefined();
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["strict-transport-security"]).toContain("max-age");
    expect(headers["cache-control"]).toContain("public");
  });
});

test.describe("not found", () => {
  for (const path of [
    "/no-such-page",
    "/deep/er/and/deeper/still",
    "/caf%C3%A9/%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    `/${"long-".repeat(400)}`,
  ]) {
    test(`${path.slice(0, 40)}… gives the 404 page`, async ({ page }) => {
      const dialogs: string[] = [];
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      const expected = `Page not found: ${decodeURIComponent(path)}`;
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(expected);
      await expect(page.locator("main script")).toHaveCount(0);
      expect(dialogs).toEqual([]);
      // The shell stays usable around the error.
      await expect(page.getByRole("link", { name: "Privacy policy" })).toBeVisible();
    });
  }

  test("a client-side navigation to an unknown path shows the 404 page", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await clientNavigate(page, "/missing/page");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found: /missing/page");
    await expect(page).toHaveURL("/missing/page");
  });
});

test("a move to another page within the site puts focus on its heading; a filter leaves it where it is", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await waitForHydration(page);
  const main = page.getByRole("banner").getByRole("navigation", { name: "Main" });
  await main.getByRole("link", { name: "Light novels" }).focus();
  await page.keyboard.press("Enter");
  const heading = page.getByRole("main").getByRole("heading", { level: 1 });
  await expect(heading).toHaveText("Light novels");
  await expect(heading).toBeFocused();
  // Tab goes on from the top of the new page, not from the link in the header.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.querySelector("main")!.contains(document.activeElement))).toBe(true);

  // Another arc's chapters on the same page: focus stays on the control the reader used.
  await page.goto("/web_novel");
  await waitForHydration(page);
  const arc = page.getByRole("navigation", { name: "Arcs" }).getByRole("link").nth(1);
  await arc.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/arc=/);
  await expect(heading).not.toBeFocused();
});

test("a page's heading that takes focus after a move made from the keyboard is ringed; after a click it is not", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await waitForHydration(page);
  const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
  const heading = page.getByRole("main").getByRole("heading", { level: 1 });
  await nav.getByRole("link", { name: "Light novels" }).focus();
  await page.keyboard.press("Enter");
  await expect(heading).toHaveText("Light novels");
  await expect(heading).toBeFocused();
  await expect(heading).toHaveCSS("outline-style", "solid");
  await expect(heading).toHaveCSS("outline-width", "2px");
  // A reader who clicked knows where they are: the heading takes focus for screen readers alone.
  await nav.getByRole("link", { name: "Anime" }).click();
  await expect(heading).toHaveText("Anime");
  await expect(heading).toBeFocused();
  await expect(heading).toHaveCSS("outline-style", "none");
});

test("the skip link puts focus on the page's content, Tab goes on inside it, and a click in it draws no ring", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/light_novels");
  await waitForHydration(page);
  const main = page.getByRole("main");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(main).toBeFocused();
  // The content as a whole is not ringed as a control would be.
  await expect(main).toHaveCSS("outline-style", "none");
  // Tab goes to the first control inside it, not back to the header.
  const first = await main.evaluate((element) => {
    const controls = element.querySelectorAll<HTMLElement>(
      "a[href], button:not([disabled]), input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex='-1'])",
    );
    return [...controls].find((control) => control.getClientRects().length > 0)?.outerHTML;
  });
  expect(first).toBeTruthy();
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.outerHTML)).toBe(first);

  // Focus has left it: a click on the page's words puts focus on nothing, and draws no ring.
  await main.getByRole("heading", { level: 1 }).click();
  await expect(main).not.toBeFocused();
  await expect(main).toHaveCSS("outline-style", "none");
});

test("after a click on the page's words, Tab goes on from where the reader clicked, not from the top", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/web_novel");
  await waitForHydration(page);
  const main = page.getByRole("main");
  // The skip link used once, and Tab on into the content: focus has left it.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(main).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(main).not.toBeFocused();

  // Far down the page, a click on words that are no control.
  await page.evaluate(() => window.scrollTo(0, 3000));
  const words = await page.evaluate(() => {
    const text = [...document.querySelectorAll<HTMLElement>("main td, main p, main dd, main span")].find((element) => {
      const { top, bottom } = element.getBoundingClientRect();
      return top > 200 && bottom < 600 && !element.closest("a, button, input, select, summary") && element.textContent;
    })!;
    text.dataset.clicked = "";
    const box = text.getBoundingClientRect();
    return { x: box.left + 2, y: box.top + box.height / 2 };
  });
  await page.mouse.click(words.x, words.y);
  await expect(main).not.toBeFocused();
  await page.keyboard.press("Tab");
  // The next control after the words clicked, where the reader is: not the content's first control at the top.
  expect(
    await page.evaluate(() =>
      Boolean(
        document.querySelector("[data-clicked]")!.compareDocumentPosition(document.activeElement!) &
        Node.DOCUMENT_POSITION_FOLLOWING,
      ),
    ),
  ).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
});

test("the skip link used before the page's runtime came leaves the view where the reader then scrolled", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // The runtime comes late (it is loaded once the page is idle, later on a busy phone).
  let runtimeComes = () => {};
  const runtime = new Promise<void>((resolve) => (runtimeComes = resolve));
  await page.route("**/assets/browser-runtime-*.js", async (route) => {
    await runtime;
    await route.continue();
  });
  await page.goto("/web_novel");
  await waitForHydration(page);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  await page.evaluate(() => window.scrollTo(0, 3000));
  const runtimeLoaded = page.waitForResponse((response) => /\/assets\/browser-runtime-/.test(response.url()));
  runtimeComes();
  await runtimeLoaded;
  // What it starts once here (keeping a link's target in view) leaves the reader's view alone.
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => window.scrollY)).toBe(3000);
});

test("focus stays in the header's search box when the reader starts typing there while a page loads", async ({
  page,
}) => {
  await page.goto("/web_novel");
  await waitForHydration(page);
  // A slow connection: the characters' data takes three seconds.
  await page.route(
    (url) => url.pathname === "/characters.data",
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    },
  );
  await clientNavigate(page, "/characters");
  const box = page.getByRole("banner").getByRole("combobox");
  await box.focus();
  for (const letter of "lantern") {
    await page.keyboard.type(letter);
    await page.waitForTimeout(500);
  }
  await expect(page).toHaveURL(/\/characters$/);
  await expect(box).toBeFocused();
  await expect(box).toHaveValue("lantern");
});

test("a suggestion chosen in the header's search box moves focus to the page it opens", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/anime");
  await waitForHydration(page);
  const box = page.getByRole("combobox", { name: "Search the site" });
  await box.fill("Cinder Academy");
  await expect(page.getByRole("listbox", { name: "Suggestions" }).getByRole("option").first()).toBeVisible();
  await box.press("ArrowDown");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/web_novel\?arc=3$/);
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeFocused();
});

test("focus lands on the heading of a page drawn a moment later: the tracker, the page not found", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const heading = page.getByRole("main").getByRole("heading", { level: 1 });
  await clientNavigate(page, "/reading_tracker");
  await expect(page.getByLabel("Arc", { exact: true })).toBeVisible();
  await expect(heading).toBeFocused();
  await clientNavigate(page, "/no-such-page");
  await expect(heading).toContainText("Page not found");
  await expect(heading).toBeFocused();
  // Back: the reader returns to where they were on the page, focus is not moved to a heading above it.
  await page.goBack();
  await expect(heading).toHaveText("Reading tracker");
  await expect(heading).not.toBeFocused();
});

test("the phone's menu closes when Tab goes past its last link, never left open over the page", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto("/");
  await waitForHydration(page);
  const menu = page.getByRole("banner").locator("details");
  await page.getByRole("banner").getByLabel("Menu").click();
  await expect(menu).toHaveAttribute("open", "");
  const links = await menu.getByRole("link").count();
  for (let tab = 0; tab < links; tab++) await page.keyboard.press("Tab");
  await expect(menu.getByRole("link").last()).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(menu).not.toHaveAttribute("open", "");
});

test("hydration makes the theme toggle work and the choice sticks without a flash", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  await waitForHydration(page);
  const html = page.locator("html");
  await expect(html).not.toHaveClass(/dark/);
  const toggle = page.getByRole("button", { name: /Theme:/ });
  await toggle.click(); // following a light system → dark: the first tap changes what the reader sees
  await expect(html).toHaveClass(/dark/);
  await expect(toggle).toHaveAccessibleName(/Theme: dark/);

  // The next page load is dark from the first byte the browser paints.
  await page.route("**/assets/**", (route) => route.abort());
  await page.reload();
  await expect(html).toHaveClass(/dark/);
});

test("a signed-out reader finds where to report a problem in the footer, and is asked to sign in first", async ({
  page,
}) => {
  await page.goto("/light_novels");
  await waitForHydration(page);
  await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Report a problem" }).click();
  // Back to the hub after signing in, with the page the reader was on.
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Ffeedback_hub%3Fpage%3D%252Flight_novels$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
