import { missingPage, notAPage } from "~/lib/http/missing-filter";
import { type PageInfo, pageExists } from "~/lib/http/paging";
import { parsePageParam } from "~/lib/http/params";
import { notFound } from "./not-found.server";

/*
 * The one way a paged page reads its `?page=`: absent is the first page; anything but a page number is
 * the 404 that offers the first page; a page past the end of the list is the 404 that offers the first
 * and the last, but after a change that shortened the list (`pageAfterChange`).
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

/**
 * Where a change that may take items from the list at `url` (a moderator's decision, a writer's delete)
 * comes back to: the same page with the same filters, or, when that page is past the end now, the last
 * page there is (the first, unnumbered, when the list fits one or is empty), rather than the 404 of a
 * page past the end.
 */
export function pageAfterChange(url: URL, pageCount: number) {
  const params = new URLSearchParams(url.search);
  const page = parsePageParam(params);
  if (page !== null && page > pageCount) {
    if (pageCount > 1) params.set("page", String(pageCount));
    else params.delete("page");
  }
  const search = params.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}
