export type PageEvent = { event: "$pageview" | "$pageleave"; path: string };

/**
 * DESIGN §5: after every route change, a $pageleave for the previous path and a $pageview for the
 * current one; the first page gets only its $pageview. Same-path changes (query or hash) are not
 * route changes.
 */
export function createPageTracker(send: (event: PageEvent) => void) {
  let previous: string | null = null;
  return (path: string) => {
    if (path === previous) return;
    if (previous !== null) send({ event: "$pageleave", path: previous });
    send({ event: "$pageview", path });
    previous = path;
  };
}
