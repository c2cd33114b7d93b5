/**
 * A path on this site to return to after signing in, or the fallback. Anything that could leave the
 * site (an absolute URL, //host, a backslash form, control characters) is refused.
 */
export function safeRedirect(value: unknown, fallback = "/") {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value) || value.length > 2000) return fallback;
  try {
    const url = new URL(value, "https://site.invalid");
    return url.origin === "https://site.invalid" ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
}
