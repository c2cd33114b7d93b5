import type { Page } from "@playwright/test";

/** The smallest target a reader's finger should have to find (WCAG 2.5.5's 44 CSS pixels). */
export const TAP_SIZE = 44;

/**
 * The controls on the page whose hit area is smaller than TAP_SIZE × TAP_SIZE: each control is
 * scrolled to the middle of the screen and the browser is asked what a tap at TAP_SIZE / 2 - 1 pixels
 * above, below, left and right of its centre would reach; every one of those must reach the control
 * (or the label of a field). `within` names the part of the page to look at (an open menu covers the rest). A link inside a line of text (a sentence, a list with commas) is left
 * out, as WCAG leaves it out: its size is the text's.
 */
export async function smallTapTargets(page: Page, within = "body") {
  return page.evaluate(
    ([size, root]) => {
      const reach = size / 2 - 1;
      const found: string[] = [];
      const controls = document
        .querySelector(root)!
        .querySelectorAll<HTMLElement>(
          "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab]",
        );
      const describe = (element: HTMLElement, rect: DOMRect) =>
        `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40)}" ${Math.round(rect.width)}×${Math.round(rect.height)}`;
      for (const control of controls) {
        const style = getComputedStyle(control);
        const box = control.getBoundingClientRect();
        const closed = control.closest("details:not([open])");
        const folded = closed !== null && closed.querySelector(":scope > summary") !== control;
        if (box.width < 2 || box.height < 2 || style.visibility === "hidden" || folded) continue;
        if (control.closest("[inert], [aria-hidden=true]")) continue;
        let block = control.parentElement;
        while (block && getComputedStyle(block).display.startsWith("inline")) block = block.parentElement;
        const inText =
          style.display === "inline" &&
          block !== null &&
          (block.textContent ?? "").trim().length > (control.textContent ?? "").trim().length + 3;
        if (inText) continue;
        // A field inside its label is tapped anywhere on the label: the label is the target.
        const label = control instanceof HTMLInputElement ? control.closest("label") : null;
        const target = label ?? control;
        target.scrollIntoView({ block: "center", inline: "center" });
        const rect = target.getBoundingClientRect();
        const [x, y] = [rect.left + rect.width / 2, rect.top + rect.height / 2];
        const targets = [control, ...(control instanceof HTMLInputElement ? Array.from(control.labels ?? []) : [])];
        const reached = (px: number, py: number) => {
          const hit = document.elementFromPoint(px, py);
          return hit !== null && targets.some((target) => target.contains(hit));
        };
        const probes: [number, number][] = [
          [x, y - reach],
          [x, y + reach],
          [x - reach, y],
          [x + reach, y],
        ];
        const missed = probes.find(([px, py]) => !reached(px, py));
        if (missed) {
          const hit = document.elementFromPoint(...missed);
          const where = missed[1] < y ? "above" : missed[1] > y ? "below" : missed[0] < x ? "left" : "right";
          const other = hit instanceof HTMLElement ? describe(hit, hit.getBoundingClientRect()) : "nothing";
          found.push(`${describe(control, rect)}: a tap ${where} reaches ${other}`);
        }
      }
      window.scrollTo(0, 0);
      return [...new Set(found)];
    },
    [TAP_SIZE, within] as const,
  );
}
