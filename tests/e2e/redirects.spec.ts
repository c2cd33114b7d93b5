import { expect, test } from "@playwright/test";
import { clientNavigate, waitForHydration } from "../support/browser";

// npm start seeds content/demo/redirects.csv; the e2e stack does the same.
const externalTarget = "https://example.com/lanternfall/author-blog";

test.beforeEach(async ({ page }) => {
  // The network here is closed: stand in for the external site.
  await page.route("https://example.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>Author blog</title><h1>Author blog</h1>" }),
  );
});

test("an internal redirect answers with its status and lands on the target", async ({ page, request }) => {
  const response = await request.get("/privacy", { maxRedirects: 0 });
  expect(response.status()).toBe(308);
  expect(response.headers()["location"]).toBe("/privacy_policy");

  await page.goto("/privacy");
  await expect(page).toHaveURL("/privacy_policy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy policy");
});

test("an internal redirect also applies on a client-side navigation", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await clientNavigate(page, "/privacy");
  await expect(page).toHaveURL("/privacy_policy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy policy");
});

test("an external redirect sends the browser to the other site on a full load", async ({ page, request }) => {
  const response = await request.get("/author-blog", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe(externalTarget);

  // Playwright cannot stand in for the target of a server redirect (it routes only the first
  // request of a chain), and the network here is closed: the browser's request for it is the proof.
  const followed = page.waitForRequest((request) => request.url() === externalTarget && request.isNavigationRequest());
  await page.goto("/author-blog").catch(() => {});
  const navigation = await followed;
  expect(navigation.redirectedFrom()?.url()).toMatch(/\/author-blog$/);
});

test("an external redirect sends the browser to the other site on a client-side navigation", async ({ page }) => {
  await page.goto("/privacy_policy");
  await waitForHydration(page);
  await clientNavigate(page, "/author-blog");
  await expect(page).toHaveURL(externalTarget);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Author blog");
});
