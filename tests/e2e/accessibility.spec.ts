import { expect, type Page, test } from "@playwright/test";
import { emptyProgress } from "../../app/lib/progress/record";
import { axeViolations, isSerious } from "../support/axe";
import { inBothThemes, waitForHydration } from "../support/browser";
import { publicPages } from "../support/public-pages";
import { smallTargets } from "../support/target-size";

/*
 * axe-core over every public page, in the light and the dark theme, on a laptop and on a phone (the
 * header and some lists differ): no violation of impact serious or critical. See decision 15. The
 * themes differ only in colours (the `dark` class on <html> swaps the colour variables), so at each
 * width the second theme is audited by the rules colours decide.
 */
const colourRules = ["color-contrast", "link-in-text-block"];

for (const path of publicPages) {
  test(`${path} has no serious or critical accessibility violation, light or dark`, async ({ page }, testInfo) => {
    test.slow(); // axe over a long page, four times
    const problems: string[] = [];
    const audited = new Set<number>();
    const open = async () => {
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
    };
    await inBothThemes(page, open, async ({ width, colorScheme }) => {
      const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
      expect(dark, `${colorScheme} theme applied at ${width}px`).toBe(colorScheme === "dark");
      const violations = await axeViolations(page, audited.has(width) ? { rules: colourRules } : {});
      audited.add(width);
      if (violations.length) {
        await testInfo.attach(`axe ${colorScheme} ${width}px`, {
          body: JSON.stringify(violations, null, 2),
          contentType: "application/json",
        });
      }
      for (const violation of violations.filter(isSerious)) {
        for (const node of violation.nodes) {
          problems.push(
            `${width}px ${colorScheme} ${violation.id} (${violation.impact}) at ${node.target.join(" ")}: ${node.failureSummary ?? violation.help}`,
          );
        }
      }
    });
    expect(problems).toEqual([]);
  });
}

/*
 * WCAG 2.2's Target Size (Minimum), SC 2.5.8, on a 360 px phone: every target's own box is at least
 * 24 × 24 px, unless it is a link in a sentence; the site does not lean on 2.5.8's spacing exception,
 * and draws a checkbox or radio's box at 20 px or more (tests/support/target-size.ts says what counts).
 * The 44 px hit areas around the boxes are tests/e2e/taps.spec.ts's.
 */
test.describe("every target is at least 24 × 24 px on a phone", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  async function smallTargetsOn(page: Page, paths: readonly string[]) {
    const found: Record<string, string[]> = {};
    for (const path of paths) {
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
      const small = await smallTargets(page);
      if (small.length) found[path] = small.length > 6 ? [...small.slice(0, 5), `and ${small.length - 5} more`] : small;
    }
    return found;
  }

  test("on every public page, for a new reader", async ({ page }) => {
    test.slow();
    expect(await smallTargetsOn(page, publicPages)).toEqual({});
  });

  test("for a reader with progress: I have read up to here, Show it, the tracker's choices", async ({ page }) => {
    const progress = { ...emptyProgress, webNovel: "wn:2-10", lightNovels: ["ln:main-2"], anime: "anime:1-4" };
    await page.addInitScript((stored) => localStorage.setItem("rc:progress", stored), JSON.stringify(progress));
    expect(
      await smallTargetsOn(page, [
        "/web_novel?arc=2",
        "/light_novels",
        "/anime",
        "/characters/ilse-marrow",
        "/reading_tracker",
        "/discuss/anime:1-11",
      ]),
    ).toEqual({});
  });
});
