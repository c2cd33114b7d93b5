import { isApiAddress } from "~/lib/api/contract";
import { MAX_PATH_LENGTH } from "~/lib/http/addresses";
import { serveApi } from "./api.server";
import { conditionally } from "./conditional-get.server";
import { refusal } from "./refusal.server";
import { guardRequest } from "./request-guard.server";
import { secureResponse } from "./response-headers.server";

/**
 * The request's edges, once for every kind of response: a request no route should see is refused with
 * a 4xx before React Router runs (`handle` is not called); otherwise `handle` gets the request as the
 * guard hands it on (a POST's body read within its route's limit, or left out). Every answer (page,
 * `.data`, JSON, feed, redirect, error, refusal) leaves with the security headers and the caching rule,
 * and an answer with an ETag the client already has leaves as a 304 (./conditional-get.server).
 * The site's one request handler (serve-site.ts) serves every request through it, in the Pages
 * Function, `npm run dev` and the whole-site tests. The API (/api/…) has edges of its own
 * (`serveApi`): JSON errors, CORS, ETags.
 */
export async function serveAtTheEdge(
  request: Request,
  handle: (request: Request) => Promise<Response>,
): Promise<Response> {
  const answer = answering(handle);
  const url = new URL(request.url);
  const canonical = canonicalPath(url.pathname);
  // One address per page: "/web_novel/" and "//web_novel" are sent to "/web_novel" (its query kept), so
  // neither is a page of its own nor a copy of its own in the edge cache. A form's POST is served where it
  // went; an address too long for the site is refused as such (the guard's 414). The API is left to its own
  // edges: another site's page following a redirect without CORS headers would be refused.
  if (
    canonical !== url.pathname &&
    (request.method === "GET" || request.method === "HEAD") &&
    url.pathname.length <= MAX_PATH_LENGTH &&
    !isApiAddress(url.pathname)
  )
    return secureResponse(
      request,
      new Response(null, {
        status: 301,
        headers: { Location: `${canonical}${url.search}`, "Cache-Control": "public, max-age=3600" },
      }),
    );
  if (isApiAddress(url.pathname)) return secureResponse(request, await serveApi(request, answer));
  const outcome = await guardRequest(request);
  return secureResponse(
    request,
    "refusal" in outcome ? outcome.refusal : conditionally(request, await answer(outcome.request)),
  );
}

/**
 * `handle`, with what it throws (React Router answers its own errors; this is what fails before it,
 * such as a configuration the load context refuses) logged and answered with a plain 500, so the
 * answer still leaves with the security headers and never stored.
 */
function answering(handle: (request: Request) => Promise<Response>) {
  return async (request: Request) => {
    try {
      return await handle(request);
    } catch (error) {
      console.error("The site could not answer", request.method, new URL(request.url).pathname, error);
      return refusal(500, "The site cannot answer right now. Please try again in a moment.", {
        "Cache-Control": "no-store",
      });
    }
  };
}

/** A path as the site's own links write it: no empty segment ("//"), no trailing slash but the home page's. */
export function canonicalPath(pathname: string) {
  const collapsed = pathname.replace(/\/{2,}/g, "/");
  return collapsed.length > 1 && collapsed.endsWith("/") ? collapsed.slice(0, -1) : collapsed;
}
