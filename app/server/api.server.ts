import type { AppLoadContext } from "react-router";
import {
  API_CACHE_CONTROL,
  API_METHODS,
  API_RATE_LIMIT_POLICY,
  apiError,
  type ApiErrorBody,
  type ApiErrorCode,
  type QuerySpec,
  type QueryOutcome,
  readQuery,
} from "~/lib/api/contract";
import { errorOf } from "~/lib/http/error-body";
import { statusText } from "~/lib/http/status";
import { noKnowledge, type Knowledge, REVEAL_PARAMETER } from "~/lib/shield/knowledge";
import { conditionally, entityTag } from "./conditional-get.server";
import { thrownErrorPage } from "./refusal.server";
import { guardRequest } from "./request-guard.server";
import { takeRateLimit } from "~/models/rate-limits.server";

/*
 * The API's side of the request's edges (decision 24): every answer under /api/v1 is JSON, with CORS
 * for any origin, an ETag and a 304 for a matching If-None-Match, and the one error body, whatever
 * made it (a route, the request guard, the framework). Endpoints answer through `answerApi`.
 */

const JSON_TYPE = "application/json; charset=utf-8";
/** What a client on another origin may read besides the simple headers. */
const EXPOSED_HEADERS = "ETag, Retry-After, RateLimit-Policy, X-Edge-Cache";

export function apiErrorResponse(body: ApiErrorBody, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status: body.error.status,
    statusText: statusText(body.error.status),
    headers: { "Content-Type": JSON_TYPE, "Cache-Control": "no-store", ...headers },
  });
}

/** A successful answer: JSON the same for everyone who asks the same URL, cacheable, tagged. */
export async function apiJson(value: unknown, cacheControl = API_CACHE_CONTROL) {
  const body = JSON.stringify(value);
  return new Response(body, {
    headers: { "Content-Type": JSON_TYPE, "Cache-Control": cacheControl, ETag: await entityTag(body) },
  });
}

