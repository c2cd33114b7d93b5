import { useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { identifyReader, resetAnalytics, startAnalytics, trackPage } from "~/browser/analytics.client";
import { watchSession } from "~/browser/firebase-auth.client";
import { watchForNewVersion } from "~/browser/new-version.client";
import { toast } from "~/components/ui/toast-store";
import { useShield } from "~/lib/spoiler-shield";
import type { PublicConfig } from "~/server/env.server";

/** Runs fn once the browser is idle after hydration, so none of this competes with first paint. */
function whenIdle(fn: () => void) {
  if ("requestIdleCallback" in window) {
    const handle = window.requestIdleCallback(fn, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(fn, 500);
  return () => clearTimeout(timer);
}

/**
 * What runs in the browser after hydration: page-view analytics, the new-deployment check and
 * chunk-failure recovery. Renders nothing; a chunk that cannot be recovered becomes the general
 * error page (by throwing to the root error boundary).
 */
export function BrowserRuntime({ config, uid }: { config: PublicConfig | undefined; uid: string | null }) {
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  const [failure, setFailure] = useState<Error | null>(null);
  if (failure) throw failure;

  useEffect(() => {
    trackPage(pathname);
  }, [pathname]);

  // The server renders shielded items as short placeholders; once the shield knows the reader's
  // progress, revealed items grow, so a permalink's target is brought back into view.
  const shieldReady = useShield() !== null;
  useEffect(() => {
    if (!shieldReady || !window.location.hash) return;
    const frame = requestAnimationFrame(() => {
      document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView();
    });
    return () => cancelAnimationFrame(frame);
  }, [shieldReady]);

  const analytics = config?.analytics ?? null;
  useEffect(() => whenIdle(() => startAnalytics(analytics).catch((error: Error) => setFailure(error))), [analytics]);

  // A signed-in reader: analytics knows the account id, and the session is kept fresh.
  const firebase = config?.firebase;
  useEffect(() => {
    if (!uid || !firebase) {
      resetAnalytics();
      return;
    }
    identifyReader(uid);
    let stop: (() => void) | undefined;
    let cancelled = false;
    watchSession(firebase, uid, () => revalidator.revalidate())
      .then((unsubscribe) => (cancelled ? unsubscribe() : (stop = unsubscribe)))
      .catch((error: Error) => setFailure(error));
    return () => {
      cancelled = true;
      stop?.();
    };
    // The revalidator changes identity on every navigation; the watch depends on the reader only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uid, firebase?.projectId, firebase?.emulatorHost, firebase?.apiKey]);

  const buildId = config?.buildId;
  useEffect(() => {
    if (!buildId) return;
    return watchForNewVersion(buildId, () =>
      toast({
        title: "A new version is available",
        description: "Reload to get the latest version of the site.",
        duration: Infinity,
        action: { label: "Reload", altText: "Reload the page to get the new version", onClick: () => window.location.reload() },
      }),
    );
  }, [buildId]);

  return null;
}
