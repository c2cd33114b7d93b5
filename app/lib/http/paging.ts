/**
 * Paged lists: a page of a list that can grow with the story, its place in the whole and the words
 * that say so. Models read one page with LIMIT/OFFSET and the list's total in the same round trip.
 */
import { formatNumber } from "../format";
import { type Noun, nounFor } from "../words";

export interface PageInfo {
  page: number;
  perPage: number;
  total: number;
  pageCount: number;
}

/** Where a page starts in the list. */
export function pageOffset(page: number, perPage: number) {
  return (page - 1) * perPage;
}

/** How many pages a list of `total` items takes; an empty list still has its one (empty) page. */
export function pageCountOf(total: number, perPage: number) {
  return Math.max(1, Math.ceil(total / perPage));
}

/** A page's place in a list of `total` items. */
export function pageInfo(page: number, perPage: number, total: number): PageInfo {
  return { page, perPage, total, pageCount: pageCountOf(total, perPage) };
}

/** Whether the page exists: a page past the end is a 404, not an empty page. */
export function pageExists({ page, pageCount }: Pick<PageInfo, "page" | "pageCount">) {
  return page <= pageCount;
}

/** "Showing 51–100 of 812", or "812" alone when everything fits on one page. */
export function showingRange({ page, perPage, total }: PageInfo, noun: Noun) {
  const what = nounFor(total, noun);
  if (total <= perPage) return `${formatNumber(total)} ${what}`;
  const first = pageOffset(page, perPage) + 1;
  const last = Math.min(total, page * perPage);
  return `Showing ${formatNumber(first)}–${formatNumber(last)} of ${formatNumber(total)} ${what}`;
}
