import { expect, test } from "@playwright/test";
import { emptyProgress } from "../../app/lib/progress/record";
import { setTextSize, showColorScheme, waitForHydration } from "../support/browser";

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

test("on a phone a toast's words wrap clear of its close button, a target of its own, light and dark", async ({
  context,
}) => {
  // A viewer into season 2, whose entries offer "Copy link": its toast says back the whole address, one long word.
  await context.addInitScript(
    (stored) => localStorage.setItem("rc:progress", stored),
    JSON.stringify({ ...emptyProgress, anime: "anime:2-13" }),
  );
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  for (const textSize of ["100%", "200%"]) {
    const reader = await context.newPage();
    await reader.setViewportSize({ width: 360, height: 740 });
    await setTextSize(reader, textSize);
    await reader.goto("/translation_meta/anime_mistls");
    await waitForHydration(reader);
    await reader.getByRole("button", { name: "Copy link" }).first().click();
    const toast = reader.getByRole("region", { name: "Notifications (F8)" }).locator("li");
    await expect(toast).toContainText("Link copied");
    const close = toast.getByRole("button", { name: "Dismiss notification" });
    for (const colorScheme of ["light", "dark"] as const) {
      await showColorScheme(reader, colorScheme);
      // Polled: the toast slides in before it stays put.
      await expect
        .poll(
          () =>
            toast.evaluate((item) => {
              const box = item.getBoundingClientRect();
              const button = item.querySelector('[aria-label="Dismiss notification"]')!.getBoundingClientRect();
              const problems: string[] = [];
              if (button.width < 24 || button.height < 24)
                problems.push(`the close button is ${button.width} × ${button.height} px`);
              if (button.right > box.right + 0.5 || button.top < box.top - 0.5)
                problems.push("the close button sticks out");
              const walker = document.createTreeWalker(item, NodeFilter.SHOW_TEXT);
              for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                const range = document.createRange();
                range.selectNodeContents(node);
                for (const line of range.getClientRects()) {
                  const text = (node.textContent ?? "").trim().slice(0, 30);
                  if (line.right > box.right - 1) problems.push(`"${text}" runs past the toast`);
                  const under =
                    line.right > button.left &&
                    line.left < button.right &&
                    line.bottom > button.top &&
                    line.top < button.bottom;
                  if (under) problems.push(`"${text}" runs under the close button`);
                }
              }
              return [...new Set(problems)];
            }),
          { message: `${textSize} text, ${colorScheme}` },
        )
        .toEqual([]);
      await expect(close).toBeVisible();
    }
    await close.click();
    await expect(toast).toHaveCount(0);
    await reader.close();
  }
});
