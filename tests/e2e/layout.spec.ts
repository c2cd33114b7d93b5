import { expect, type Locator, type Page, test } from "@playwright/test";
import { areas } from "../../app/lib/areas";
import { emptyProgress } from "../../app/lib/progress/record";
import { axeViolations } from "../support/axe";
import { setTextSize, showColorScheme, waitForHydration } from "../support/browser";
import { publicPages } from "../support/public-pages";

/** Loaded, hydrated, and past the tracker's "Loading your progress…" placeholder. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
}

/** A 320 px phone whose reader set their text size to 125%: rem-sized text and controls grow, the screen does not. */
async function onPhoneWithLargeText(page: Page) {
  await page.setViewportSize({ width: 320, height: 720 });
  await setTextSize(page, "20px");
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
    // Its box, or text that runs out of it (a line that may not wrap).
    const right = (element: Element) => {
      const box = element.getBoundingClientRect();
      return getComputedStyle(element).overflowX === "visible" ? box.left + element.scrollWidth : box.right;
    };
    const culprits = [...document.body.querySelectorAll("*")]
      .filter((element) => right(element) > width + 0.5 && !clipped(element))
      .slice(0, 3)
      .map(
        (element) =>
          `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}"> ends at ${Math.round(right(element))} px`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, culprits };
  });
}

/**
 * What reads wrong on a phone, measured in the page: text in table cells and labels squeezed into a
 * column too narrow for it, ISBNs and dates broken over lines, selects too narrow for their value,
 * and boxes that scroll but cannot be reached from the keyboard. Each finding names the element.
 */
async function phoneReadingProblems(page: Page) {
  return [...(await readingProblems(page)), ...(await unreachableScrollBoxes(page))];
}

function readingProblems(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const visible = (element: Element) =>
      element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden";
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()}> "${(element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 50)}"`;
    /** How many lines a stretch of text takes on the screen. */
    const linesOf = (range: Range) => {
      const tops = [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => rect.bottom);
      return tops.filter((bottom, index) => tops.findIndex((other) => Math.abs(other - bottom) < 4) === index).length;
    };
    const rangeOver = (node: Node, start?: number, end?: number) => {
      const range = document.createRange();
      if (start === undefined) range.selectNodeContents(node);
      else {
        range.setStart(node, start);
        range.setEnd(node, end ?? start);
      }
      return range;
    };

    // A cell or a label past two lines, with fewer than 16 characters a line: its column is too narrow.
    for (const element of document.querySelectorAll("main th, main td, label")) {
      if (!visible(element)) continue;
      const text = (element.textContent ?? "").trim();
      const lines = linesOf(rangeOver(element));
      if (lines > 2 && text.length / lines < 16) problems.push(`${describe(element)} wraps over ${lines} lines`);
    }

    // Dates and ISBNs stay on one line.
    for (const time of document.querySelectorAll("time")) {
      if (visible(time) && linesOf(rangeOver(time)) > 1) problems.push(`${describe(time)} breaks over lines`);
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement || !visible(node.parentElement)) continue;
      for (const match of (node.textContent ?? "").matchAll(/\b97[89][\d-]{10,14}\d\b/g)) {
        if (linesOf(rangeOver(node, match.index, match.index + match[0].length)) > 1)
          problems.push(`ISBN ${match[0]} breaks over lines`);
      }
    }

    // A select is wide enough for the value it shows (one that lies transparent over the text it
    // shows, which wraps, shows it whole).
    const canvas = document.createElement("canvas").getContext("2d");
    for (const box of document.querySelectorAll("body select")) {
      const style = getComputedStyle(box);
      if (!visible(box) || style.opacity === "0" || !canvas || !(box instanceof HTMLSelectElement)) continue;
      const select = box;
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = select.selectedOptions[0]?.text ?? "";
      const needed = canvas.measureText(text).width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      if (select.scrollWidth > select.clientWidth || needed > select.clientWidth + 1)
        problems.push(`<select> cuts off "${text}" (needs ${Math.ceil(needed)} px, has ${select.clientWidth})`);
    }

    // A field shows its whole placeholder. Measured by the browser's own layout, with the placeholder
    // typed in for a moment: the text's measure alone misses the room Chromium keeps inside a search
    // field for its clear button and a suggestion list's arrow, where the placeholder is cut off too.
    for (const input of document.querySelectorAll<HTMLInputElement>("input[placeholder]")) {
      if (!visible(input) || input.value) continue;
      input.value = input.placeholder;
      const needed = input.scrollWidth;
      input.value = "";
      if (needed > input.clientWidth)
        problems.push(
          `<input> cuts off its placeholder "${input.placeholder}" (needs ${needed} px, has ${input.clientWidth})`,
        );
    }

    return problems;
  });
}

/**
 * A box that scrolls can be reached from the keyboard: it takes focus and says what it is, or what is
 * in it does (links, buttons). Each finding names the box.
 */
function unreachableScrollBoxes(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const visible = (element: Element) =>
      element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden";
    for (const element of document.querySelectorAll("body *")) {
      const style = getComputedStyle(element);
      const scrollsX = ["auto", "scroll"].includes(style.overflowX) && element.scrollWidth > element.clientWidth + 1;
      const scrollsY = ["auto", "scroll"].includes(style.overflowY) && element.scrollHeight > element.clientHeight + 1;
      if (!(scrollsX || scrollsY) || !visible(element)) continue;
      const named = element.getAttribute("aria-label") || element.getAttribute("aria-labelledby");
      const focusable =
        (element as HTMLElement).tabIndex >= 0 &&
        named &&
        (element.getAttribute("role") || !["DIV", "SPAN"].includes(element.tagName));
      const reachable = focusable || element.querySelector("a[href], button, input, select, textarea, [tabindex='0']");
      if (!reachable)
        problems.push(
          `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}"> scrolls but cannot be reached from the keyboard`,
        );
    }
    return problems;
  });
}

test.describe("phones: every page fits and reads right", () => {
  for (const path of publicPages) {
    test(path, async ({ page }, testInfo) => {
      await page.setViewportSize({ width: 320, height: 720 });
      await open(page, path);
      for (const width of [320, 360, 390]) {
        await page.setViewportSize({ width, height: 720 });
        // Read again until the page has settled at this width (what the reader has seen comes a moment later).
        await expect.soft
          .poll(async () => {
            const measured = await overflow(page);
            return measured.scrollWidth > measured.innerWidth ? [measured.scrollWidth, ...measured.culprits] : [];
          }, `${path} at ${width} px: how wide it scrolls, and what is wider`)
          .toEqual([]);
        await expect.soft.poll(() => phoneReadingProblems(page), `${path} at ${width} px`).toEqual([]);
        // What failed, to look at: the whole page at this width.
        if (testInfo.errors.length) {
          const name = path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
          await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
        }
      }
    });
  }
});

