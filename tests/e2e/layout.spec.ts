import { expect, type Page, test } from "@playwright/test";
import { areas } from "../../app/lib/areas";
import { analyticsBaseURL } from "../../playwright.config";
import { waitForHydration } from "../support/browser";
import { publicPages } from "../support/public-pages";

/** Loaded, hydrated, and past the tracker's "Loading your progress…" placeholder. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
}

/** The elements that stick out to the right, outermost first, for a failure message that says where. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== "visible") return true;
      }
      return false;
    };
    const culprits = [...document.body.querySelectorAll("*")]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5 && !clipped(element))
      .slice(0, 3)
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}"> ends at ${Math.round(element.getBoundingClientRect().right)} px`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, culprits };
  });
}

test.describe("phones: no page scrolls sideways", () => {
  for (const path of publicPages) {
    test(path, async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 720 });
      await open(page, path);
      for (const width of [320, 360, 390]) {
        await page.setViewportSize({ width, height: 720 });
        const measured = await overflow(page);
        expect(measured.scrollWidth, `${path} at ${width} px: ${measured.culprits.join("; ")}`).toBeLessThanOrEqual(measured.innerWidth);
      }
    });
  }
});

test.describe("header navigation", () => {
  for (const width of [1024, 1280, 1536]) {
    test(`at ${width} px every area and the site name are in the header`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await open(page, "/");
      const header = page.getByRole("banner");
      await expect(header.getByRole("link", { name: "Lanternfall Companion" })).toBeVisible();
      await expect(header.getByText("Lanternfall Companion")).toBeInViewport({ ratio: 1 });
      const nav = header.getByRole("navigation", { name: "Main" });
      for (const area of areas) await expect(nav.getByRole("link", { name: area.label, exact: true })).toBeVisible();
      await expect(header.getByLabel("Menu")).toBeHidden();
      // The links sit inside the header, on the screen, not one under another.
      const headerBox = await header.boundingBox();
      for (const area of areas) {
        const box = await nav.getByRole("link", { name: area.label, exact: true }).boundingBox();
        expect(box && headerBox && box.y + box.height <= headerBox.y + headerBox.height && box.x + box.width <= width).toBe(true);
      }
    });
  }

  test("on a phone the menu lists every area and closes on Escape and on a click outside", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await open(page, "/privacy_policy");
    const menuButton = page.getByRole("banner").getByLabel("Menu");
    const menu = page.getByRole("banner").getByRole("navigation", { name: "Main" });
    await expect(menu).toBeHidden();

    await menuButton.click();
    for (const area of areas) await expect(menu.getByRole("link", { name: area.label, exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await expect(menu).toBeVisible();
    // A tap on the page beside the menu (the menu covers the middle of a phone's screen).
    await page.mouse.click(8, 600);
    await expect(menu).toBeHidden();

    // Choosing an area still closes it and goes there.
    await menuButton.click();
    await menu.getByRole("link", { name: "Statistics", exact: true }).click();
    await expect(page).toHaveURL("/statistics");
    await expect(menu).toBeHidden();
  });
});

test.describe("statistics charts", () => {
  for (const width of [360, 1280]) {
    test(`at ${width} px labels are readable and do not overlap, and tables are not scroll boxes`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await open(page, "/statistics");
      const figures = page.locator("main figure");
      expect(await figures.count()).toBeGreaterThan(3);
      const report = await page.evaluate(() =>
        [...document.querySelectorAll("main figure")].map((figure) => {
          // Every piece of text a sighted reader sees in the chart itself (not the table or the captions).
          const labels = [...figure.querySelectorAll("svg text, [aria-hidden='true'] span, [role='img'] span")]
            .filter((element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden")
            .filter((element) => element.textContent?.trim())
            .map((element) => ({ text: element.textContent ?? "", box: element.getBoundingClientRect() }));
          const smallest = Math.min(...labels.map((label) => label.box.height));
          const overlaps: string[] = [];
          for (const [index, a] of labels.entries()) {
            for (const b of labels.slice(index + 1)) {
              const apart = a.box.right <= b.box.left + 0.5 || b.box.right <= a.box.left + 0.5 || a.box.bottom <= b.box.top + 0.5 || b.box.bottom <= a.box.top + 0.5;
              if (!apart) overlaps.push(`"${a.text}" and "${b.text}"`);
            }
          }
          const boxes = [...figure.querySelectorAll("*")].filter((element) => {
            const style = getComputedStyle(element);
            return ["auto", "scroll"].includes(style.overflowY) && element.scrollHeight > element.clientHeight;
          });
          return { title: figure.querySelector("h2")?.textContent ?? "", labels: labels.length, smallest, overlaps, scrollBoxes: boxes.length };
        }),
      );
      for (const chart of report) {
        expect(chart.labels, `${chart.title} has labels`).toBeGreaterThan(1);
        // 12 px text renders about 16 px tall; the old SVG labels shrank to about 6 px on a phone.
        expect(chart.smallest, `${chart.title}: smallest label height`).toBeGreaterThanOrEqual(12);
        expect(chart.overlaps, `${chart.title}: overlapping labels`).toEqual([]);
        expect(chart.scrollBoxes, `${chart.title}: table in a scroll box`).toBe(0);
      }
    });
  }
});

test.describe("finished pages", () => {
  test("every light novel volume has its own cover", async ({ page, request }) => {
    const sources: string[] = [];
    for (const collection of ["main", "ex", "ssc"]) {
      // Every page of the collection: the volumes come twelve a page.
      let next: string | null = `/light_novels?collection=${collection}`;
      while (next) {
        await page.goto(next);
        const volumes = page.locator("main li[id^='ln-']");
        const count = await volumes.count();
        expect(count).toBeGreaterThan(0);
        for (let index = 0; index < count; index++) {
          const cover = volumes.nth(index).getByRole("img", { name: /^Cover of / });
          await cover.scrollIntoViewIfNeeded();
          await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
          sources.push((await cover.getAttribute("src")) ?? "");
        }
        const nextLink = page.getByRole("navigation", { name: "Pages" }).locator("a[rel=next]");
        const href = (await nextLink.count()) ? await nextLink.getAttribute("href") : null;
        next = href ? new URL(href, page.url()).toString() : null;
      }
    }
    expect(sources.length).toBe(21);
    const bodies = await Promise.all(sources.map(async (source) => (await request.get(source)).text()));
    // Distinct drawings, not the same picture with another number: compare them without their numbers.
    const drawings = bodies.map((body) => body.replace(/>\d+</g, "><").replace(/aria-label="[^"]*"/, ""));
    expect(new Set(drawings).size).toBe(bodies.length);
  });

  test("a volume without an English release does not claim an official English edition", async ({ page }) => {
    await page.goto("/translation_meta/ln_mistls/main_v1");
    await expect(page.getByRole("main")).toContainText("official English edition of");
    await page.goto("/translation_meta/ln_mistls/main_v13");
    await expect(page.getByRole("main")).not.toContainText("official English edition,");
    await expect(page.getByRole("main")).toContainText("has no official English edition yet");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /has no official English edition yet/);
  });

  test('"No entry matches these filters" only when filters are set', async ({ page }) => {
    await page.goto("/translation_meta/ln_mistls/main_v13");
    await expect(page.getByRole("status").filter({ hasText: /entr/ })).toHaveText("No entries for this volume yet.");
    await page.goto("/translation_meta/ln_mistls/main_v13?severity=minor");
    await expect(page.getByRole("status").filter({ hasText: /entr/ })).toContainText("No entry matches these filters.");
  });

  test("the analytics switch is off and explains itself where analytics is not configured", async ({ page }) => {
    await open(page, "/privacy_policy");
    const toggle = page.getByRole("switch", { name: "Allow anonymous analytics in this browser" });
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect(toggle).toBeDisabled();
    await expect(toggle).toHaveAccessibleDescription(/no analytics configured/);
  });

  test("an empty readership page says what it will show and why it is empty", async ({ page }) => {
    // The second site: no test saves reading progress there, so its readership stays empty.
    await page.goto(`${analyticsBaseURL}/statistics/readership`);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "No figures yet" })).toBeVisible();
    await expect(main).toContainText("Fewer than 5 established readers");
    await expect(main).toContainText("first saved their progress at least 7 days ago and have saved it on more than one day");
    for (const title of ["Readers at each arc", "Readers at each light novel volume", "The media readers follow", "Where readers pause"]) {
      await expect(main.getByRole("listitem").filter({ hasText: title })).toBeVisible();
    }
    await expect(main.getByRole("link", { name: /reading tracker/ })).toHaveAttribute("href", "/reading_tracker");
  });

  test("a focused field is scrolled clear of the sticky header, label included", async ({ page }) => {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 640 });
      await open(page, "/characters");
      const field = page.getByLabel("Name or alias");
      // The field sits just under the header, as after scrolling back up by hand; then it gets focus, as
      // the forms do with the first field that has an error.
      await field.evaluate((input) => window.scrollTo(0, input.getBoundingClientRect().top + window.scrollY - 10));
      await field.focus();
      const headerBottom = await page.getByRole("banner").evaluate((header) => header.getBoundingClientRect().bottom);
      const labelTop = await page.locator("label[for='character-query']").evaluate((label) => label.getBoundingClientRect().top);
      expect(labelTop, `at ${width} px`).toBeGreaterThanOrEqual(headerBottom);
    }
  });
});

test.describe("toasts on a phone", () => {
  test.use({ baseURL: analyticsBaseURL, viewport: { width: 360, height: 740 } });

  test("a toast does not cover the header", async ({ page }) => {
    await open(page, "/privacy_policy");
    await page.getByRole("switch", { name: "Allow anonymous analytics in this browser" }).click();
    const toast = page.getByRole("region", { name: "Notifications (F8)" }).locator("li").first();
    await expect(toast).toBeVisible();
    const toastBox = await toast.boundingBox();
    const headerBox = await page.getByRole("banner").boundingBox();
    expect(toastBox && headerBox && toastBox.y >= headerBox.y + headerBox.height).toBe(true);
  });
});
