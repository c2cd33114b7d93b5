import type { Page } from "@playwright/test";

/** WCAG 2.2's Target Size (Minimum), SC 2.5.8: 24 × 24 CSS pixels. */
export const MIN_TARGET = 24;

/**
 * A checkbox or radio's box, the part drawn as the control, which a reader aims at even where its
 * label takes the tap: the site draws it at 20 px, where the browser's own is 13.
 */
export const MIN_CHOICE_BOX = 20;

/**
 * The targets on the page whose own box (getBoundingClientRect, as an auditor measures it) is under
 * MIN_TARGET × MIN_TARGET, each named with its size and whether it also fails WCAG 2.5.8 (Target Size,
 * Minimum), which lets a small target pass when it is spaced: a MIN_TARGET circle centred on its box
 * reaches no other target, nor the circle of another small one. The site holds what it draws to the
 * size itself, spaced or not, so a control that stands apart today does not fail the day something is
 * put beside it; a spaced one is named as such.
 *
 * Exempt, as WCAG allows: a target inline in text, that is a link (or a button drawn as one) whose own
 * display is `inline` inside a line that holds more words than its own (a sentence, a list written
 * with commas). Its size is the text's. A link alone on its line, or an item of a flex row (whose
 * display is never inline), is not exempt.
 *
 * Targets: links, buttons, fields, selects, summaries, role=button and tabs, and a checkbox or radio
 * with its label (a tap on the label ticks it: the label holding the box is the target, and a label
 * beside it is one more). The box itself is held to MIN_CHOICE_BOX as well, where WCAG leaves a box the
 * browser draws to the browser. A text field's label only moves the focus to a field that is a target
 * itself, so it is not counted. Left out: what a reader cannot see or reach (no box or one a pixel wide
 * such as a skip link, visibility hidden, inside closed details, inert or aria-hidden) and disabled
 * controls. The browser's own controls (a date field's picker, a player's buttons) are in shadow trees,
 * which the query never enters. `within` names the part of the page to look at.
 */
export async function smallTargets(page: Page, within = "body") {
  return page.evaluate(
    ([min, minBox, root]) => {
      type Target = { element: HTMLElement; rect: DOMRect; inText: boolean };
      const ticks = (element: Element | null): element is HTMLInputElement =>
        element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio");
      const candidates = document
        .querySelector(root)!
        .querySelectorAll<HTMLElement>(
          "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], label",
        );
      const targets: Target[] = [];
      const found: string[] = [];
      const describe = ({ element, rect }: { element: HTMLElement; rect: DOMRect }) =>
        `${element.tagName.toLowerCase()}${element instanceof HTMLInputElement ? `[${element.type}]` : ""} "${(element.getAttribute("aria-label") ?? (element.closest("label") ?? element).textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40)}" ${Math.round(rect.width)}×${Math.round(rect.height)}`;
      for (const element of candidates) {
        if (element instanceof HTMLLabelElement && (!ticks(element.control) || element.control.disabled)) continue;
        if ((element as HTMLButtonElement).disabled || element.getAttribute("aria-disabled") === "true") continue;
        const style = getComputedStyle(element);
        const rect = element.getBoundingClientRect();
        const closed = element.closest("details:not([open])");
        const folded = closed !== null && closed.querySelector(":scope > summary") !== element;
        if (rect.width < 2 || rect.height < 2 || style.visibility === "hidden" || folded) continue;
        if (element.closest("[inert], [aria-hidden=true]")) continue;
        if (ticks(element)) {
          if (Math.round(rect.width) < minBox || Math.round(rect.height) < minBox)
            found.push(`${describe({ element, rect })}: its box is under ${minBox} px`);
          // A box inside its label is tapped anywhere on the label: the label is measured for it.
          if (element.closest("label")) continue;
        }
        let block = element.parentElement;
        while (block && getComputedStyle(block).display.startsWith("inline")) block = block.parentElement;
        const inText =
          style.display === "inline" &&
          block !== null &&
          (block.textContent ?? "").trim().length > (element.textContent ?? "").trim().length + 3;
        targets.push({ element, rect, inText });
      }
      const small = (rect: DOMRect) => Math.round(rect.width) < min || Math.round(rect.height) < min;
      const centre = (rect: DOMRect) => [rect.left + rect.width / 2, rect.top + rect.height / 2] as const;
      const distanceToBox = ([x, y]: readonly [number, number], rect: DOMRect) =>
        Math.hypot(Math.max(rect.left - x, 0, x - rect.right), Math.max(rect.top - y, 0, y - rect.bottom));
      for (const target of targets) {
        if (target.inText || !small(target.rect)) continue;
        const middle = centre(target.rect);
        const near = targets.find((other) => {
          if (other === target || other.element.contains(target.element) || target.element.contains(other.element))
            return false;
          // Another small target keeps its own circle: the two circles must not meet.
          if (small(other.rect) && !other.inText) {
            const [x, y] = centre(other.rect);
            return Math.hypot(x - middle[0], y - middle[1]) < min;
          }
          return distanceToBox(middle, other.rect) < min / 2;
        });
        found.push(
          near
            ? `${describe(target)}, fails WCAG 2.5.8: a ${min} px circle on it meets ${describe(near)}`
            : `${describe(target)}, spaced as WCAG 2.5.8 allows but under ${min} px`,
        );
      }
      return [...new Set(found)];
    },
    [MIN_TARGET, MIN_CHOICE_BOX, within] as const,
  );
}
