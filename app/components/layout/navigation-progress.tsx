import { useNavigation } from "react-router";
import { Suspense, useState } from "react";
import { useFailedNavigation } from "~/browser/failed-navigation";
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
 * after 150 ms anyway), so a page nobody leaves in place never loads it. A navigation held after it
 * failed (failed-navigation.ts) is not shown as loading: the follow-up notice says what became of it; a
 * tap waiting for its page's code on an unsure connection is.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const { held, checking } = useFailedNavigation();
  const busy = (navigation.state === "loading" && navigation.formMethod === undefined && !held) || checking;
  const [started, setStarted] = useState(false);
  if (busy && !started) setStarted(true);
  return started ? (
    <Suspense fallback={null}>
      <NavigationIndicators busy={busy} />
    </Suspense>
  ) : null;
}
