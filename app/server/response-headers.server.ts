import { REVEAL_PARAMETER } from "~/lib/shield/knowledge";
import { READER_HEADER, readerHeaderValue } from "~/lib/runtime/offline-copies";
import { hasPersonalCookies, hasSessionCookie } from "./cookies.server";

/**
 * What every response carries, whatever made it: HTML, `.data`, JSON, the feed, a redirect or a refusal;
 * static files get the same through public/_headers.
 */
export const securityHeaders = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
} as const;

/**
 * Responses that are not pages load nothing and may not be framed (HTML gets its own policy with a
 * nonce). Static files get the same through public/_headers.
 */
export const resourcePolicy = "default-src 'none'; frame-ancestors 'none'; sandbox";

export const PRIVATE = "private, no-store";
/** Shared caches may keep what is the same for everyone briefly; browsers always revalidate. */
export const PUBLIC_DEFAULT = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

/**
 * The caching rule for every response. One that depends on the reader's cookies (the request carries a
 * session or a queued toast, or the response sets a cookie) is never shared-cacheable, whatever its
 * route asked for; neither is a failure. What is the same for everyone keeps the route's own policy,
 * or by default a short public one for a page or a not-found; anything else (redirects, which may depend
 * on being signed out, refusals) is not stored.
 */
export function cachePolicy({ personal, status, given }: { personal: boolean; status: number; given: string | null }) {
  if (personal || status >= 500) return PRIVATE;
  if (given) return given;
  return status === 200 || status === 404 ? PUBLIC_DEFAULT : "no-store";
}

/** Applies the caching rule and the security headers to `headers`, for a response to `request`. */
export function applyResponseHeaders(headers: Headers, request: Request, status: number) {
  for (const [name, value] of Object.entries(securityHeaders)) if (!headers.has(name)) headers.set(name, value);
  const type = headers.get("Content-Type") ?? "";
  if (!type.startsWith("text/html") && !headers.has("Content-Security-Policy"))
    headers.set("Content-Security-Policy", resourcePolicy);
  applyCachePolicy(headers, { personal: hasPersonalCookies(request), status });
  // For the service worker: whom the answer was made for, so a signed-in copy is never shown signed out.
  headers.set(READER_HEADER, readerHeaderValue(hasSessionCookie(request)));
  // An answer for a stated knowledge (?reveal=) holds gated text the page itself does not: never indexed.
  if (new URL(request.url).searchParams.has(REVEAL_PARAMETER)) headers.set("X-Robots-Tag", "noindex");
}

/** Sets Cache-Control by the rule; `personal` is whether the request carried the reader's cookies. */
export function applyCachePolicy(headers: Headers, { personal, status }: { personal: boolean; status: number }) {
  const policy = cachePolicy({
    personal: personal || headers.has("Set-Cookie"),
    status,
    given: headers.get("Cache-Control"),
  });
  headers.set("Cache-Control", policy);
  // A browser that signs in must not reuse the copy it got while signed out.
  if (policy.startsWith("public") && !/\bcookie\b/i.test(headers.get("Vary") ?? "")) headers.append("Vary", "Cookie");
}

/** The response with the caching rule and security headers applied (its own headers may be immutable). */
export function secureResponse(request: Request, response: Response) {
  const headers = new Headers(response.headers);
  applyResponseHeaders(headers, request, response.status);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
