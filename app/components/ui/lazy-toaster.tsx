import { lazy, Suspense, useEffect, useState } from "react";
import { importWithRecovery } from "~/browser/lazy-import";
import { whenIdle } from "~/browser/when-idle";
import { useToasts } from "./toast-store";

const Toaster = lazy(() =>
  importWithRecovery(() => import("./toaster")).then((module) => ({ default: module.Toaster })),
);

/**
 * Loads the toast UI once the page is idle (or at the first toast), so it is not part of the
 * first-load JavaScript. Toasts queued before then wait in the store.
 */
export function LazyToaster() {
  const toasts = useToasts();
  const [idle, setIdle] = useState(false);

  useEffect(() => whenIdle(() => setIdle(true), 2000), []);

  if (!idle && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
