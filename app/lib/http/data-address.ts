/*
 * Where React Router asks for a page's data (single fetch), in one place: a follow-up asks there
 * (app/browser/follow-up.ts), and a kept page is kept there (app/lib/runtime/kept-units.ts), so a page
 * opened offline finds what was kept for it.
 */

/**
 * The address of a page's data as React Router asks for it (single fetch): `/path.data?…`, `/_root.data`
 * for the home page; with `routeId`, only that route's (`&_routes=`), as a follow-up asks
 * (app/browser/follow-up.ts). `query` replaces the page's own.
 */
export function dataAddress(
  page: string,
  origin: string,
  { routeId, query }: { routeId?: string; query?: URLSearchParams } = {},
) {
  const url = new URL(page, origin);
  url.hash = "";
  url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname.replace(/\/$/, "")}.data`;
  if (query) url.search = query.toString();
  if (routeId) url.searchParams.set("_routes", routeId);
  return url.href;
}
