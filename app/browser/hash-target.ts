import { hashId } from "~/lib/http/display-path";

/**
 * Keeps the element an address's hash names at the top of the view while the page settles. The server
 * renders shielded items as short placeholders, and what the reader has reached is shown a moment after
 * the page (or after a link followed within the site): items above the target grow after the browser
 * scrolled to it, and would push it a screen or more down, leaving the reader among other entries. So
 * each time the page's size changes, the target is scrolled back to the top, until the page has kept
 * its size for `quiet` ms (or for `longest` ms in all), or the reader touches, scrolls or types. A target
 * behind the spoiler shield is never shown for a link: the view goes to the line that holds it, marked.
 */
const READER_INPUT = ["wheel", "touchstart", "pointerdown", "keydown"] as const;

export function keepHashTargetInView(
  hash: string,
  { quiet = 3000, longest = 10_000 }: { quiet?: number; longest?: number } = {},
): () => void {
  const id = hashId(hash);
  if (!id || typeof ResizeObserver === "undefined") return () => {};
  /** Where the target's top was left in the view, after the last scroll to it. */
  let placedAt: number | null = null;
  const place = () => {
    const target = drawnTarget(document.getElementById(id));
    if (!target) return;
    const top = target.getBoundingClientRect().top;
    if (placedAt !== null && Math.abs(top - placedAt) < 1) return;
    target.scrollIntoView({ block: "start" });
    placedAt = target.getBoundingClientRect().top;
  };
  let quietTimer = window.setTimeout(stop, quiet);
  const observer = new ResizeObserver(() => {
    place();
    window.clearTimeout(quietTimer);
    quietTimer = window.setTimeout(stop, quiet);
  });
  observer.observe(document.body);
  const longestTimer = window.setTimeout(stop, longest);
  for (const type of READER_INPUT) window.addEventListener(type, stop, { capture: true, passive: true });
  function stop() {
    observer.disconnect();
    window.clearTimeout(quietTimer);
    window.clearTimeout(longestTimer);
    for (const type of READER_INPUT) window.removeEventListener(type, stop, { capture: true });
  }
  place();
  return stop;
}

/**
 * A reader who asks to see the run that holds a link's target (its line's "Show them") is taken to the
 * target once it is drawn: the run may hold far more than the target (everything sealed, before the
 * reader's revealed items arrived), and the view would stay on the first of them. Listens on the whole
 * document, as the line is drawn anew; returns what stops listening.
 */
export function followTargetShownOnRequest(): () => void {
  let keeping: (() => void) | null = null;
  const onClick = (event: MouseEvent) => {
    if (!(event.target instanceof Element) || !event.target.closest("[data-holds-target] button")) return;
    // The line was marked for the address's target then; the address may name another since (the skip
    // link's #main), whose keeping would take the view away from the run just shown.
    const id = hashId(window.location.hash);
    const target = id ? document.getElementById(id) : null;
    if (!target?.hidden || runHolding(target) !== event.target.closest("[data-holds-target]")) return;
    keeping?.();
    keeping = keepHashTargetInView(window.location.hash);
  };
  document.addEventListener("click", onClick, { capture: true });
  return () => {
    document.removeEventListener("click", onClick, { capture: true });
    keeping?.();
  };
}

/**
 * Where a hash's target is drawn: itself, or while it is hidden behind the spoiler shield, the line of the
 * run of hidden items that holds it (ShieldedList draws the line just before the run's hidden elements),
 * which says what is there and offers to show it, marked as the target (`data-holds-target`). Null while
 * neither is drawn.
 */
function drawnTarget(target: HTMLElement | null): HTMLElement | null {
  const line = target?.hidden ? runHolding(target) : null;
  // Runs are drawn anew as the reader's revealed items arrive, and a run's line stays where the items
  // before the target stay hidden: only the line that holds it now is marked, none once it is shown.
  for (const marked of document.querySelectorAll<HTMLElement>("[data-holds-target]"))
    if (marked !== line) delete marked.dataset.holdsTarget;
  if (!target?.hidden) return target;
  if (line) line.dataset.holdsTarget = "";
  return line;
}

/** The line of the run of hidden items that holds `target` (just before the run's elements), or null. */
function runHolding(target: HTMLElement): HTMLElement | null {
  for (
    let before = target.previousElementSibling;
    before instanceof HTMLElement;
    before = before.previousElementSibling
  ) {
    if (before.dataset.spoiler === "run") return before;
    if (!before.hidden) return null;
  }
  return null;
}