test("the words a reader typed, said back by a page, wrap within a phone's width however long", async ({ page }) => {
  // The longest query a search takes (100 characters), as one word.
  const word = "lantern".repeat(15).slice(0, 100);
  await page.setViewportSize({ width: 320, height: 720 });
  for (const path of [
    `/search?q=${word}`,
    `/search?q=${word}&page=3`,
    `/translation_meta/ln_mistls?q=${word}`,
    `/characters?q=${word}`,
  ]) {
    await open(page, path);
    const measured = await overflow(page);
    expect(measured.scrollWidth, `${path}: ${measured.culprits.join("; ")}`).toBeLessThanOrEqual(320);
  }

  // The tracker's find box says back what it could not find, in error red: readable in the dark too.
  await open(page, "/reading_tracker");
  const find = page.getByLabel("Or find a chapter by number or title");
  await find.fill("W".repeat(46));
  await find.press("Enter");
  await expect(page.getByText(/^No chapter you can see is named/)).toBeVisible();
  const measured = await overflow(page);
  expect(measured.scrollWidth, `the tracker: ${measured.culprits.join("; ")}`).toBeLessThanOrEqual(320);
  await showColorScheme(page, "dark");
  const violations = await axeViolations(page, { include: "main", rules: ["color-contrast"] });
  expect(violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(" ")))).toEqual([]);
});

/**
 * What sticks out of the main column (its content edge, inside its padding), and each "·" that starts
 * a line: a separator belongs with what it follows.
 */
function columnProblems(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector("main");
    if (!main) return ["no <main>"];
    const problems: string[] = [];
    const edge = main.getBoundingClientRect().right - parseFloat(getComputedStyle(main).paddingRight);
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}">`;
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== main; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== "visible") return true;
      }
      return false;
    };
    for (const element of main.querySelectorAll("*")) {
      const right = element.getBoundingClientRect().right;
      if (element.getClientRects().length && right > edge + 0.5 && !clipped(element))
        problems.push(`${describe(element)} ends at ${Math.round(right)} px, past ${Math.round(edge)}`);
    }
    const characters: Array<[Node, number]> = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement?.getClientRects().length) continue;
      [...(node.textContent ?? "")].forEach((character, offset) => {
        if (character.trim()) characters.push([node, offset]);
      });
    }
    const bottomOf = ([node, offset]: [Node, number]) => {
      const range = document.createRange();
      range.setStart(node, offset);
      range.setEnd(node, offset + 1);
      return range.getBoundingClientRect().bottom;
    };
    characters.forEach(([node, offset], index) => {
      const before = characters[index - 1];
      if (node.textContent?.[offset] !== "·" || !before) return;
      if (bottomOf([node, offset]) - bottomOf(before) > 4)
        problems.push(`a line starts with "·" in "${(node.parentElement?.textContent ?? "").trim().slice(0, 60)}"`);
    });
    return problems.slice(0, 5);
  });
}

test.describe("at 320 px nothing sticks out of the main column and no line starts with a separator", () => {
  for (const path of ["/light_novels", "/light_novels?collection=ex", "/side_stories"]) {
    test(path, async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 720 });
      await open(page, path);
      expect(await columnProblems(page)).toEqual([]);
    });
  }
});

test("at 320 px the tracker's pickers show the whole of a long volume title and season name", async ({
  page,
  context,
}) => {
  await context.addInitScript(() => localStorage.setItem("rc:spoiler-mode", "off"));
  await page.setViewportSize({ width: 320, height: 720 });
  await open(page, "/reading_tracker");
  await page
    .getByLabel("Lanternfall EX: last volume")
    .selectOption({ label: "Volume 1 · The Ash Warden's Apprentice Days" });
  await page.getByLabel("Lanternfall: last volume").selectOption({ label: "Volume 12 · The Ash Warden's Watch" });
  await page.getByLabel("Season", { exact: true }).selectOption({ index: 2 });
  expect(await phoneReadingProblems(page)).toEqual([]);
});

test.describe("choosing an arc or a season on a phone", () => {
  for (const path of ["/anime?season=2", "/web_novel?arc=3"]) {
    test(`${path}: the chosen card is whole on the screen, in line with the page's heading`, async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await open(page, path);
      const chosen = page.getByRole("navigation", { name: /^(Seasons|Arcs)$/ }).locator("[aria-current='page']");
      await expect(chosen).toBeInViewport({ ratio: 1 });
      // Not against the screen's edge: the row snaps its cards to the page's margin, no further.
      const heading = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
      await expect
        .poll(async () => Math.round((await chosen.boundingBox())!.x))
        .toBeGreaterThanOrEqual(Math.round(heading.x));
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
      // The links sit inside the header, on the screen, all on one row.
      const headerBox = await header.boundingBox();
      const rows = new Set<number>();
      for (const area of areas) {
        const box = await nav.getByRole("link", { name: area.label, exact: true }).boundingBox();
        expect(
          box && headerBox && box.y + box.height <= headerBox.y + headerBox.height && box.x + box.width <= width,
        ).toBe(true);
        rows.add(Math.round(box!.y));
      }
      expect(rows.size).toBe(1);
    });
  }

  test("on a phone the header shows the site's whole name", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 720 });
    await open(page, "/");
    const name = page
      .getByRole("banner")
      .getByRole("link", { name: "Lanternfall Companion" })
      .getByText("Lanternfall Companion");
    for (const width of [320, 360, 390]) {
      await page.setViewportSize({ width, height: 720 });
      await expect(name).toBeInViewport({ ratio: 1 });
      // Cut off with an ellipsis, the text is wider than its box.
      expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth), `at ${width} px`).toBe(true);
    }
  });

  test("on a 360 px phone at twice the text size the header fits and its menu opens", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    // A phone's largest text setting, as the page's root font size.
    await setTextSize(page, "200%");
    for (const path of ["/", "/reading_tracker"]) {
      await open(page, path);
      const measured = await overflow(page);
      expect(measured.scrollWidth, `${path}: ${measured.culprits.join("; ")}`).toBeLessThanOrEqual(360);
      const header = page.getByRole("banner");
      const menuButton = header.getByLabel("Menu");
      for (const control of [header.getByRole("link", { name: "Search", exact: true }), menuButton]) {
        await expect(control).toBeInViewport({ ratio: 1 });
        const box = (await control.boundingBox())!;
        expect(Math.min(box.width, box.height), path).toBeGreaterThanOrEqual(24);
      }
      // The menu opens on the screen, and its last area can be reached and opened.
      await menuButton.click();
      const menu = header.getByRole("navigation", { name: "Main" });
      await expect(menu).toBeVisible();
      const menuBox = (await menu.boundingBox())!;
      expect(menuBox.x, path).toBeGreaterThanOrEqual(0);
      expect(menuBox.x + menuBox.width, path).toBeLessThanOrEqual(360);
      expect(menuBox.y + menuBox.height, path).toBeLessThanOrEqual(740);
      const last = areas.at(-1)!;
      await menu.getByRole("link", { name: last.label, exact: true }).click();
      await expect(page).toHaveURL(last.path);
    }
  });

  test("on a phone nothing of the page shows between the search field and its suggestions", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await open(page, "/");
    await page.getByRole("link", { name: "Search", exact: true }).click();
    const box = page.getByRole("combobox", { name: "Search the site" });
    await box.fill("lan");
    const suggestions = page.getByRole("listbox", { name: "Suggestions" });
    await expect(suggestions).toBeVisible();
    // Every point of the strip between the field and the list belongs to the search panel.
    const strays = await box.evaluate((input) => {
      const list = document.getElementById(input.getAttribute("aria-controls") ?? "");
      const panel = input.closest("form");
      const from = input.getBoundingClientRect().bottom;
      const to = list?.getBoundingClientRect().top ?? from;
      const found: string[] = [];
      for (let y = Math.ceil(from); y < to; y++) {
        for (const x of [20, 180, 340]) {
          const hit = document.elementFromPoint(x, y);
          if (hit && !panel?.contains(hit)) found.push(`<${hit.tagName.toLowerCase()}> at ${x},${y}`);
        }
      }
      return found;
    });
    expect(strays).toEqual([]);
  });

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

    // A click outside that lands on a link (the site's name, home) closes the menu and follows the link:
    // a mouse is aimed.
    await menuButton.click();
    await expect(menu).toBeVisible();
    await page.getByRole("banner").getByRole("link").first().click();
    await expect(page).toHaveURL("/");
    await expect(menu).toBeHidden();
    // A right click outside closes it too.
    await menuButton.click();
    await expect(menu).toBeVisible();
    await page.mouse.click(8, 600, { button: "right" });
    await expect(menu).toBeHidden();
    await page.goBack();

    // Choosing an area still closes it and goes there.
    await menuButton.click();
    await menu.getByRole("link", { name: "Statistics", exact: true }).click();
    await expect(page).toHaveURL("/statistics");
    await expect(menu).toBeHidden();
  });
});

