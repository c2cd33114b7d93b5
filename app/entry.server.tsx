import {
  type AppLoadContext,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
  isRouteErrorResponse,
  ServerRouter,
} from "react-router";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { NonceProvider } from "~/components/nonce-provider";
import { serverRenderedLazyReady } from "~/components/server-rendered-lazy";
import { setRoundTripsHeader } from "~/server/d1-round-trips.server";
import { applyDocumentHeaders } from "~/server/document-headers.server";
import { getPublicConfig } from "~/server/env.server";
import { PAGE_METHODS } from "~/lib/http/status";
import { hasPersonalCookies } from "~/server/cookies.server";
import { applyResponseHeaders } from "~/server/response-headers.server";

export const streamTimeout = 5_000;
/** The build id, for the Pages Function (which wrangler bundles without Vite's define) to key its edge cache by. */
export { BUILD_ID as buildId } from "~/lib/runtime/build-id";

function createNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = createNonce();
  // Parts the browser loads lazily (the error page) are rendered in the HTML at once, never a fallback.
  await serverRenderedLazyReady();
  let status = responseStatusCode;
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: request.signal,
      onError(error: unknown) {
        status = 500;
        if (!request.signal.aborted) console.error(error);
      },
    },
  );

  // Crawlers get the whole document at once; people get it streamed.
  if (isbot(request.headers.get("user-agent") ?? "")) await body.allReady;

  applyDocumentHeaders(responseHeaders, {
    config: getPublicConfig(loadContext.env),
    nonce,
    status,
    personal: hasPersonalCookies(request),
    development: import.meta.env.DEV,
  });
  setRoundTripsHeader(responseHeaders, loadContext.db);
  allowPageMethods(responseHeaders, status);
  return new Response(body, { headers: responseHeaders, status });
}

/**
 * Client navigations' `.data` responses: the security headers and caching rule of every response (the
 * Pages Function applies them again to all answers; here they also hold under `npm run dev` and in
 * whole-site tests), and the D1 count when it is switched on.
 */
export const handleDataRequest: HandleDataRequestFunction = (response, { request, context }) => {
  applyResponseHeaders(response.headers, request, response.status);
  setRoundTripsHeader(response.headers, context.db);
  allowPageMethods(response.headers, response.status);
  return response;
};

/**
 * A page answers 405 only to a form it does not take (its `refuseForm` action): the refusal's headers
 * stay behind when the error page is drawn from it, so say again what the page takes.
 */
function allowPageMethods(headers: Headers, status: number) {
  if (status === 405) headers.set("Allow", PAGE_METHODS.join(", "));
}

/**
 * What reaches the logs: failures, not a reader's request the site answered with a 4xx (React Router
 * reports a form sent to a page without one as an error of its own).
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  console.error(error);
};
