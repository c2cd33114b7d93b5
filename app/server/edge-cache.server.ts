import { hasPersonalCookies } from "./cookies.server";
import { ROUND_TRIPS_HEADER, TIMING_HEADER } from "./d1-round-trips.server";

/**
 * Edge caching for signed-out readers (decision 16). Pages and `.data` answers that are the same for
 * everyone are kept in the data centre's cache (`caches.default`) and served from there without running
 * React Router or touching D1. The cache key carries the build id and the content version, so a new
 * deployment or a content import starts from fresh keys instead of waiting for old copies to expire.
 *
 * Rules, each with a workerd test (tests/workers/edge-cache.test.ts):
 * - only GET requests without the site's personal cookies (a session or a queued toast) are looked up;
 * - only 200 answers whose Cache-Control is `public` (and not `private`/`no-store`) and that set no
 *   cookie are stored, for as long as their own `s-maxage` says, before the first answer leaves, so
 *   the next request for the same URL, however soon, is a hit;
 * - a copy served from the cache gets a fresh CSP nonce, so a nonce never repeats across readers;
 * - every answer says what happened in `X-Edge-Cache`: HIT, MISS or BYPASS.
 */

export const EDGE_CACHE_HEADER = "X-Edge-Cache";

/**
 * The KV key (in the REDIRECTS namespace) the content importer writes the content version to. It has
 * no leading slash, so it can never be a redirect source.
 */
export const CONTENT_VERSION_KEY = "content-version";

/** The version of pages built before any import wrote one. */
const NO_CONTENT_VERSION = "none";
/** KV keeps the version at the edge this long (the minimum Cloudflare allows). */
const VERSION_KV_TTL_SECONDS = 30;
/** And each isolate remembers it this long, so most requests read no KV at all. */
const VERSION_MEMO_MS = 10_000;

let versionMemo: { value: string; expires: number } | null = null;

/** Test hook: forget the remembered content version. */
export function clearContentVersionMemo() {
  versionMemo = null;
}

/** The content version, or null when KV cannot say (then nothing is cached). */
async function contentVersion(kv: KVNamespace, now: number): Promise<string | null> {
  if (versionMemo && versionMemo.expires > now) return versionMemo.value;
  try {
    const value =
      (await kv.get(CONTENT_VERSION_KEY, { type: "text", cacheTtl: VERSION_KV_TTL_SECONDS })) ?? NO_CONTENT_VERSION;
    versionMemo = { value, expires: now + VERSION_MEMO_MS };
    return value;
  } catch (error) {
    console.error("Content version lookup failed; serving without the edge cache", error);
    return null;
  }
}

/** May this answer be kept and served to everyone? */
export function isStorable(response: Response) {
  if (response.status !== 200 || response.headers.has("Set-Cookie")) return false;
  const directives = (response.headers.get("Cache-Control") ?? "")
    .toLowerCase()
    .split(",")
    .map((part) => part.trim());
  return (
    directives.includes("public") && !directives.some((directive) => /^(private|no-store|no-cache)\b/.test(directive))
  );
}

/** The cache key: this URL under the build and content version. Headers are left out on purpose. */
function cacheKey(url: URL, buildId: string, version: string) {
  return new Request(
    `${url.origin}/__edge/${encodeURIComponent(buildId)}/${encodeURIComponent(version)}${url.pathname}${url.search}`,
  );
}

function withMark(response: Response, mark: "HIT" | "MISS" | "BYPASS") {
  const marked = new Response(response.body, response);
  marked.headers.set(EDGE_CACHE_HEADER, mark);
  return marked;
}

function createNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** A stored page with a nonce of its own: in the Content-Security-Policy and on every element that had one. */
function withFreshNonce(response: Response) {
  const policy = response.headers.get("Content-Security-Policy");
  if (!policy?.includes("'nonce-")) return response;
  const nonce = createNonce();
  const fresh = new Response(response.body, response);
  fresh.headers.set("Content-Security-Policy", policy.replace(/'nonce-[^']*'/g, `'nonce-${nonce}'`));
  return new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        element.setAttribute("nonce", nonce);
      },
    })
    .transform(fresh);
}

/** What the edge cache uses of a cache: `caches.default` deployed, the platform proxy's under `npm run dev`. */
export interface EdgeCache {
  match(request: Request): Promise<Response | undefined>;
  put(request: Request, response: Response): Promise<void>;
}

export interface EdgeCacheOptions {
  request: Request;
  /** Where the content importer writes the content version (KV REDIRECTS). */
  kv: KVNamespace;
  buildId: string;
  cache?: EdgeCache;
  now?: number;
}

/** Serves the request from the edge cache when it may, otherwise from `produce`, storing what may be shared. */
export async function serveFromEdgeCache(
  { request, kv, buildId, cache = caches.default, now = Date.now() }: EdgeCacheOptions,
  produce: () => Promise<Response>,
): Promise<Response> {
  if (request.method !== "GET" || hasPersonalCookies(request)) return withMark(await produce(), "BYPASS");
  const version = await contentVersion(kv, now);
  if (version === null) return withMark(await produce(), "BYPASS");

  const key = cacheKey(new URL(request.url), buildId, version);
  // The time spent waiting for the cache, told beside D1's when the request's D1 time is told (the bench):
  // locally the cache runs in the Function's own process, on Cloudflare it does not.
  let cacheMs = 0;
  const waitFor = async <T>(work: Promise<T>) => {
    const started = performance.now();
    try {
      return await work;
    } finally {
      cacheMs += performance.now() - started;
    }
  };
  // A cache that cannot be read is a miss: the reader gets the page made afresh.
  const cached = await waitFor(Promise.resolve().then(() => cache.match(key))).catch((error: unknown) => {
    console.error(`Could not read ${request.url} from the edge cache`, error);
    return undefined;
  });
  if (cached) {
    const hit = withMark(withFreshNonce(cached), "HIT");
    // The stored copy's count and time (when counting is on) were the miss's; this answer read nothing.
    if (hit.headers.has(ROUND_TRIPS_HEADER)) hit.headers.set(ROUND_TRIPS_HEADER, "0");
    if (hit.headers.has(TIMING_HEADER)) hit.headers.set(TIMING_HEADER, "d1;dur=0");
    return hit;
  }

  const response = await produce();
  if (!isStorable(response)) return withMark(response, "MISS");
  // Stored before the answer leaves: a copy stored in the background was not there yet when the same
  // reader (or the next) asked again at once, so a page slow to render missed every repeat visit.
  const body = await response.arrayBuffer();
  try {
    await waitFor(cache.put(key, new Response(body, response)));
  } catch (error) {
    console.error(`Could not store ${request.url} in the edge cache`, error);
  }
  const miss = withMark(new Response(body, response), "MISS");
  if (miss.headers.has(TIMING_HEADER)) miss.headers.append(TIMING_HEADER, `cache;dur=${cacheMs.toFixed(2)}`);
  return miss;
}
