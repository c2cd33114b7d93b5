import { expect, test } from "@playwright/test";
import { waitForHydration } from "../support/browser";

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
  // Moved there by a key, the list is ringed: a sighted keyboard reader sees where focus went.
  await expect(region.locator("ol")).toHaveCSS("outline-style", "solid");
  // The empty list takes no tap meant for the page below it.
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await region.locator("ol").evaluate((list) => getComputedStyle(list).pointerEvents)).toBe("none");
  expect(toastCode).toEqual([]);
});
