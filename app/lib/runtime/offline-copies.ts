import { knowsNoMoreThan, noKnowledge, parseKnowledge, REVEAL_PARAMETER } from "../shield/knowledge";

/**
 * The service worker's decisions (app/service-worker.ts), pure so they can be tested: what each request
 * gets, which cache keeps it, and whose copy a response is. Nothing here touches a cache.
 */

/** Whether the reader a page was made for was signed in: a copy for one is never shown to the other. */
export type Reader = "signed-in" | "signed-out";

/**
 * The header every answer of the site carries (app/server/response-headers.server.ts): whether the
 * request came with a session. The worker files each page it keeps by it, and learns from it that the
 * reader signed in or out, even in another tab.
 */
export const READER_HEADER = "X-Signed-In";

export function readerHeaderValue(signedIn: boolean) {
  return signedIn ? "yes" : "no";
}

/** The reader a response was made for, or null when it does not say (a static file, another site). */
export function readerOf(headers: Headers): Reader | null {
  const value = headers.get(READER_HEADER);
  return value === "yes" ? "signed-in" : value === "no" ? "signed-out" : null;
}

/**
 * The cookie the site sets and clears with the session, for as long as it lasts, holding no secret:
 * unlike the session cookie (HttpOnly) the worker can read it (the Cookie Store API), so it knows whether
 * the browser still holds a session when a page is asked for, even offline, after cookies were cleared
 * or the session ran out (app/server/session.server.ts).
 */
export const signedInCookieName = (production: boolean) => (production ? "__Host-signed-in" : "signed-in");

/**
 * Whose copies may answer a request, from the cookies the worker could read (null: it cannot read any,
 * in a browser without the Cookie Store API in workers): signed in only while the browser holds the
 * session, so a signed-in copy is never shown to a browser that does not, and one that cannot be asked
 * gets only copies anyone may see.
 */
export function readerOfCookies(names: readonly string[] | null): Reader {
  return names?.some((name) => name === signedInCookieName(true) || name === signedInCookieName(false))
    ? "signed-in"
    : "signed-out";
}

/** When the worker stored a copy (milliseconds since the epoch), kept on the copy itself. */
export const STORED_AT_HEADER = "X-Stored-At";

export function storedAtOf(headers: Headers): number | null {
  const value = Number(headers.get(STORED_AT_HEADER));
  return headers.has(STORED_AT_HEADER) && Number.isFinite(value) && value > 0 ? value : null;
}

/** Every cache the worker opens starts so; anything else in the origin's storage is not the worker's. */
const PREFIX = "rc-";

/**
 * Caches are named by the build that made them (and pages by their reader too), so a new build's worker
 * can tell every older cache and delete it, and a sign-out deletes the signed-in pages of every build.
 */
export const cacheNames = {
  assets: (build: string) => `${PREFIX}assets-${build}`,
  pages: (build: string, reader: Reader) => `${PREFIX}pages-${build}-${reader}`,
  /**
   * What the reader kept for offline (app/lib/runtime/kept-units.ts), apart from the pages they visited,
   * so the visited pages' bound never takes it away.
   */
  kept: (build: string, reader: Reader) => `${PREFIX}kept-${build}-${reader}`,
  /** The pictures pages showed (portraits, covers): the same for every reader, as their addresses are. */
  media: (build: string) => `${PREFIX}media-${build}`,
} as const;

/** The caches a worker of `build` deletes when it takes over: every one of the worker's but its own. */
export function isStaleCache(name: string, build: string) {
  if (!name.startsWith(PREFIX)) return false;
  return (
    name !== cacheNames.assets(build) &&
    name !== cacheNames.media(build) &&
    name !== cacheNames.pages(build, "signed-in") &&
    name !== cacheNames.pages(build, "signed-out") &&
    name !== cacheNames.kept(build, "signed-in") &&
    name !== cacheNames.kept(build, "signed-out")
  );
}

/** The caches a sign-out deletes: signed-in pages, visited or kept, of whichever build. */
export function isSignedInCache(name: string) {
  return (name.startsWith(`${PREFIX}pages-`) || name.startsWith(`${PREFIX}kept-`)) && name.endsWith("-signed-in");
}

