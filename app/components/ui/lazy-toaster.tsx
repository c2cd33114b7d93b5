import { Suspense } from "react";
import { lazyOptional } from "~/browser/lazy-import";
import { loadToaster, useToasterWanted } from "./toast-store";

// Toasts only confirm what already happened: without their code, the page goes on without them.
const Toaster = lazyOptional(
  () => loadToaster().then((module) => module.Toaster),
  () => null,
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