test.describe("header menus on a touch screen", () => {
  test.use({ hasTouch: true, viewport: { width: 360, height: 740 } });

  /** A finger's tap at the middle of an element. */
  async function tap(page: Page, target: ReturnType<Page["locator"]>) {
    const box = (await target.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  }

  test("a tap on the page outside the menu only closes it; a tap on the header beside it also does what it points at", async ({
    page,
  }) => {
    await open(page, "/releases");
    const menuButton = page.getByRole("banner").getByLabel("Menu");
    const menu = page.getByRole("banner").getByRole("navigation", { name: "Main" });

    // A link on the page, beside the menu: the tap that dismisses the menu does not follow it.
    const pageLink = page.locator("main a[href]").filter({ visible: true }).first();
    await pageLink.scrollIntoViewIfNeeded();
    await tap(page, menuButton);
    await expect(menu).toBeVisible();
    const before = page.url();
    await tap(page, pageLink);
    await expect(menu).toBeHidden();
    await page.waitForTimeout(500);
    expect(page.url()).toBe(before);

    // The theme button beside the menu: one tap closes the menu and changes the theme.
    const theme = page.getByRole("banner").getByRole("button", { name: /^Theme:/ });
    const themeBefore = await theme.getAttribute("aria-label");
    await tap(page, menuButton);
    await expect(menu).toBeVisible();
    await tap(page, theme);
    await expect(menu).toBeHidden();
    await expect(theme).not.toHaveAttribute("aria-label", themeBefore!);

    // The site's name in the header: one tap closes the menu and goes home.
    await tap(page, menuButton);
    await expect(menu).toBeVisible();
    await tap(page, page.getByRole("banner").getByRole("link").first());
    await expect(page).toHaveURL("/");
  });
});

test.describe("statistics charts", () => {
  for (const width of [320, 360, 1280]) {
    test(`at ${width} px labels are readable and do not overlap, and tables are not scroll boxes`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await open(page, "/statistics");
      const figures = page.locator("main figure");
      expect(await figures.count()).toBeGreaterThan(3);
      const report = await page.evaluate(() =>
        [...document.querySelectorAll("main figure")].map((figure) => {
          // Every piece of text a sighted reader sees in the chart itself (not the table or the captions).
          const labels = [...figure.querySelectorAll("svg text, [aria-hidden='true'] span, [role='img'] span")]
            .filter(
              (element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden",
            )
            .filter((element) => element.textContent?.trim())
            .map((element) => ({ text: element.textContent ?? "", box: element.getBoundingClientRect() }));
          const smallest = Math.min(...labels.map((label) => label.box.height));
          const overlaps: string[] = [];
          for (const [index, a] of labels.entries()) {
            for (const b of labels.slice(index + 1)) {
              const apart =
                a.box.right <= b.box.left + 0.5 ||
                b.box.right <= a.box.left + 0.5 ||
                a.box.bottom <= b.box.top + 0.5 ||
                b.box.bottom <= a.box.top + 0.5;
              if (!apart) overlaps.push(`"${a.text}" and "${b.text}"`);
            }
          }
          const boxes = [...figure.querySelectorAll("*")].filter((element) => {
            const style = getComputedStyle(element);
            return ["auto", "scroll"].includes(style.overflowY) && element.scrollHeight > element.clientHeight;
          });
          return {
            title: figure.querySelector("h2")?.textContent ?? "",
            labels: labels.length,
            smallest,
            overlaps,
            scrollBoxes: boxes.length,
          };
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

  for (const width of [360, 1280]) {
    test(`at ${width} px a chart of a few bars names each bar under its middle`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await open(page, "/statistics");
      // The demo's two seasons: two bars.
      const figure = page.locator("figure", { has: page.getByRole("heading", { name: "Episodes per season" }) });
      const middles = (selector: string) =>
        figure.locator(selector).evaluateAll((elements) =>
          elements
            .filter((element) => element.getClientRects().length)
            .map((element) => element.getBoundingClientRect())
            .map((box) => Math.round(box.left + box.width / 2)),
        );
      const bars = await middles("svg rect");
      expect(bars).toHaveLength(2);
      // The labels under the bars (the value axis's are the hidden box's own spans).
      const labels = await middles("[aria-hidden='true'] > div > span");
      expect(labels.length).toBe(2);
      labels.forEach((label, index) =>
        expect(Math.abs(label - bars[index]!), `label ${index + 1}`).toBeLessThanOrEqual(1),
      );
    });
  }

  for (const width of [320, 360, 1280]) {
    test(`at ${width} px the release timeline keeps months without a chapter and its axis names years in order`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await open(page, "/statistics");
      const figure = page.locator("figure", { has: page.getByRole("heading", { name: "Release timeline" }) });
      const years = (
        await figure
          .locator("[aria-hidden='true'] > span")
          .evaluateAll((spans) =>
            spans.filter((span) => span.getClientRects().length).map((span) => span.textContent ?? ""),
          )
      ).filter((text) => /^\d{4}$/.test(text));
      // At least every other year is named, in order, with no month names crowding the axis.
      expect(years.length, years.join(", ")).toBeGreaterThanOrEqual(width < 500 ? 3 : 6);
      expect(years).toEqual([...years].sort());
      expect(Number(years.at(-1)) - Number(years[0])).toBeLessThanOrEqual(2 * (years.length - 1));
      // The demo pack pauses between arcs: those months are in the table, with no chapter.
      const rows = figure.locator("tbody tr");
      const months = await rows.evaluateAll((trs) =>
        trs.map((tr) => [tr.querySelector("th")?.textContent ?? "", tr.querySelector("td")?.textContent ?? ""]),
      );
      expect(
        months.some(([, chapters]) => chapters === "0"),
        "a month without a chapter",
      ).toBe(true);
      expect(months[0]?.[0]).toBe("Mar 2014");
      // March 2014 to May 2021, every month of it.
      expect(months).toHaveLength(87);
    });
  }
});

test.describe("marks and controls in the site's own look", () => {
  for (const width of [360, 1280]) {
    test(`at ${width} px a read chapter's ✓ stands beside its date`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.addInitScript(
        (progress) => localStorage.setItem("rc:progress", progress),
        JSON.stringify({ ...emptyProgress, webNovel: "wn:1-3" }),
      );
      await open(page, "/web_novel?arc=1");
      // The prologue, read on the way: a quiet ✓ alone.
      const facts = page.getByRole("main").locator("details ol > li").first().locator(".chapter-facts");
      const check = facts.locator(".read-up-to-here span[aria-hidden='true']", { hasText: "✓" });
      await expect(check).toBeVisible();
      // Measured once the row has its fonts and its final control: the line it wraps at depends on both.
      await page.evaluate(() => document.fonts.ready);
      const apart = async () => {
        const [mark, date] = [(await check.boundingBox())!, (await facts.locator("time").boundingBox())!];
        return {
          lines: Math.abs(mark.y + mark.height / 2 - (date.y + date.height / 2)) < 4,
          gap: Math.max(date.x - (mark.x + mark.width), mark.x - (date.x + date.width)),
        };
      };
      // On one line, only the facts' gap and the label's padding between them (a button's width, before).
      await expect.poll(apart).toMatchObject({ lines: true });
      expect((await apart()).gap).toBeLessThanOrEqual(24);
    });
  }

  /**
   * How far apart (px) the middles of a label's visible pieces stand (its name for assistive technology
   * left out): under 4, the mark and its word share a line.
   */
  const linesOf = (label: Locator) =>
    label.evaluate((element) => {
      const middles = [...element.childNodes]
        .filter((node) => !(node instanceof Element && node.classList.contains("sr-only")))
        .flatMap((node) => {
          const range = document.createRange();
          range.selectNode(node);
          return [...range.getClientRects()];
        })
        .map((box) => box.top + box.height / 2);
      return Math.max(...middles) - Math.min(...middles);
    });

  test("at 360 px a manga chapter and an episode's mistakes passed on the way say so beside their ✓", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.addInitScript(
      (progress) => localStorage.setItem("rc:progress", progress),
      JSON.stringify({ ...emptyProgress, manga: ["manga:wick-3"], anime: "anime:1-5" }),
    );
    // Under the title on a phone, the control has a line of its own: a ✓ alone there read as a stray mark.
    await open(page, "/manga");
    const chapter = page.locator('[data-manga-chapter="manga:wick-1"] .read-up-to-here > span.inline-flex');
    await expect(chapter).toHaveText(/^✓\s*Read: Chapter 1$/);
    expect(await linesOf(chapter)).toBeLessThan(4);
    await open(page, "/translation_meta/anime_mistls");
    const episode = page.getByRole("region", { name: /^Episode 2/ }).locator(".read-up-to-here > span.inline-flex");
    await expect(episode).toHaveText(/^✓\s*Watched: Episode 2$/);
    expect(await linesOf(episode)).toBeLessThan(4);
  });

  test("a search box's clear button is drawn in the text's muted colour, light and dark", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await open(page, "/search?q=lantern");
    const box = page.getByRole("main").getByRole("searchbox");
    await box.focus();
    for (const scheme of ["light", "dark"] as const) {
      await showColorScheme(page, scheme);
      const shot = (await box.screenshot()).toString("base64");
      // Drawn in the page: the ✕ is the pixel at the input's right end least like the input's background.
      const [mark, muted] = await box.evaluate(async (input, png) => {
        const image = new Image();
        image.src = `data:image/png;base64,${png}`;
        await image.decode();
        const canvas = document.createElement("canvas");
        [canvas.width, canvas.height] = [image.width, image.height];
        const context = canvas.getContext("2d", { willReadFrequently: true })!;
        context.drawImage(image, 0, 0);
        const rgb = (x: number, y: number) => [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
        const background = rgb(4, Math.floor(image.height / 2));
        let farthest = background;
        for (let x = image.width - 48; x < image.width - 4; x++)
          for (let y = 4; y < image.height - 4; y++) {
            const pixel = rgb(x, y);
            const distance = (p: number[]) =>
              p.reduce((sum, value, index) => sum + Math.abs(value - background[index]!), 0);
            if (distance(pixel) > distance(farthest)) farthest = pixel;
          }
        context.fillStyle = getComputedStyle(input).getPropertyValue("--muted-foreground");
        context.fillRect(0, 0, 1, 1);
        return [farthest, rgb(0, 0)];
      }, shot);
      mark.forEach((value, index) =>
        expect(Math.abs(value - muted[index]!), `${scheme}: ${mark} against ${muted}`).toBeLessThanOrEqual(24),
      );
    }
  });
});

test.describe("finished pages", () => {
  test("a cover waits as its volume's title does, since it prints it", async ({ page }) => {
    await page.goto("/light_novels");
    await waitForHydration(page);
    const first = page.locator("main li[id^='ln-']").first();
    await expect(first.getByRole("heading", { name: "Title hidden" })).toBeVisible();
    await expect(first.getByRole("img", { name: /^Cover of / })).toHaveCount(0);
    expect(await page.content()).not.toContain("/covers/");
    // Once the reader chooses to see titles of what they have not reached, the cover comes with the title.
    await page.getByRole("button", { name: "Show them" }).click();
    await expect(first.getByRole("img", { name: /^Cover of / })).toBeVisible();
  });

  test("every light novel volume out has its own cover", async ({ page, request }) => {
    // Covers print their titles: this reader chose to see titles of what they have not reached.
    await page.addInitScript(() => localStorage.setItem("rc:unreached-titles", "show"));
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
          // Lanternfall 15, announced without a cover yet, keeps the empty frame a cover would fill.
          if ((await volumes.nth(index).getAttribute("id")) === "ln-main-15") {
            await expect(cover).toHaveCount(0);
            continue;
          }
          await cover.scrollIntoViewIfNeeded();
          await expect
            .poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
            .toBe(true);
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
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      /has no official English edition yet/,
    );
  });

  test('"No entry you have reached matches these filters" only when filters are set', async ({ page }) => {
    await page.goto("/translation_meta/ln_mistls/main_v13");
    await expect(page.getByRole("status").filter({ hasText: /entr/ })).toHaveText("No entries for this volume yet.");
    await page.goto("/translation_meta/ln_mistls/main_v13?severity=minor");
    await expect(page.getByRole("status").filter({ hasText: /entr/ })).toContainText(
      "No entry you have reached matches these filters.",
    );
  });

  test("the analytics switch is off and explains itself where analytics is not configured", async ({ page }) => {
    await open(page, "/privacy_policy");
    const toggle = page.getByRole("switch", { name: "Allow anonymous analytics in this browser" });
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect(toggle).toBeDisabled();
    await expect(toggle).toHaveAccessibleDescription(/no analytics configured/);
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
      const labelTop = await page
        .locator("label[for='character-query']")
        .evaluate((label) => label.getBoundingClientRect().top);
      expect(labelTop, `at ${width} px`).toBeGreaterThanOrEqual(headerBottom);
    }
  });
});

test.describe("names a phone walk found confusing", () => {
  test.use({ viewport: { width: 360, height: 760 } });

  test("an arc's list numbers its chapters from 1 after its prologue, as the series does", async ({ page }) => {
    await open(page, "/web_novel?arc=1");
    const entries = page.getByRole("main").locator("details ol > li");
    await expect(entries.nth(0).locator(".chapter-number")).toHaveText("");
    // A new reader is told what the entry is, not what it is called; one who shows titles, both.
    await expect(entries.nth(0)).toContainText("Prologue: title hidden");
    await page.getByRole("button", { name: "Show them" }).click();
    await expect(entries.nth(0)).toContainText("Prologue: Before the Lamps Are Lit");
    await expect(entries.nth(1).locator(".chapter-number")).toHaveText("1");
    await expect(entries.nth(0).getByRole("link", { name: /^Read Prologue on / })).toBeVisible();
    // Without a number, the prologue's title starts where a chapter's number does, not a margin further in.
    const title = (await entries.nth(0).getByText("Prologue: Before the Lamps Are Lit").boundingBox())!;
    const number = (await entries.nth(1).locator(".chapter-number").boundingBox())!;
    expect(Math.round(title.x)).toBe(Math.round(number.x));
  });

  test("every search result has a second line: an interlude its arc, a Break Time short the episode it airs with", async ({
    page,
    context,
  }) => {
    await context.addInitScript(() => localStorage.setItem("rc:spoiler-mode", "off"));
    const rows = page.getByRole("main").locator("ol > li:not([data-spoiler]) > a");
    await open(page, "/search?q=interlude");
    await expect(rows.first()).toBeVisible();
    for (const row of await rows.all()) await expect(row.locator("> span"), await row.innerText()).toHaveCount(3);
    await expect(rows.filter({ hasText: "Letters to Lowwick" })).toContainText("Arc 3 · Interlude 1");
    await expect(rows.filter({ hasText: "Letters to Lowwick" })).not.toContainText("Interlude:");

    await open(page, "/search?q=snack");
    await expect(rows.filter({ hasText: "The Moth Wants a Snack" }).locator("> span").nth(2)).toHaveText(
      "Season 1 · Break Time 1, airs with episode 1",
    );
  });

  test("a light novel volume is named one way on the side stories page", async ({ page }) => {
    await open(page, "/side_stories");
    const story = page.getByRole("main").locator("article, li").filter({ hasText: "Animate bonus" }).first();
    await expect(story).toContainText("Read after");
    await expect(story).toContainText("Lanternfall 1");
    await expect(story).toContainText("Lanternfall 1 (Animate bonus)");
    await expect(page.getByRole("main")).not.toContainText(/Lanternfall (Volume|Vol\.) \d/);
  });

  test("the home page's releases say a volume's number once", async ({ page }) => {
    // A reader who chose to see the titles of what they have not reached (decision 39).
    await page.addInitScript(() => localStorage.setItem("rc:unreached-titles", "show"));
    await open(page, "/");
    const releases = page.getByRole("region", { name: "Latest releases" });
    const shortStories = releases.getByRole("link").filter({ hasText: "Lanternfall Short Stories 3" });
    await expect(shortStories).toContainText("Lamplit Tales");
    await expect(shortStories).not.toContainText("Lamplit Tales 3");
    await expect(shortStories).not.toContainText("Stories: Lamplit");
  });
});

test("with a large text size a 320 px phone scrolls no page sideways, and the header's controls never cover the site's name", async ({
  page,
}) => {
  await onPhoneWithLargeText(page);
  for (const path of ["/", "/characters", "/light_novels", "/login", "/reading_tracker", "/anime"]) {
    await open(page, path);
    const measured = await overflow(page);
    expect.soft(measured.scrollWidth, `${path}: ${measured.culprits.join("; ")}`).toBeLessThanOrEqual(320);
    // The name, and the controls beside it (search, theme, account, menu) on its row or the next.
    const name = await page.getByRole("banner").getByRole("link").first().boundingBox();
    const controls = await page.getByRole("banner").locator(":scope > div > div").first().boundingBox();
    const apart = name && controls && (name.x + name.width <= controls.x || controls.y >= name.y + name.height);
    expect
      .soft(apart, `${path}: the name at ${JSON.stringify(name)}, the controls at ${JSON.stringify(controls)}`)
      .toBe(true);
  }
});

/**
 * What a box that clips cuts off at its side in the main column (a chart's figure over a table wider
 * than it): hidden, it would not show as sideways scroll. A field's own text is left to the field.
 */
function cutOff(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("main *")]
      .filter((element) => !["INPUT", "SELECT", "TEXTAREA"].includes(element.tagName))
      .filter((element) => ["hidden", "clip"].includes(getComputedStyle(element).overflowX))
      .filter((element) => element.clientWidth > 2 && element.scrollWidth > element.clientWidth + 1)
      .map(
        (element) =>
          `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}"> cuts off ${element.scrollWidth - element.clientWidth} px`,
      ),
  );
}

