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
    const stopListening = listenForClosingClicks();
    return () => {
      stopListening();
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [ref]);
}

/** Until when the click of the tap that closed a menu is awaited (0: none is). */
let closingClickUntil = 0;

/**
 * The click of the tap that closed a menu is taken before anything under it sees it. A gesture that
 * ends in no click (a scroll: `pointercancel`), a click that never comes, or one from the keyboard
 * (Enter on a link: no pointer, `detail` 0) leaves it and the next ones alone.
 */
function swallowClosingClick() {
  closingClickUntil = Date.now() + CLOSING_CLICK_MS;
}

function takeClosingClick(event: MouseEvent) {
  if (!closingClickUntil) return;
  const awaited = Date.now() <= closingClickUntil;
  closingClickUntil = 0;
  if (!awaited || event.detail === 0) return;
  event.preventDefault();
  event.stopImmediatePropagation();
}

const noClosingClick = () => {
  closingClickUntil = 0;
};

/** How many menus are mounted: the listeners below are there while one is. */
let menusMounted = 0;

/**
 * Listens for the closing click on `window` in the capture phase, from the first menu's mount: the
 * header's menu mounts with the page, before any other listener of clicks (the offline links, the
 * site's own links), so the click it takes reaches none of them.
 */
function listenForClosingClicks() {
  if (menusMounted++ === 0) {
    window.addEventListener("click", takeClosingClick, true);
    window.addEventListener("pointercancel", noClosingClick, true);
  }
  return () => {
    if (--menusMounted > 0) return;
    window.removeEventListener("click", takeClosingClick, true);
    window.removeEventListener("pointercancel", noClosingClick, true);
  };
}
