import { expect, test } from "@playwright/test";
import { axeViolations, isSerious } from "../support/axe";
import { inBothThemes, waitForHydration } from "../support/browser";
import { publicPages } from "../support/public-pages";

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