test.describe("at twice the text size no page scrolls sideways on a 360 or 320 px phone", () => {
  for (const path of publicPages) {
    test(path, async ({ page }, testInfo) => {
      await page.setViewportSize({ width: 360, height: 740 });
      // A phone's largest text setting, as the page's root font size.
      await setTextSize(page, "200%");
      await open(page, path);
      for (const width of [360, 320]) {
        await page.setViewportSize({ width, height: 740 });
        const measured = await overflow(page);
        expect
          .soft(measured.scrollWidth, `${path} at ${width} px: ${measured.culprits.join("; ")}`)
          .toBeLessThanOrEqual(width);
        // A row of cards or a table may scroll within itself: each card whole on the screen, and a
        // box that scrolls reachable from the keyboard.
        for (const card of await page.locator("main nav ol > li").all()) {
          const box = await card.boundingBox();
          if (box) expect.soft(box.width, `${path} at ${width} px: a card`).toBeLessThanOrEqual(width);
        }
        await expect.poll(() => unreachableScrollBoxes(page), { message: `${path} at ${width} px` }).toEqual([]);
        expect.soft(await cutOff(page), `${path} at ${width} px`).toEqual([]);
        if (testInfo.errors.length) {
          const name = path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
          await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
        }
      }
    });
  }
});

