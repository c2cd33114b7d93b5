import { Suspense, useSyncExternalStore } from "react";
import { lazyOptional } from "~/browser/lazy-import";
import { buttonClassName } from "~/components/ui/button";
import type { KeepRequest } from "~/lib/runtime/kept-units";

/*
 * "Keep for offline" on an arc, a season or a volume. Only where a service worker controls the page (it
 * does the keeping), and loaded then: none of the button's code is in the page's first load.
 */
const KeepButton = lazyOptional(
  () => import("./keep-button").then((module) => module.KeepButton),
  () => null,
);

function subscribe(listener: () => void) {
  if (!("serviceWorker" in navigator)) return () => {};
  navigator.serviceWorker.addEventListener("controllerchange", listener);
  return () => navigator.serviceWorker.removeEventListener("controllerchange", listener);
}

const controlled = () => "serviceWorker" in navigator && navigator.serviceWorker.controller !== null;

/** Whether a service worker controls the page (never on the server and before hydration). */
export function useOfflineKeeping() {
  return useSyncExternalStore(subscribe, controlled, () => false);
}

const noChange = () => () => {};
/** Whether this browser can have a service worker; the server cannot tell, and takes it that it can. */
const canKeep = () => "serviceWorker" in navigator;

/**
 * The button's place, kept until the button comes: on a first visit the service worker takes the page a
 * few seconds after it loads, and the button would then push the page down on a phone, where it wraps
 * below the title.
 */
function KeepPlace() {
  return (
    <span aria-hidden="true" className={buttonClassName("outline", "sm", "invisible")}>
      Keep for offline
    </span>
  );
}

/** `keep`: the unit, by the facts its page has (kept-units.ts `unitToKeep` makes the rest). */
export function KeepForOffline({ keep }: { keep: KeepRequest }) {
  const controlled = useOfflineKeeping();
  const keeping = useSyncExternalStore(noChange, canKeep, () => true);
  if (controlled)
    return (
      <Suspense fallback={<KeepPlace />}>
        <KeepButton keep={keep} />
      </Suspense>
    );
  return keeping ? <KeepPlace /> : null;
}
