import { type RefObject, useEffect } from "react";

/** How long after the tap that closed a menu its click may come (a tap's click follows at once). */
const CLOSING_CLICK_MS = 1000;

/**
 * Closes an open <details> menu on Escape (focus goes back to its summary), on a click or tap outside it
 * and when focus moves out of it (Tab past its last control), as a menu is expected to. A tap on the page
 * outside it (a finger or a pen: the gesture that dismisses a menu on a phone) does only that: its click
 * does not also follow the link or press the button under it. A mouse click, aimed, and a tap on the
 * header the menu sits in (another menu's button, search, a main area) close it and do what they point at.
 * Without JavaScript the menu still opens and closes by its summary.
 * The element is read at each event, so a menu that mounts later (after sign-in) is covered too.
 */
export function useDismissable(ref: RefObject<HTMLDetailsElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const details = ref.current;
      if (event.key !== "Escape" || !details?.open) return;
      details.open = false;
      details.querySelector("summary")?.focus({ preventScroll: true });
    };
    const onPointerDown = (event: PointerEvent) => {
      const details = ref.current;
      if (!details?.open || !(event.target instanceof Node) || details.contains(event.target)) return;
      details.open = false;
      // A primary press only: another button (a right click) makes no click to take.
      const dismissing = event.button === 0 && event.pointerType !== "mouse";
      if (dismissing && !details.closest("header")?.contains(event.target)) swallowClosingClick();
    };
    // Tab past its last control: the menu closes rather than stay open over what now has focus.
    const onFocusIn = (event: FocusEvent) => {
      const details = ref.current;
      if (details?.open && event.target instanceof Node && !details.contains(event.target)) details.open = false;
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [ref]);
}

/** Whether the click of a menu's closing tap is on its way (swallowClosingClick). */
let closingClickAwaited = false;

/**
 * Whether this click is a menu's closing tap's, which swallowClosingClick takes: a listener that sees
 * clicks before it does (on `window`, in the capture phase) leaves it alone.
 */
export const isMenuClosingClick = (event: MouseEvent) => closingClickAwaited && event.detail !== 0;

/**
 * The click of the tap that closed a menu is taken before anything under it sees it. A gesture that
 * ends in no click (a scroll: `pointercancel`), a click that never comes, or one from the keyboard
 * (Enter on a link: no pointer, `detail` 0) leaves it and the next ones alone.
 */
function swallowClosingClick() {
  const swallow = (event: MouseEvent) => {
    stop();
    if (event.detail === 0) return;
    event.preventDefault();
    event.stopPropagation();
  };
  const stop = () => {
    closingClickAwaited = false;
    document.removeEventListener("click", swallow, true);
    document.removeEventListener("pointercancel", stop, true);
    clearTimeout(timer);
  };
  closingClickAwaited = true;
  const timer = setTimeout(stop, CLOSING_CLICK_MS);
  document.addEventListener("click", swallow, true);
  document.addEventListener("pointercancel", stop, true);
}