test("at twice the text size on a 360 or 320 px phone, a page's heading breaks between its words, never inside one", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await setTextSize(page, "200%");
  // Headings whose longest word ("Lanternfall", "translation", "Readership", "Discussion:") was wider than the screen.
  for (const path of [
    "/",
    "/characters",
    "/translation_meta",
    "/translation_meta/anime_mistls",
    "/statistics/readership",
    "/discuss/anime:1-11",
  ]) {
    await open(page, path);
    for (const width of [360, 320]) {
      await page.setViewportSize({ width, height: 740 });
      const broken = await page.getByRole("heading", { level: 1 }).evaluate((heading) => {
        const words: string[] = [];
        const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const match of (node.textContent ?? "").matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => rect.top));
            if (lines.size > 1) words.push(match[0]);
          }
        }
        return words;
      });
      expect.soft(broken, `${path} at ${width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 360, height: 740 });
  }
});

test("at twice the text size on a 360 px phone, a reader's translation notes keep every part of an entry inside its card", async ({
  page,
}) => {
  // A reader who has reached the entries: each shown whole, headed by where it is and its links.
  const progress = { ...emptyProgress, webNovel: "wn:3-1", lightNovels: ["ln:main-3"], anime: "anime:2-13" };
  await page.addInitScript((stored) => localStorage.setItem("rc:progress", stored), JSON.stringify(progress));
  await page.setViewportSize({ width: 360, height: 740 });
  await setTextSize(page, "200%");
  // A volume's entries, whose chapters carry a page and an ebook position, and seasons', with a platform
  // (season 2's official line starts with "Congratulations," wider than the card at this size).
  for (const path of [
    "/translation_meta/ln_mistls/main_v2",
    "/translation_meta/anime_mistls",
    "/translation_meta/anime_mistls?season=2",
  ]) {
    await open(page, path);
    await expect(page.locator("main article:not([hidden])").first()).toBeVisible();
    const measured = await overflow(page);
    expect.soft(measured.scrollWidth, `${path}: ${measured.culprits.join("; ")}`).toBeLessThanOrEqual(360);
    // Nothing runs into the card's padding or past its border (a heading's last word held to its
    // page and ebook position; "Copy link" kept beside the permalink; a long word in the official line).
    const outside = await page.evaluate(() =>
      [...document.querySelectorAll("main article:not([hidden])")].flatMap((card) => {
        const box = card.getBoundingClientRect();
        const style = getComputedStyle(card);
        const right = box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
        return [...card.querySelectorAll("*")]
          .filter((part) => part.getBoundingClientRect().right > right + 0.5)
          .map(
            (part) =>
              `"${(part.textContent ?? "").trim().slice(0, 50)}" ends ${Math.round(part.getBoundingClientRect().right - right)} px past the card's content`,
          );
      }),
    );
    expect.soft([...new Set(outside)].slice(0, 6), path).toEqual([]);
  }
  // A volume's lines break between words: "Grandmother" and "waterlogged" fit a line of the box whole.
  await open(page, "/translation_meta/ln_mistls/main_v2");
  expect(await brokenWords(page.locator("main article:not([hidden]) blockquote"))).toEqual([]);
});

