import { SESSION_COOKIE } from "../../scripts/lib/local-auth";
import { expect, newReader, signIn, signOut, test } from "../support/auth";
import { clientNavigate, waitForHydration } from "../support/browser";

test("a new reader creates an account, is signed in, and signs out", async ({ page, context, accounts }) => {
  const reader = accounts.credentials("Ilse Fan");
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByRole("tab", { name: "Create account" }).click();
  await page.getByLabel("Display name (optional)").fill(reader.name);
  await page.getByLabel("Email address").fill(reader.email);
  await page.getByLabel("Password").fill(reader.password);
  await page.getByRole("button", { name: "Create account" }).last().click();
  const account = page.locator("summary[aria-label='Account: Ilse Fan']");
  await expect(account).toBeVisible();
  await expect(page).toHaveURL("/");

  const session = (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
  expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax" });

  await account.click();
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Notifications (F8)" })).toContainText("Signed out");
  expect((await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();

  // Signing out on a page only a signed-in reader opens goes home, not to the sign-in page.
  await signIn(page, reader);
  await page.goto("/discuss");
  await waitForHydration(page);
  await account.click();
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
});

test("after signing out, Back goes past the pages only a signed-in reader opens, each sending to sign-in once", async ({
  page,
  accounts,
}) => {
  const reader = await accounts.create();
  await signIn(page, reader);
  await page.goto("/releases");
  await waitForHydration(page);
  // Within the site, as a reader goes from page to page.
  await clientNavigate(page, "/discuss");
  await expect(page).toHaveURL("/discuss");
  await clientNavigate(page, "/feedback_hub");
  await expect(page).toHaveURL("/feedback_hub");
  await page
    .getByRole("banner")
    .getByLabel(/^Account:/)
    .click();
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL("/");

  await page.goBack();
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent("/feedback_hub")}`);
  await page.goBack();
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent("/discuss")}`);
  await page.goBack();
  await expect(page).toHaveURL("/releases");
  await expect(page.getByRole("heading", { level: 1, name: "Releases" })).toBeVisible();
});

test("a link tapped while Back is still loading adds its own history entry", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await clientNavigate(page, "/releases");
  await expect(page).toHaveURL("/releases");
  await clientNavigate(page, "/characters");
  await expect(page).toHaveURL("/characters");
  // A slow connection: the page Back goes to takes its time.
  await page.route("**/releases.data*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue().catch(() => {});
  });
  await page.evaluate(() => history.back());
  await expect(page).toHaveURL("/releases");
  await clientNavigate(page, "/characters/ilse-marrow");
  await expect(page).toHaveURL("/characters/ilse-marrow");
  await page.evaluate(() => history.back());
  await expect(page).toHaveURL("/releases");
});

test("signing out on a page that stays keeps where the reader was on it", async ({ page, accounts }) => {
  await signIn(page, await accounts.create());
  await page.goto("/releases");
  await waitForHydration(page);
  await page.evaluate(() => window.scrollTo(0, 600));
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(300);
  await signOut(page);
  await expect(page).toHaveURL("/releases");
  // Not sent back to the top (what is above may be drawn otherwise for a reader signed out).
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

test("the 'Signed in' toast does not cover the account menu opened under it, on a phone or a wide screen", async ({
  page,
  accounts,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, await accounts.create());
  const toast = page.getByRole("region", { name: "Notifications (F8)" }).locator("li", { hasText: "Signed in" });
  await expect(toast).toBeVisible();
  await page
    .getByRole("banner")
    .getByLabel(/^Account:/)
    .click();
  const menu = page.getByRole("banner").locator("details[open] > div");
  await expect(menu.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
  const apart = async () => {
    const [a, b] = [await toast.boundingBox(), await menu.boundingBox()];
    if (!a || !b) throw new Error("the toast or the menu is not drawn");
    return a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
  };
  expect(await apart()).toBe(true);
  await expect(toast).toBeInViewport();
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await apart()).toBe(true);
  await expect(toast).toBeInViewport();
});

test("a short password is refused before any request, and sign-in errors read as plain words", async ({
  page,
  accounts,
}) => {
  const signUps: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("accounts:signUp")) signUps.push(request.url());
  });
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByRole("tab", { name: "Create account" }).click();
  await page.getByLabel("Email address").fill(newReader().email);
  await page.getByLabel("Password").fill("12345");
  await page.getByRole("button", { name: "Create account" }).last().click();
  await expect(page.getByText("Too short: 5 characters.")).toBeVisible();
  // The field's hint says how long, once.
  await expect(page.getByText("At least 6 characters.")).toHaveCount(1);
  await page.getByLabel("Password").fill("");
  await page.getByRole("button", { name: "Create account" }).last().click();
  await expect(page.getByText("Choose a password.")).toBeVisible();
  expect(signUps).toEqual([]);

  const reader = await accounts.create();
  await page.getByRole("tab", { name: "Sign in" }).click();
  await page.getByLabel("Email address").fill(reader.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText(/password is not right|email address or password is not right/)).toBeVisible();
  await expect(page.getByLabel("Email address")).toHaveValue(reader.email);
});

test("every hub page sends a signed-out visitor to sign in and back", async ({ page, accounts }) => {
  const reader = await accounts.create();
  for (const path of [
    "/feedback_hub",
    "/feedback_hub/report_bug",
    "/feedback_hub/report_content",
    "/feedback_hub/report_ln_mistl",
    "/feedback_hub/suggest_feature",
    "/feedback_hub/report_anime_mistl",
    "/feedback_hub/triage",
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
  }
  await page.goto("/feedback_hub/report_content");
  await signIn(page, reader, "current");
  await expect(page).toHaveURL("/feedback_hub/report_content");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Report a content error");
});

test("a tampered or forged session cookie counts as signed out", async ({ page, context, baseURL }) => {
  const forged = [
    "garbage",
    // An unsigned token for someone else, with the wrong audience.
    `${btoa(JSON.stringify({ alg: "none", typ: "JWT" }))}.${btoa(JSON.stringify({ sub: "x", aud: "other", iss: "https://securetoken.google.com/other", iat: 1, exp: 9999999999, auth_time: 1 }))}.`,
  ];
  for (const value of forged) {
    await context.clearCookies();
    await context.addCookies([{ name: SESSION_COOKIE, value: encodeURIComponent(value), url: baseURL! }]);
    await page.goto("/feedback_hub");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Ffeedback_hub$/);
    // The page says why the hub sent the reader here.
    await expect(page.getByRole("status").filter({ hasText: "The feedback hub needs an account" })).toBeVisible();
  }
});
