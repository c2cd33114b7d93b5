/**
 * Shows a path as a reader typed it: percent-escapes decoded where they form valid text. A module of
 * its own, so the pages that name a path in their title carry it without the status texts.
 */
export function displayPath(pathname: string) {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** The id an address's hash names (`#entry-12` → `entry-12`), decoded as the browser reads it; null for none. */
export function hashId(hash: string): string | null {
  return displayPath(hash.replace(/^#/, "")) || null;
}
