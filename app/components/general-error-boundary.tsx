import { memo, Suspense } from "react";
import { lazyRenderedOnServer } from "./server-rendered-lazy";
import { TryAgain } from "./try-again";

const load = () => import("./error-page");

/** While a client navigation's error page loads (the server's HTML never shows it: it renders the page at once). */
const loading = <p className="mx-auto max-w-2xl py-16 text-muted-foreground">Loading…</p>;

/** What shows if the error page's own code cannot be loaded (offline, or a new deployment replaced it). */
function Unloaded() {
  return (
    <div className="mx-auto max-w-2xl space-y-4 py-16">
      <p className="text-muted-foreground">Part of the site could not be loaded. Check your connection.</p>
      <TryAgain />
    </div>
  );
}

const RouteErrorPage = lazyRenderedOnServer(load, (module) => module.RouteErrorPage, Unloaded);
const LazyNotFound = lazyRenderedOnServer(load, (module) => module.NotFound, Unloaded);

/**
 * The one error boundary: the root uses it and so does every route, so an error deep in a page
 * leaves the header and navigation working. The error page's code (app/components/error-page.tsx)
 * is loaded only by a page that shows it; the server renders it in the HTML as any page.
 */
export function GeneralErrorBoundary() {
  return (
    <Suspense fallback={loading}>
      <RouteErrorPage />
    </Suspense>
  );
}

/**
 * The not-found page, for a page that finds nothing to show without erroring. It renders again only
 * when its address changes: while the page hydrates, its code may still be on its way, and an update
 * reaching it then (the page re-rendering as the reader's shield becomes known) would make React drop
 * the server's HTML for the "Loading…" fallback.
 */
export const NotFound = memo(function NotFound({ pathname }: { pathname: string }) {
  return (
    <Suspense fallback={loading}>
      <LazyNotFound pathname={pathname} />
    </Suspense>
  );
});
