import { useNavigation } from "react-router";
import { Suspense, useState } from "react";
import { lazyOptional, optionalPart } from "~/browser/lazy-import";

const loadIndicators = optionalPart(() => import("./navigation-indicators"));
// Without its indicators a navigation still happens: nothing to show instead.
const NavigationIndicators = lazyOptional(
  () => loadIndicators().then((module) => module.NavigationIndicators),
  () => null,
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
