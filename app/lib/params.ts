import { wholeNumberPattern } from "./content/units";

/** A whole, positive number from a URL, written as in unit keys (1–999999, no leading zeros), or null. */
export function parsePositiveInt(value: string | null | undefined): number | null {
  return value && wholeNumberPattern.test(value) ? Number(value) : null;
}

/** The `?page=` of a paged list: 1 when absent, null (a 404) when it is not a page number. */
export function parsePageParam(params: URLSearchParams): number | null {
  const value = params.get("page");
  return value === null ? 1 : parsePositiveInt(value);
}