/** The words in these elements that break over two lines inside the word, not at a hyphen. */
function brokenWords(elements: Locator) {
  return elements.evaluateAll((found) =>
    found.flatMap((element) => {
      const words: string[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.textContent ?? "").matchAll(/[^\s-]+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => rect.top));
          if (lines.size > 1) words.push(match[0]);
        }
      }
      return words;
    }),
  );
}

/**
 * Each table's box, whether it scrolls sideways, and the figures a reader sees without the name of
 * their column: neither under a visible heading of it nor beside it (a row stood as a block).
 */
function tableReadings(tables: Locator) {
  return tables.evaluateAll((found) =>
    found.map((table) => {
      const box = table.parentElement!;
      const headings = [...table.querySelectorAll("thead th")];
      const headingsShown = headings.every((heading) => heading.getBoundingClientRect().width > 1);
      const unnamed = [...table.querySelectorAll("tbody td")]
        .filter((cell, index) => {
          const column = headings[index % headings.length]?.textContent ?? "";
          const beside = getComputedStyle(cell, "::before").content;
          return !headingsShown && !beside.includes(column);
        })
        .map((cell) => `${cell.parentElement?.querySelector("th")?.textContent}: ${cell.textContent}`);
      return {
        table: table.id || (table.closest("section")?.querySelector("h2")?.textContent ?? ""),
        scrolls: box.scrollWidth > box.clientWidth + 1,
        unnamed: unnamed.slice(0, 3),
      };
    }),
  );
}

test("at twice the text size on a 360 or 320 px phone, the count of entries by severity stands each severity as a block, and as a table at 1280 px", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await setTextSize(page, "200%");
  await open(page, "/translation_meta");
  const table = page.locator("main table");
  for (const width of [360, 320]) {
    await page.setViewportSize({ width, height: 740 });
    await expect
      .poll(() => tableReadings(table))
      .toEqual([{ table: "Entries by severity", scrolls: false, unnamed: [] }]);
    // Each severity whole on a line of its own, above its figures.
    const severity = table.getByRole("rowheader", { name: "Meaning-changing" });
    expect(await brokenWords(severity)).toEqual([]);
    const [name, figure] = [await severity.boundingBox(), await table.getByRole("cell").nth(2).boundingBox()];
    expect(figure!.y).toBeGreaterThanOrEqual(name!.y + name!.height - 1);
  }
  // Still a table, headed by its columns, where it has room.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(table.getByRole("columnheader", { name: "Light novels" })).toBeVisible();
  const [name, figure] = [
    await table.getByRole("rowheader", { name: "Minor" }).boundingBox(),
    await table.getByRole("cell").first().boundingBox(),
  ];
  expect(Math.abs(figure!.y - name!.y)).toBeLessThan(4);
});

/**
 * The text that runs out of its box: an element holding words whose right edge goes past its parent's
 * content edge (into its padding, over its border, under what stands beside it), or whose words run
 * past its own edge. What a box clips or scrolls is its own, and a chart's drawn labels (aria-hidden,
 * its figures are in the table below it) are placed by the chart.
 */
