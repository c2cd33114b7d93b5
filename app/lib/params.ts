import { wholeNumberPattern } from "./content/units";

/** A whole, positive number from a URL, written as in unit keys (1–999999, no leading zeros), or null. */
export function parsePositiveInt(value: string | null | undefined): number | null {
  return value && wholeNumberPattern.test(value) ? Number(value) : null;
}
