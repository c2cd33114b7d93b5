import { expect, test } from "@playwright/test";
import { analyticsBaseURL } from "../../playwright.config";
import { waitForHydration } from "../support/browser";

// The privacy page's analytics switch makes the toasts; it can be used only where analytics is configured.
test.use({ baseURL: analyticsBaseURL });

test("toasts: one at a time, F8 focuses them, and they can be dismissed", async ({ page }) => {
  await page.goto("/privacy_policy");
  await waitForHydration(page);
  const analytics = page.getByRole("switch", { name: "Allow anonymous analytics in this browser" });
  await expect(analytics).toBeEnabled();

  await analytics.click();
  const toasts = page.getByRole("region", { name: "Notifications (F8)" }).locator("li");
  await expect(toasts).toHaveCount(1);
  await expect(toasts.first()).toContainText(analyticsText(await analytics.getAttribute("aria-checked")));

  // A second toast replaces the first: still only one visible.
  await analytics.click();
  await expect(toasts).toHaveCount(1);
  await expect(toasts.first()).toContainText(analyticsText(await analytics.getAttribute("aria-checked")));

  await page.keyboard.press("F8");
  await expect(page.getByRole("region", { name: "Notifications (F8)" }).locator("ol")).toBeFocused();

  await page.getByRole("button", { name: "Dismiss notification" }).click();
  await expect(toasts).toHaveCount(0);
});

test("before any toast, the notifications region is on the page and F8 moves to it, without the toasts' code", async ({
  page,
}) => {
  const toastCode: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/toaster-/.test(request.url())) toastCode.push(request.url());
  });
  // A page with nothing that confirms a click with a toast (those fetch the toasts when idle).
  await page.goto("/characters");
  const region = page.getByRole("region", { name: "Notifications (F8)" });
  await expect(region).toHaveCount(1);
  await waitForHydration(page);
  await page.keyboard.press("F8");
  await expect(region.locator("ol")).toBeFocused();
  // The empty list takes no tap meant for the page below it.
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await region.locator("ol").evaluate((list) => getComputedStyle(list).pointerEvents)).toBe("none");
  expect(toastCode).toEqual([]);
});

function analyticsText(checked: string | null) {
  return checked === "true" ? "Analytics allowed" : "Analytics turned off";
}
