/**
 * Limits on the addresses the site answers, shared by the request's edges and the root layout. Both keep
 * a request's cost in step with its size: a path is read a fixed number of times, never once per prefix.
 */

/** The longest path (as sent, percent-escapes included) the site reads; a longer one answers 414. */
export const MAX_PATH_LENGTH = 2048;

/**
 * The longest query string (after `?`, as sent) the site reads; a longer one answers 414. Pages keep
 * their query in the links they draw (filters, pagination), so an unbounded one would come back many
 * times over in the page; the longest a reader's link needs (a search of 100 characters, a kind, a
 * page, the framework's `_routes`) is a few hundred.
 */
export const MAX_QUERY_LENGTH = 2048;

/**
 * The most segments a page's address has (`/translation_meta/ln_mistls/{slug}`; resource routes such as
 * the API's `/api/v1/units/{key}` render no layout and may go deeper);
 * tests/workers/request-edges.test.ts holds it to app/routes.ts.
 */
export const MAX_PAGE_DEPTH = 3;

/** How many segments a path has (`/a//b/` has two), as route matching counts them. */
export function pathDepth(pathname: string) {
  let depth = 0;
  for (let index = 0; index < pathname.length; index++) {
    if (pathname[index] !== "/" && (index === 0 || pathname[index - 1] === "/")) depth++;
  }
  return depth;
}

/**
 * Whether no page of the site can have this address, only the not-found page. Such a page is sent
 * without the app's scripts: it needs none (its links are plain links), and the framework's inline
 * route list would match every prefix of the path, a cost that grows with the square of its depth.
 */
export function isDeeperThanEveryPage(pathname: string) {
  return pathDepth(pathname) > MAX_PAGE_DEPTH;
}
