/** A whole, positive number from a URL (1–999999), or null for anything else. */
export function parsePositiveInt(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,5}$/.test(value)) return null;
  return Number(value);
}