function textOutOfItsBox(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const inItsOwnPlace = (element: Element) =>
      element.closest('.sr-only, [aria-hidden="true"], svg') ||
      getComputedStyle(element).position === "absolute" ||
      getComputedStyle(element).position === "fixed";
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== "visible") return true;
      }
      return false;
    };
    for (const element of document.body.querySelectorAll("header *, main *")) {
      if (["INPUT", "SELECT", "TEXTAREA", "OPTION"].includes(element.tagName)) continue;
      const words = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
      if (!words || !element.getClientRects().length || inItsOwnPlace(element) || clipped(element)) continue;
      const parent = element.parentElement!;
      const style = getComputedStyle(parent);
      if (style.display === "inline") continue;
      const edge =
        parent.getBoundingClientRect().right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
      const right = element.getBoundingClientRect().right;
      const own = getComputedStyle(element).display === "inline" ? 0 : element.scrollWidth - element.clientWidth;
      if (right > edge + 1 || own > 1)
        problems.push(
          `"${(element.textContent ?? "").trim().slice(0, 40)}" ends ${Math.round(Math.max(right - edge, own))} px past its box`,
        );
    }
    return [...new Set(problems)].slice(0, 6);
  });
}

/**
 * The words broken over two lines inside themselves (not at a hyphen) where they need not be: each would
 * fit a line of its box whole, were the boxes around it padded no more than at the usual text size (1rem a
 * side). A column's name a stacked table draws (`::before`, from `data-column`) is read too, standing in
 * for a moment as text laid out as it was. A word wider than that (a site's address in a card) may break;
 * a word in Japanese has no spaces and breaks anywhere.
 */
function wordsBrokenInside(page: Page) {
  return page.evaluate(async () => {
    await document.fonts.ready;
    const labels = [...document.querySelectorAll("header *, main *")].flatMap((element) => {
      const drawn = getComputedStyle(element, "::before");
      const label = /^"(.+?)"/.exec(drawn.content)?.[1];
      if (!label || !element.getClientRects().length) return [];
      const text = document.createElement("span");
      for (const property of drawn) {
        if (!["content", "width", "height", "inline-size", "block-size"].includes(property))
          text.style.setProperty(property, drawn.getPropertyValue(property));
      }
      text.textContent = label;
      return [{ element, text }];
    });
    const unDrawn = document.createElement("style");
    unDrawn.textContent = "[data-label-as-text]::before { content: none !important; }";
    document.head.appendChild(unDrawn);
    for (const { element, text } of labels) {
      element.setAttribute("data-label-as-text", "");
      element.insertBefore(text, element.firstChild);
    }
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement!;
      if (!element.closest("header, main") || element.closest('.sr-only, [aria-hidden="true"], svg')) continue;
      let room = window.innerWidth;
      for (let box: Element | null = element; box && box !== document.body; box = box.parentElement) {
        const style = getComputedStyle(box);
        room -= Math.min(parseFloat(style.paddingLeft), 16) + Math.min(parseFloat(style.paddingRight), 16);
        room -= parseFloat(style.borderLeftWidth) + parseFloat(style.borderRightWidth);
      }
      for (const match of (node.textContent ?? "").matchAll(/[^\s-]+/g)) {
        if (!/^[\p{Script=Latin}\p{N}\p{P}]+$/u.test(match[0])) continue;
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const parts = [...range.getClientRects()].filter((rect) => rect.width > 0);
        const width = parts.reduce((sum, rect) => sum + rect.width, 0);
        if (new Set(parts.map((rect) => Math.round(rect.top))).size > 1 && width <= room)
          broken.push(`"${match[0]}" (${Math.round(width)} px, with room for ${Math.round(room)})`);
      }
    }
    for (const { element, text } of labels) {
      text.remove();
      element.removeAttribute("data-label-as-text");
    }
    unDrawn.remove();
    return [...new Set(broken)];
  });
}

test("at twice the text size on a 360 or 320 px phone, every long word stays inside its box, whole where it fits: a name, a link's address, a count, a column's name", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await setTextSize(page, "200%");
  // The public pages a reader walks on a phone, one of each; the sign-in page keeps the header's name
  // beside fewer controls. An arc's name on its card, "Relationships" on a character's page, a chart's
  // title and its table's column names drawn beside the figures broke inside themselves.
  for (const path of [
    "/",
    "/web_novel",
    "/light_novels",
    "/anime",
    "/characters",
    "/characters/ilse-marrow",
    "/translation_meta",
    "/translation_meta/ln_mistls/main_v2",
    "/translation_meta/anime_mistls?season=2",
    "/discuss/anime:1-11?reveal=all",
    "/reading_tracker",
    "/statistics",
    "/search?q=ash",
    "/login",
  ]) {
    await open(page, path);
    for (const width of [360, 320]) {
      await page.setViewportSize({ width, height: 740 });
      const measured = await overflow(page);
      expect
        .soft(measured.scrollWidth, `${path} at ${width} px: ${measured.culprits.join("; ")}`)
        .toBeLessThanOrEqual(width);
      // Read again until the page has settled at this width (what the reader has seen comes a moment later).
      await expect.soft.poll(() => textOutOfItsBox(page), `${path} at ${width} px`).toEqual([]);
      await expect.soft.poll(() => wordsBrokenInside(page), `${path} at ${width} px`).toEqual([]);
    }
    await page.setViewportSize({ width: 360, height: 740 });
  }
});

test("at twice the text size on a 360 px phone, a title on a card breaks between its words, never inside one", async ({
  page,
}) => {
  // A reader who has reached the titles: "Headmistress's" (a chapter), "Masquerade" (a Break Time short),
  // "Headmistress" (a side story) were wider than their cards' padding left them.
  const progress = { ...emptyProgress, webNovel: "wn:3-1", lightNovels: ["ln:main-3"], anime: "anime:2-13" };
  await page.addInitScript((stored) => localStorage.setItem("rc:progress", stored), JSON.stringify(progress));
  await page.setViewportSize({ width: 360, height: 740 });
  await setTextSize(page, "200%");
  for (const [path, titles] of [
    ["/web_novel", "main .chapter-rows .font-medium"],
    ["/break_time", "main ol li li p.font-medium"],
    ["/side_stories", "main ol > li h2"],
  ] as const) {
    await open(page, path);
    const shown = page.locator(titles);
    await expect(shown.first(), path).toBeVisible();
    // Words in Latin letters: a title in Japanese has no spaces and breaks anywhere.
    const broken = (await brokenWords(shown)).filter((word) => /^[A-Za-z'’,.]+$/.test(word));
    expect.soft(broken, path).toEqual([]);
  }
});

test("at twice the text size on a 360 or 320 px phone, a table of figures stands its rows as blocks, each figure beside its column's name, and scrolls no box", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await setTextSize(page, "200%");
  await open(page, "/statistics");
  await page.evaluate(() =>
    document.querySelectorAll("main details").forEach((details) => ((details as HTMLDetailsElement).open = true)),
  );
  for (const width of [360, 320]) {
    await page.setViewportSize({ width, height: 740 });
    const measured = await overflow(page);
    expect.soft(measured.scrollWidth, `at ${width} px: ${measured.culprits.join("; ")}`).toBeLessThanOrEqual(width);
    // Three columns ("Meaning-changing" beside two more) and, at 320 px, "Season 1" beside "Episodes"
    // scrolled inside their box: now no table does, and a figure shown without its column's heading
    // above it has its column's name beside it. Read again until the page has settled at this width.
    const tables = page.locator("main figure table");
    expect(await tables.count()).toBeGreaterThan(5);
    await expect
      .poll(async () => (await tableReadings(tables)).filter(({ scrolls, unnamed }) => scrolls || unnamed.length > 0), {
        message: `tables at ${width} px`,
      })
      .toEqual([]);
  }
  // The figures above the charts name what they count, and a chart its volumes, between words, never
  // inside one ("Episod" / "es", "Lante" / "rnfall").
  const broken = await brokenWords(page.locator("main dl dt, main figure [role=img] li > span:first-child"));
  expect.soft(broken).toEqual([]);
});

test("at twice the text size on a 360 px phone, what the browser keeps is named by whole words: a key and where it is kept", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await setTextSize(page, "200%");
  await open(page, "/privacy_policy");
  // "localStorage" run on from a key it did not fit beside broke as "localStora" / "ge".
  expect(await brokenWords(page.locator("main tbody td"))).toEqual([]);
});

