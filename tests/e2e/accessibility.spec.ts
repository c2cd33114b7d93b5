import { expect, type Page, test } from "@playwright/test";
import { axeViolations, isSerious } from "../support/axe";
import { waitForHydration } from "../support/browser";
import { publicPages } from "../support/public-pages";

/*
 * axe-core over every public page, in the light and the dark theme, on a laptop and on a phone (the
 * header and some lists differ): no violation of impact serious or critical. See decision 15.
 */

async function audit(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
  return axeViolations(page);
}

for (const path of publicPages) {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`${path} in ${colorScheme} has no serious or critical accessibility violation`, async ({ page }, testInfo) => {
      test.slow(); // axe over a long page, twice
      const problems: string[] = [];
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        await page.emulateMedia({ colorScheme });
        const violations = await audit(page, path);
        const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
        expect(dark, `${colorScheme} theme applied`).toBe(colorScheme === "dark");
        if (violations.length) {
          await testInfo.attach(`axe ${colorScheme} ${width}px`, {
            body: JSON.stringify(violations, null, 2),
            contentType: "application/json",
          });
        }
        for (const violation of violations.filter(isSerious)) {
          for (const node of violation.nodes) {
            problems.push(
              `${width}px ${violation.id} (${violation.impact}) at ${node.target.join(" ")}: ${node.failureSummary ?? violation.help}`,
            );
          }
        }
      }
      expect(problems).toEqual([]);
    });
  }
}
