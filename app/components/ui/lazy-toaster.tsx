import { Suspense, useEffect, useRef } from "react";
import { lazyOptional } from "~/browser/lazy-import";
import { loadToaster, useToasterWanted } from "./toast-store";

/** The region's name, as the toast UI's own viewport says it (its F8 hotkey, toaster.tsx). */
const NAME = "Notifications (F8)";

/**
 * The notifications region from the first paint, empty, as assistive technology expects to find it
 * (F8 moves to it), while the toast UI is not loaded: it takes this place at the first toast.
 */
function EmptyNotifications() {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8") list.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return (
    <section aria-label={NAME} tabIndex={-1} className="pointer-events-none">
      <ol ref={list} tabIndex={-1} className="notifications-list" />
    </section>
  );
}

// Toasts only confirm what already happened: without their code, the page goes on without them.
const Toaster = lazyOptional(() => loadToaster().then((module) => module.Toaster), EmptyNotifications);

/**
 * Renders the toast UI from the first toast on (loaded then, see loadToaster), so it is not part of
 * any page's first-load JavaScript; until then, the empty region.
 */
export function LazyToaster() {
  if (!useToasterWanted()) return <EmptyNotifications />;
  return (
    <Suspense fallback={<EmptyNotifications />}>
      <Toaster />
    </Suspense>
  );
}
