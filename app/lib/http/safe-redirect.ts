/** A stand-in origin: only whether a target stays on it matters, not which site it is. */
const site = "https://site.invalid";
const MAX_TARGET_LENGTH = 2000;

/** The path, query and fragment a browser follows for `target` from `from`, or null when it leaves the site. */
function followed(target: string, from: string) {
  try {
    const url = new URL(target, from);
    return url.origin === site ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/**
 * The one check for every redirect to a user-supplied path (sign-in's `redirectTo`, sign-out's): a path
 * on this site, or the fallback. It judges the URL after the browser's normalisation (dot segments,
 * their %2e forms, backslashes and tabs that browsers read as slashes), so "/..//evil.example", which
 * normalises to the other host "//evil.example", is refused as well as absolute URLs, "//host",
 * backslash forms and control characters.
 */
export function safeRedirect(value: unknown, fallback = "/") {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > MAX_TARGET_LENGTH) return fallback;
  // C0 and C1 controls (browsers drop tabs and newlines inside URLs) and backslashes (read as "/").
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(value)) return fallback;
  const target = followed(value, `${site}/`);
  // After normalisation the target must still be path-absolute, and following it again from any page
  // of the site must land on the same place: then what was checked is what the browser follows.
  if (!target || !target.startsWith("/") || target.startsWith("//")) return fallback;
  return followed(target, `${site}/a/b/`) === target ? target : fallback;
}
