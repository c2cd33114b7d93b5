import type { Page } from "@playwright/test";
import axe, { type Result } from "axe-core";

/**
 * axe-core's checks run inside the page, with its own `axe.run` (decision 15): a run takes 0.6–1.2 s
 * here with putting the script in, where `@axe-core/playwright` opened a second page for every run to put frames' results
 * together (3–6 s, a fifth of the whole end-to-end run). The site has no frames.
 */

interface Audit {
  /** Only what this selector holds (every match); the whole document without it. */
  include?: string;
  /** Only these rules (by id, such as "color-contrast"); every rule without them. */
  rules?: string[];
}

/** The violations axe finds in the page as it is now, of any impact. */
export async function axeViolations(page: Page, { include, rules }: Audit = {}): Promise<Result[]> {
  // Through the DevTools protocol, like Playwright's own scripts: the site's Content-Security-Policy
  // would refuse a script added to the page. Once per document.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  return page.evaluate(
    ({ include, rules }) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(include ? { include: [include] } : document, {
          resultTypes: ["violations"],
          ...(rules ? { runOnly: { type: "rule", values: rules } } : {}),
        })
        .then((results) => results.violations),
    { include, rules },
  );
}

/** Whether a violation fails a test (decision 15): of impact serious or critical. */
export const isSerious = (violation: Result) => violation.impact === "serious" || violation.impact === "critical";

/** The violations that fail a test in the page as it is now. */
export async function seriousViolations(page: Page, audit: Audit = {}): Promise<Result[]> {
  return (await axeViolations(page, audit)).filter(isSerious);
}