/**
 * Whose units a cache of kept pages holds, or null when it is not one: a new build's worker carries an
 * older build's list over (its answers are fetched again) before deleting it.
 */
export function keptCacheReader(name: string): Reader | null {
  if (!name.startsWith(`${PREFIX}kept-`)) return null;
  return name.endsWith("-signed-in") ? "signed-in" : name.endsWith("-signed-out") ? "signed-out" : null;
}

/** What a cache that holds more than `max` entries lets go: the oldest (a cache lists its keys oldest first). */
export function oldestBeyond<T>(keys: readonly T[], max: number): T[] {
  return keys.slice(0, Math.max(0, keys.length - max));
}

/**
 * How the worker answers a request: `asset` (a hashed file: from the cache, else the network, kept),
 * `page` (a document, its `.data` or a resource it cannot show without: the network, and the kept copy
 * when it fails or is slow),
 * `media` (a picture a page shows, a portrait or a cover: the kept copy at once, the network's kept for
 * next time, so a page opened offline has its pictures too),
 * `routes` (React Router's `/__manifest`, which tells a page the routes its links lead to: the
 * network, else what the kept answers of this build say together), or `network` (the worker stays out
 * of it: another site, a form, the API, sign-in, the build id).
 */
export type Strategy = "asset" | "media" | "page" | "routes" | "network";

interface RequestFacts {
  url: string;
  method: string;
  /** `navigate` for a document the browser opens. */
  mode: string;
}

/** Where React Router asks which routes the addresses a page links to have (lazy route discovery). */
const ROUTES_PATH = "/__manifest";

/**
 * The routes every kept `/__manifest` answer of one version names, together: offline, a page opened from
 * its copy knows only its own routes, and asks for those of a link before following it. Each answer is an
 * object of routes by id, the same route the same in every answer of a version.
 */
export function routesTogether(wanted: string, kept: ReadonlyArray<{ url: string; routes: unknown }>) {
  const version = new URL(wanted).searchParams.get("version");
  const together: Record<string, unknown> = {};
  for (const answer of kept) {
    if (new URL(answer.url).searchParams.get("version") !== version) continue;
    if (answer.routes && typeof answer.routes === "object" && !Array.isArray(answer.routes))
      Object.assign(together, answer.routes);
  }
  return Object.keys(together).length ? together : null;
}

/** Where the tracker's timeline is asked for, with what its reader knows (`?reveal=`). */
export const TIMELINE_PATH = "/resources/timeline";

/** Addresses that are pages by their form but must always reach the site. */
const neverKept = /^\/(api|auth|resources|builds)(\/|\.data$|$)/;

/**
 * The resources a page loads after it renders that it cannot show without, kept as the pages are: the
 * tracker's timeline (sealed as its `?reveal=` states, like the reveal request, so a kept answer holds
 * exactly what that knowledge allows).
 */
const keptResources = new Set([TIMELINE_PATH]);

/**
 * The header on an answer the worker gave from a copy kept for less than its request states
 * (`keptForLess`): the reveal parameter that copy was sealed for ("" for none), so the tracker can say
 * its titles are behind.
 */
export const KEPT_FOR_HEADER = "X-Kept-For-Reveal";

/**
 * Offline, a page asks for what its reader has reached (its `.data` with `?reveal=`, or the tracker's
 * timeline) with what they know now, which a tick made offline changed: no copy was kept for that. Of the
 * copies kept of the same question (`kept`, with when each was kept: the same address but for the
 * reveal), the one to answer with instead: the newest sealed for knowledge the reader has all of (they
 * ticked more since), never one for knowledge they lack (set back, another tab's, "all"), so it may hide
 * titles the reader knows but never shows one they do not. Null when none is, or `wanted` states no reveal.
 */