test("at twice the text size on a 320 px phone, the tracker's boxes to find a unit show their whole hint", async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 740 });
  await setTextSize(page, "200%");
  await open(page, "/reading_tracker");
  const finders = page.locator("main input[type=search]");
  expect(await finders.count()).toBeGreaterThan(0);
  const cut = await finders.evaluateAll((inputs) =>
    (inputs as HTMLInputElement[]).flatMap((input) => {
      // The placeholder typed in for a moment, so the browser's own room for its arrow and clear button counts.
      input.value = input.placeholder;
      const needed = input.scrollWidth;
      input.value = "";
      return needed > input.clientWidth ? [`"${input.placeholder}" needs ${needed} px, has ${input.clientWidth}`] : [];
    }),
  );
  expect(cut).toEqual([]);
  // The label says what to type.
  await expect(page.getByLabel("Or find a chapter by number or title")).toHaveAttribute("placeholder", /^e\.g\. \d+$/);
});

test("with a large text size on a 320 px phone, the sign-in page's first tab says Sign in on one line", async ({
  page,
}) => {
  await onPhoneWithLargeText(page);
  await open(page, "/login");
  const tabs = page.getByRole("tab");
  await expect(tabs).toHaveCount(3);
  const lineHeight = await tabs.first().evaluate((tab) => parseFloat(getComputedStyle(tab).lineHeight));
  const text = await tabs.first().evaluate((tab) => {
    const range = document.createRange();
    range.selectNodeContents(tab);
    return range.getBoundingClientRect().height;
  });
  expect(text).toBeLessThan(lineHeight * 1.5);
  // The others may wrap, within the page.
  for (const tab of await tabs.all())
    expect((await tab.boundingBox())!.x + (await tab.boundingBox())!.width).toBeLessThanOrEqual(320);
});

test("with a large text size on a 320 px phone, what clears the header clears it as drawn: the search panel, an anchor, a toast", async ({
  page,
}) => {
  await onPhoneWithLargeText(page);
  await open(page, "/anime");
  const header = page.getByRole("banner");
  const headerBottom = async () => {
    const box = await header.boundingBox();
    return box!.y + box!.height;
  };
  // The controls wrap under the name: the header is more than one row tall.
  expect(await headerBottom()).toBeGreaterThan(80);

  await header.getByRole("link", { name: "Search", exact: true }).click();
  const panel = page.getByRole("search", { name: "Site search" });
  await expect(panel).toBeVisible();
  expect((await panel.boundingBox())!.y).toBeGreaterThanOrEqual((await headerBottom()) - 1);
  await page.keyboard.press("Escape");

  // An anchor followed within the page stops below the header, not under its second row.
  const episode = page.locator("#s1e7");
  await page.evaluate(() => (window.location.hash = "s1e7"));
  await expect(episode).toBeInViewport();
  expect((await episode.boundingBox())!.y).toBeGreaterThanOrEqual((await headerBottom()) - 1);

  // A toast is drawn under the header, not over its second row.
  await episode.getByRole("button", { name: "I have watched up to here" }).click();
  const toast = page.getByRole("region", { name: "Notifications (F8)" }).locator("li", { hasText: "Progress saved" });
  await expect(toast).toBeVisible();
  expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual((await headerBottom()) - 1);
  // It covers a good part of the screen, but a tap on its words goes to the page under it, not to the toast
  // nor to the list that holds it; its close button still takes a tap.
  const words = toast.getByText("Progress saved");
  const box = (await words.boundingBox())!;
  const tapped = await page.evaluate(
    ({ x, y }) => {
      const hit = document.elementFromPoint(x, y);
      return hit?.closest("main") ? "the page" : `${hit?.tagName} ${hit?.textContent?.slice(0, 40)}`;
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(tapped).toBe("the page");
  await toast.getByRole("button", { name: "Dismiss notification" }).click();
  await expect(toast).toBeHidden();
});

test("with a large text size on a 320 px phone, home's numbers each stand on one line, a million words as 1.27M", async ({
  page,
}) => {
  await onPhoneWithLargeText(page);
  await open(page, "/");
  const tiles = page.getByRole("region", { name: "The series in numbers" }).getByRole("link");
  expect(await tiles.count()).toBeGreaterThan(3);
  for (const tile of await tiles.all()) {
    const number = tile.locator(":scope > span").first();
    const lines = await number.evaluate((element) => {
      const height = element.getBoundingClientRect().height;
      return height / parseFloat(getComputedStyle(element).lineHeight);
    });
    expect(lines, await tile.innerText()).toBeLessThan(1.5);
  }
  // Heard in full: the tile's short form is for the eye.
  const words = tiles.filter({ hasText: "words" });
  await expect(words).toContainText(/\d\.\d+M/);
  await expect(words).toHaveAccessibleName(/^\d{1,3}(,\d{3})+ words/);
});

test("at twice the text size on a 360 or 320 px phone, the characters' filters show the affiliation and medium chosen whole", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await setTextSize(page, "200%");
  await open(page, "/characters");
  const filters = page.getByRole("search", { name: "Find characters" });
  for (const width of [360, 320]) {
    await page.setViewportSize({ width, height: 740 });
    for (const label of ["Affiliation", "Met in"]) {
      const field = filters.getByLabel(label);
      // What it shows as the page opens, then the longest choice it offers.
      const choices = await field.locator("option").allTextContents();
      const longest = choices.reduce((a, b) => (b.length > a.length ? b : a));
      for (const choice of [choices[0]!, longest]) {
        await field.selectOption({ label: choice });
        // Drawn on the page in words (a native select draws its own, cut at its edge), inside the screen.
        const drawn = filters.getByText(choice, { exact: true }).and(filters.locator(":not(option)"));
        await expect(drawn, `${label} at ${width} px`).toBeVisible();
        const box = (await drawn.boundingBox())!;
        expect(box.x + box.width, `${label} at ${width} px`).toBeLessThanOrEqual(width);
        const cut = (await readingProblems(page)).filter((problem) => problem.startsWith("<select>"));
        expect(cut, `${label} at ${width} px`).toEqual([]);
      }
    }
  }
});
