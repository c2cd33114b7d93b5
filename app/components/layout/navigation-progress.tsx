import { useNavigation } from "react-router";
import { type ComponentType, lazy, Suspense, useState } from "react";
import { optionalPart } from "~/browser/lazy-import";

const loadIndicators = optionalPart(() => import("./navigation-indicators"));
const NavigationIndicators = lazy<ComponentType<{ busy: boolean }>>(() =>
  loadIndicators().then(
    (module) => ({ default: module.NavigationIndicators }),
    // Without its indicators a navigation still happens: nothing to show instead.
    () => ({ default: () => null }),
  ),
);

/**
 * Client-side only: the server never renders either indicator, so first paint always shows the
 * server-rendered page. Their code loads when the first client navigation starts (a bar shows only
 * after 150 ms anyway), so a page nobody leaves in place never loads it.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.formMethod === undefined;
  const [started, setStarted] = useState(false);
  if (busy && !started) setStarted(true);
  return started ? (
    <Suspense fallback={null}>
      <NavigationIndicators busy={busy} />
    </Suspense>
  ) : null;
}