/** The client a rate limit counts: its address, an IPv6 address by its /64 network (one subscriber). */
export function clientOf(request: Request) {
  // Cloudflare sets the header; elsewhere (a local run) it is the caller's, so it is held to an address's length.
  const address = request.headers.get("CF-Connecting-IP")?.trim().toLowerCase().slice(0, 45) || "unknown";
  if (!address.includes(":")) return `ip:${address}`;
  // An IPv4 address written as IPv6 (::ffff:203.0.113.5) is that IPv4 client.
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return `ip:${mapped[1]}`;
  const [head = "", tail = ""] = address.split("::");
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill("0"), ...back]
    : front;
  return `ip:${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** What an endpoint reads with: the database, the query and the knowledge. */
export interface ApiRead<S extends QuerySpec> {
  db: D1Database;
  query: Extract<QueryOutcome<S>, { ok: true }>["values"];
  knowledge: Knowledge;
}

/**
 * An endpoint's answer: the query read strictly (400 naming the parameter), then the client's use of
 * its limit (429 when it is over, before anything is read), then `read` over the database: 404 when
 * it found nothing (`missing` says what), 503 if D1 failed, else the JSON.
 */
export async function answerApi<S extends QuerySpec>(
  { request, context }: { request: Request; context: AppLoadContext },
  spec: S,
  read: (with_: ApiRead<S>) => Promise<unknown>,
  missing = "Nothing is at this address.",
  /** How long its answers may be kept, when not the API's usual time (a discussion changes within seconds). */
  cacheControl = API_CACHE_CONTROL,
) {
  const query = readQuery(new URL(request.url).searchParams, spec);
  if (!query.ok) return apiErrorResponse(query.error);
  const knowledge = (query.values as Record<string, unknown>)[REVEAL_PARAMETER] as Knowledge | undefined;
  let found: unknown;
  try {
    const verdict = await takeRateLimit(context.db, { client: clientOf(request), action: "api" });
    if (!verdict.ok) {
      const per = verdict.limit === "minute" ? "a minute" : "a day";
      return apiErrorResponse(
        apiError(
          429,
          "rate_limited",
          `This client has made too many requests (the API answers each client a limited number of times ${per}). Try again in ${verdict.retryAfterSeconds} seconds.`,
        ),
        { "Retry-After": String(verdict.retryAfterSeconds) },
      );
    }
    found = await read({ db: context.db, query: query.values, knowledge: knowledge ?? noKnowledge });
  } catch (error) {
    // What a dependency's guard throws for an error page (D1's 503) answered in the API's error body.
    const page = thrownErrorPage(error);
    if (!page) throw error;
    return apiErrorResponse(
      apiError(page.status, codeFor(page.status), page.message),
      page.status === 503 ? { "Retry-After": "30" } : {},
    );
  }
  if (found === null || found === undefined) return apiErrorResponse(apiError(404, "not_found", missing));
  return apiJson(found, cacheControl);
}

/** The code an error status has when something other than an endpoint answered it. */
function codeFor(status: number): ApiErrorCode {
  if (status === 404) return "not_found";
  if (status === 405) return "method_not_allowed";
  if (status === 413 || status === 414 || status === 431) return "request_too_large";
  if (status === 429) return "rate_limited";
  if (status === 503) return "unavailable";
  if (status >= 500) return "internal_error";
  return "bad_request";
}

/**
 * Any other error answer (the site's one error body from the guard, the framework's text) in the API's
 * error body: the same shape, with the status, a code and (for a parameter) its name.
 */
async function asApiError(response: Response) {
  let message =
    response.status >= 500 ? "Something went wrong on our side. Please try again later." : statusText(response.status);
  try {
    const error = errorOf(await response.clone().json());
    if (error && "code" in error) return response;
    if (error && response.status < 500) message = error.message;
  } catch {
    // Not JSON: the status's own words.
  }
  const headers: Record<string, string> = {};
  for (const name of ["Allow", "Retry-After"]) {
    const value = response.headers.get(name);
    if (value) headers[name] = value;
  }
  return apiErrorResponse(apiError(response.status, codeFor(response.status), message), headers);
}

/** What every API answer says: any origin may read it, and the client's limits (the same for everyone, so cacheable). */
function withApiHeaders(response: Response) {
  const headers = new Headers(response.headers);
  headers.set("Access-Control-Allow-Origin", "*");
  headers.set("RateLimit-Policy", API_RATE_LIMIT_POLICY);
  headers.set("Access-Control-Expose-Headers", EXPOSED_HEADERS);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Serves a request under /api/: a CORS preflight, a method the API does not take (405 with Allow), the
 * guard's refusals and any error in the API's error body, and the answer from `handle` (the edge cache,
 * then React Router) as it is or, when the client already has it, as a 304.
 */
export async function serveApi(request: Request, handle: (request: Request) => Promise<Response>): Promise<Response> {
  const allow = API_METHODS.join(", ");
  if (request.method === "OPTIONS") {
    return new Response(null, {
      status: 204,
      headers: {
        "Access-Control-Allow-Origin": "*",
        "Access-Control-Allow-Methods": allow,
        "Access-Control-Allow-Headers": "If-None-Match",
        "Access-Control-Max-Age": "86400",
        Allow: allow,
        "Cache-Control": "public, max-age=86400",
      },
    });
  }
  if (request.method !== "GET" && request.method !== "HEAD") {
    return withApiHeaders(
      apiErrorResponse(
        apiError(
          405,
          "method_not_allowed",
          `The API is read-only: it answers ${API_METHODS.join(", ")}, not ${request.method}.`,
        ),
        { Allow: allow },
      ),
    );
  }
  // React Router reads these itself and hands the loader the address without them; the API takes neither.
  const frameworkOwn = [...new URL(request.url).searchParams.keys()].find(
    (name) => name === "_routes" || name === "index",
  );
  if (frameworkOwn !== undefined) {
    return withApiHeaders(
      apiErrorResponse(
        apiError(400, "unknown_parameter", `The API takes no parameter \`${frameworkOwn}\`.`, frameworkOwn),
      ),
    );
  }
  const outcome = await guardRequest(request);
  let response = "refusal" in outcome ? outcome.refusal : await handle(outcome.request);
  if (response.status >= 400 || !(response.headers.get("Content-Type") ?? "").startsWith("application/json")) {
    response = response.ok
      ? apiErrorResponse(apiError(404, "not_found", "Nothing is at this address."))
      : await asApiError(response);
  }
  response = conditionally(request, response);
  if (response.status !== 304 && request.method === "HEAD") {
    response = new Response(null, response);
  }
  return withApiHeaders(response);
}