export function keptForLess(wanted: string, kept: ReadonlyArray<{ url: string; storedAt: number }>) {
  const asked = new URL(wanted);
  if (!asked.searchParams.has(REVEAL_PARAMETER)) return null;
  const knowledge = parseKnowledge(asked.searchParams.get(REVEAL_PARAMETER)) ?? noKnowledge;
  const question = withoutReveal(asked);
  let best: { url: string; storedAt: number } | null = null;
  for (const copy of kept) {
    const address = new URL(copy.url);
    if (address.origin !== asked.origin || address.href === asked.href || withoutReveal(address) !== question) continue;
    const reveal = address.searchParams.get(REVEAL_PARAMETER);
    // A copy with no reveal holds only what spoils nothing; one whose reveal is unreadable is not used.
    const sealedFor = reveal === null ? noKnowledge : parseKnowledge(reveal);
    if (!sealedFor || !knowsNoMoreThan(sealedFor, knowledge)) continue;
    if (!best || copy.storedAt > best.storedAt) best = copy;
  }
  return best && { url: best.url, keptFor: new URL(best.url).searchParams.get(REVEAL_PARAMETER) ?? "" };
}

/** An address but for its reveal: the question it asks, whatever knowledge it states. */
function withoutReveal(address: URL) {
  const params = new URLSearchParams(address.search);
  params.delete(REVEAL_PARAMETER);
  params.sort();
  return `${address.pathname}?${params}`;
}

export function strategyFor(request: RequestFacts, origin: string): Strategy {
  if (request.method !== "GET") return "network";
  const url = new URL(request.url);
  if (url.origin !== origin) return "network";
  if (url.pathname.startsWith("/assets/")) return "asset";
  if (url.pathname.startsWith("/media/") && request.mode !== "navigate") return "media";
  if (url.pathname === ROUTES_PATH) return "routes";
  if (keptResources.has(url.pathname)) return "page";
  if (neverKept.test(url.pathname)) return "network";
  if (url.pathname.endsWith(".data")) return "page";
  // A file opened in a tab (the feed, the calendar, the manifest) is not a page to keep.
  return request.mode === "navigate" && !/\.\w+$/.test(url.pathname) ? "page" : "network";
}

/**
 * The page a document or `.data` request is for (`/releases.data?_routes=…` and `/releases` are one
 * page, `/_root.data` is the home page): what the page asks the worker about when it wants to know
 * whether it shows a kept copy.
 */
export function pageOf(url: string) {
  const address = new URL(url);
  let path = address.pathname;
  if (path === "/_root.data") path = "/";
  else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  const params = new URLSearchParams(address.search);
  params.delete("_routes");
  params.delete(REVEAL_PARAMETER);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** How old a kept copy is, in words: "just now", "5 minutes ago", "3 days ago". */
export function copyAge(storedAt: number, now: number) {
  const minutes = Math.max(0, Math.floor((now - storedAt) / 60_000));
  if (minutes < 1) return "just now";
  const [count, unit] =
    minutes < 60
      ? [minutes, "minute"]
      : minutes < 24 * 60
        ? [Math.floor(minutes / 60), "hour"]
        : [Math.floor(minutes / (24 * 60)), "day"];
  return `${count} ${unit}${count === 1 ? "" : "s"} ago`;
}

/**
 * Which copy of `page` a list of kept addresses holds: its data (without a reveal: what a navigation
 * asks for first) wins over its document, since opening it within the site keeps the page around it.
 */
export function keptCopy(keptUrls: readonly string[], page: string): "data" | "document" | null {
  let found: "data" | "document" | null = null;
  for (const url of keptUrls) {
    if (pageOf(url) !== page) continue;
    const address = new URL(url);
    if (!address.pathname.endsWith(".data")) found ??= "document";
    else if (!address.searchParams.has(REVEAL_PARAMETER)) return "data";
  }
  return found;
}

/**
 * The hashed files a page's document names (its scripts, the modules it preloads, its styles and fonts):
 * what a page kept for offline but never visited needs beside its document to come to life offline.
 */
export function assetsOf(html: string, origin: string): string[] {
  const names = html.match(/\/assets\/[\w.-]+\.(?:js|css|woff2)\b/g) ?? [];
  return [...new Set(names)].map((path) => new URL(path, origin).href);
}
