import { missingPage, notAPage } from "~/lib/http/missing-filter";
import { type PageInfo, pageExists } from "~/lib/http/paging";
import { parsePageParam } from "~/lib/http/params";
import { notFound } from "./not-found.server";

/*
 * The one way a paged page reads its `?page=`: absent is the first page; anything but a page number is
 * the 404 that offers the first page; a page past the end of the list is the 404 that offers the first
 * and the last.
 */

/** The page the address asks for. */
export function requestedPage(url: URL): number {
  const page = parsePageParam(url.searchParams);
  if (page === null) notFound(notAPage(url));
  return page;
}

/** Answers the 404 when the page is past the end of its list. */
export function requireExistingPage(url: URL, paging: Pick<PageInfo, "page" | "pageCount">) {
  if (!pageExists(paging)) notFound(missingPage(url, paging.pageCount));
}
