import { type RefObject, useEffect } from "react";

/**
 * Closes an open <details> menu on Escape (focus goes back to its summary), on a click or tap outside it
 * and when focus moves out of it (Tab past its last control), as a menu is expected to. Without JavaScript the menu still opens and closes by its summary.
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
      if (details?.open && event.target instanceof Node && !details.contains(event.target)) details.open = false;
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
