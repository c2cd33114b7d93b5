import { Suspense, useSyncExternalStore } from "react";
import { lazyOptional } from "~/browser/lazy-import";
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

/** `keep`: the unit, by the facts its page has (kept-units.ts `unitToKeep` makes the rest). */
export function KeepForOffline({ keep }: { keep: KeepRequest }) {
  return useOfflineKeeping() ? (
    <Suspense fallback={null}>
      <KeepButton keep={keep} />
    </Suspense>
  ) : null;
}
