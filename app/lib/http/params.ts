import { wholeNumberPattern } from "../content/units";

/** A whole, positive number from a URL, written as in unit keys (1–999999, no leading zeros), or null. */
export function parsePositiveInt(value: string | null | undefined): number | null {
  return value && wholeNumberPattern.test(value) ? Number(value) : null;
}

/**
 * An optional number that picks what a page shows, such as `?arc=` or `?season=`: undefined when absent
 * (the page shows its first), null when it is not a whole number (the page answers 404).
 */
export function parseOptionalNumber(params: URLSearchParams, name: string): number | null | undefined {
  const value = params.get(name);
  return value === null ? undefined : parsePositiveInt(value);
}

/** The `?page=` of a paged list: 1 when absent, null (a 404) when it is not a page number. */
export function parsePageParam(params: URLSearchParams): number | null {
  const value = params.get("page");
  return value === null ? 1 : parsePositiveInt(value);
}

/**
 * An enumerated parameter (`?medium=`, `?kind=`, `?status=`): the value when it is one of `values`, else
 * null; each page decides whether a value it does not know is no filter or the 404 that names it.
 */
export function oneOf<T extends string>(values: readonly T[], value: string | null | undefined): T | null {
  return values.find((each) => each === value) ?? null;
}
