import { type ComponentType, lazy, Suspense } from "react";
import { loadToaster, useToasterWanted } from "./toast-store";

const Toaster = lazy<ComponentType>(() =>
  loadToaster().then(
    (module) => ({ default: module.Toaster }),
    // Toasts only confirm what already happened: without their code, the page goes on without them.
    () => ({ default: () => null }),
  ),
);

/**
 * Renders the toast UI from the first toast on (loaded then, see loadToaster), so it is not part of
 * any page's first-load JavaScript.
 */
export function LazyToaster() {
  if (!useToasterWanted()) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
