import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { startAnalytics, trackPage } from "~/browser/analytics.client";
import { watchForNewVersion } from "~/browser/new-version.client";
import { toast } from "~/components/ui/toast-store";
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
export function BrowserRuntime({ config }: { config: PublicConfig | undefined }) {
  const { pathname } = useLocation();
  const [failure, setFailure] = useState<Error | null>(null);
  if (failure) throw failure;

  useEffect(() => {
    trackPage(pathname);
  }, [pathname]);

  const analytics = config?.analytics ?? null;
  useEffect(() => whenIdle(() => startAnalytics(analytics).catch((error: Error) => setFailure(error))), [analytics]);

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
