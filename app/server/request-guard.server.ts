import { MAX_PATH_LENGTH, MAX_QUERY_LENGTH } from "~/lib/http/addresses";
import { PAGE_METHODS, takesNoForm } from "~/lib/http/status";
import { bodyLimitFor, hasReadableLength, readCappedBody } from "./body-limits.server";
import { hasSessionCookie, MAX_COOKIE_HEADER_LENGTH } from "./cookies.server";
import { crossSiteMessage, isSameOrigin } from "./origin.server";
import { methodNotAllowed, refusal } from "./refusal.server";

const allowedMethods = ["GET", "HEAD", "POST"];
/** The bodies the site's forms send; actions read them with request.formData(). */
const formTypes = ["application/x-www-form-urlencoded", "multipart/form-data"];
const notAForm = "Send the form as a form (application/x-www-form-urlencoded or multipart/form-data).";
/** React Router's route discovery (its default address, which react-router.config.ts keeps). */
const routeManifestPath = "/__manifest";

/** What the guard decided: a refusal to send as it is, or the request to hand to React Router. */
export type GuardOutcome = { refusal: Response } | { request: Request };

/**
 * Checks a request before React Router sees it, so requests no route should handle are refused with a
 * 4xx and a short message instead of failing inside an action (the framework's own origin check, or
 * request.formData() on a body that is not a form, would otherwise answer 400 without a word or 500).
 *
 * A POST body is read only where an action takes one (body-limits.server.ts), and never past that
 * route's limit: a declared Content-Length over it is refused unread, a body sent without one is read
 * until it passes the limit and refused there (413). Everywhere else, and for a signed-in-only action
 * when no session cookie came, the request goes on with an empty form instead of its body, so nothing
 * reads what was sent. An empty POST without a Content-Type (sign-out's fetch) is read as an empty form.
 * A Content-Length that is not one non-negative integer is refused (400) whatever the method, so no
 * limit is ever compared with a length that means nothing.
 */
export async function guardRequest(request: Request): Promise<GuardOutcome> {
  const url = new URL(request.url);
  if (url.pathname.length > MAX_PATH_LENGTH) {
    return {
      refusal: refusal(
        414,
        `This address is too long: addresses on this site are shorter than ${MAX_PATH_LENGTH.toLocaleString("en")} characters.`,
      ),
    };
  }
  if (url.search.length - 1 > MAX_QUERY_LENGTH) {
    return {
      refusal: refusal(
        414,
        `This address's query is too long: the part after "?" is at most ${MAX_QUERY_LENGTH.toLocaleString("en")} characters on this site.`,
      ),
    };
  }
  if ((request.headers.get("Cookie")?.length ?? 0) > MAX_COOKIE_HEADER_LENGTH) {
    return {
      refusal: refusal(431, "The cookies sent to this site are too large. Clear this site's cookies and reload."),
    };
  }
  if (!hasReadableLength(request)) {
    return {
      refusal: refusal(
        400,
        "The request's Content-Length is not a number of bytes. Send it again without it, or with the body's length.",
      ),
    };
  }
  const limit = bodyLimitFor(url.pathname);
  if (!allowedMethods.includes(request.method)) {
    // An address whose route has no action takes GET and HEAD only.
    const allow = limit ? allowedMethods : PAGE_METHODS;
    const message = limit ? "Pages answer GET; forms are sent with POST." : takesNoForm("This address");
    return { refusal: methodNotAllowed(allow, `${request.method} is not used here. ${message}`) };
  }
  // The browser always names the paths it needs; without them the framework answers "Invalid Request".
  if (url.pathname === routeManifestPath && !url.searchParams.has("paths")) {
    return {
      refusal: refusal(400, "The route manifest lists the routes of the paths given in ?paths=; none were given."),
    };
  }
  if (request.method !== "POST") return { request };
  if (!isSameOrigin(request)) return { refusal: refusal(403, crossSiteMessage) };

  if (!limit || (limit.signedIn && !hasSessionCookie(request)))
    return { request: withBody(request, new Uint8Array(0), formTypes[0]!) };

  const contentType = request.headers.get("Content-Type") ?? "";
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  const readsForm = limit.format === "form";
  if (readsForm && type && !formTypes.includes(type)) return { refusal: refusal(415, notAForm) };
  const body = await readCappedBody(request, limit.bytes);
  if (!body) {
    const what = readsForm ? "This form is" : "What was sent is";
    return {
      refusal: refusal(
        413,
        `${what} larger than the site takes here (at most ${limit.bytes / 1024} KB). Shorten it and send it again.`,
      ),
    };
  }
  // A JSON action checks the type and parses the body itself, once (the progress save).
  if (!readsForm) return { request: withBody(request, body, contentType) };
  if (!type) {
    if (body.byteLength > 0) return { refusal: refusal(415, notAForm) };
    return { request: withBody(request, body, formTypes[0]!) };
  }
  try {
    await new Response(body, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    return { refusal: refusal(400, "The form could not be read. Please send it again.") };
  }
  return { request: withBody(request, body, contentType) };
}

/** The request with this body in place of what was sent (already read, or never to be read). */
function withBody(request: Request, body: Uint8Array<ArrayBuffer>, contentType: string) {
  const headers = new Headers(request.headers);
  headers.set("Content-Type", contentType);
  headers.delete("Content-Length");
  return new Request(request.url, { method: request.method, headers, body, signal: request.signal });
}
