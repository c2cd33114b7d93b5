import { type RefObject, useRef } from "react";
import { useBeforePaint } from "~/browser/before-paint";

/**
 * Where keyboard focus goes when the site, not the reader, moves it: to a new page's heading, and back
 * to the list or text whose control the reader used and that then went (a card marked read, an offer
 * accepted, a spoiler shown), so Tab goes on from where they were rather than from the top.
 */

/** Focus on an element, made focusable by script alone where it is not a control, without scrolling to it. */
function focusOn(element: HTMLElement) {
  if (element.tabIndex < 0 && !element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
  element.focus({ preventScroll: true });
}

/**
 * Focus on the page's content as a whole (`main`: the skip link's target, a page with no heading yet),
 * focusable by script only while it holds focus. Left focusable, a click on its words would focus it, and
 * Tab would then go on from its first control rather than from where the reader clicked.
 */
export function focusContent(main: HTMLElement) {
  if (!main.hasAttribute("tabindex")) {
    main.setAttribute("tabindex", "-1");
    const release = () => {
      // The window lost focus, not the content: it comes back to it.
      if (document.activeElement === main) return;
      main.removeAttribute("tabindex");
      main.removeEventListener("blur", release);
    };
    main.addEventListener("blur", release);
  }
  main.focus({ preventScroll: true });
}

/**
 * Focus on an element within the page the reader is using, scrolled to where it is out of sight or
 * under the sticky header (the page's scroll-padding, which `scrollIntoView` keeps clear too).
 */
export function focusInView(element: HTMLElement) {
  focusOn(element);
  const { top, bottom } = element.getBoundingClientRect();
  const header = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  if (top < header || bottom > window.innerHeight) element.scrollIntoView({ block: "nearest" });
}

/**
 * Puts focus on the page's heading (its main part where it has none yet). A page that draws its heading
 * a moment later, or again (an error page whose code arrives, the tracker once it has read the reader's
 * progress), gets focus on the heading then too, until the reader taps, presses a key or moves focus
 * elsewhere, or the site moves on (the function returned stops it).
 */
export function focusPageHeading(): (() => void) | undefined {
  const main = document.getElementById("main");
  if (!main) return undefined;
  const place = () => {
    const heading = main.querySelector("h1");
    if (heading) focusOn(heading);
    else focusContent(main);
  };
  place();
  const redrawn = new MutationObserver(() => {
    if (document.activeElement === document.body || document.activeElement === main) place();
  });
  redrawn.observe(main, { childList: true, subtree: true });
  const stop = () => {
    redrawn.disconnect();
    removeEventListener("pointerdown", stop, true);
    removeEventListener("keydown", stop, true);
    removeEventListener("focusin", movedOn, true);
  };
  // Focus moved by the reader (or their assistive technology) to anything else: theirs to keep.
  const movedOn = (event: FocusEvent) => event.target !== main && event.target !== main.querySelector("h1") && stop();
  addEventListener("pointerdown", stop, true);
  addEventListener("keydown", stop, true);
  addEventListener("focusin", movedOn, true);
  setTimeout(stop, 10_000);
  return stop;
}

/**
 * Whether focus has nowhere to be: its element was taken off the page (the browser puts it on the body),
 * or it is on the page's content as a whole (the skip link's target; a click on text, or in Safari on a
 * button, which it does not focus), not on anything the reader chose.
 */
export function focusLost() {
  const active = document.activeElement;
  return !active || active === document.body || active.id === "main";
}

/**
 * Focus on a place the site has just brought into view (the comment the reader posted, replied or
 * edited, whose form went with the post), when focus has nowhere else to be: Tab goes on from there, and
 * a screen reader reads what was posted. Focus the reader put somewhere stays there.
 */
export function focusIfLost(element: HTMLElement) {
  if (focusLost()) focusOn(element);
}

/**
 * For a list whose buttons take their own item away (mark it read, accept an offer): `kept` is called
 * with the button's click, and once the list is drawn again without that button, focus goes to the list
 * (Tab goes on into what it now holds); when the list is gone too, to `otherwise` (a selector: where
 * what the reader did shows next), the heading of the section the list was in, or the page's. Never to
 * the next item's button: a second Enter (a key held, pressed twice) would mark what the reader did not
 * ask for. Focus the reader moved meanwhile stays where they put it. The component calling it stays on
 * the page while the list comes and goes.
 */
export function useFocusKeptInList<T extends HTMLElement>({ otherwise }: { otherwise?: string } = {}): {
  list: RefObject<T>;
  kept: (event: { currentTarget: Element }) => void;
} {
  const list = useRef<T>(null);
  const place = useRef<{ heading: HTMLElement | null } | null>(null);
  useBeforePaint(() => {
    const kept = place.current;
    if (!kept) return;
    if (!focusLost()) {
      if (!list.current?.contains(document.activeElement)) place.current = null;
      return;
    }
    place.current = null;
    const target =
      list.current ??
      (otherwise ? document.querySelector<HTMLElement>(otherwise) : null) ??
      (kept.heading?.isConnected ? kept.heading : document.querySelector<HTMLElement>("main h1"));
    if (target) focusInView(target);
  });
  const kept = ({ currentTarget }: { currentTarget: Element }) => {
    const heading = currentTarget.closest("section")?.querySelector<HTMLElement>("h2, h3") ?? null;
    place.current = list.current?.contains(currentTarget) ? { heading } : null;
  };
  return { list, kept };
}

/**
 * For a control that takes its own place away (a spoiler's "Show it" gives way to what it hid): `kept`
 * is called with its click, and once it is gone, focus goes to what holds it (the element around the
 * `around` one the control is in), so Tab goes on from there and a screen reader reads what was shown.
 */
export function useFocusKeptAround(around: string) {
  const holder = useRef<HTMLElement | null>(null);
  useBeforePaint(() => {
    if (!holder.current || !focusLost()) return;
    if (holder.current.isConnected) focusInView(holder.current);
    holder.current = null;
  });
  return ({ currentTarget }: { currentTarget: Element }) => {
    holder.current = currentTarget.closest(around)?.parentElement ?? null;
  };
}
