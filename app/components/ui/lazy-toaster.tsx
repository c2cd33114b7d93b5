import { lazy, Suspense } from "react";
import { loadToaster, useToasterWanted } from "./toast-store";

const Toaster = lazy(() => loadToaster().then((module) => ({ default: module.Toaster })));

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
