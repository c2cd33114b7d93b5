/**
 * The service worker (decision 40): pages a reader visited open offline, and hashed files come from the
 * device. Built on its own into /sw.js (vite.config.ts), never part of a page's JavaScript; registered
 * by the browser runtime once the page is idle (app/browser/service-worker.client.ts). Its decisions
 * live in app/lib/runtime/offline-copies.ts.
 */
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import type { WorkboxPlugin } from "workbox-core/types";
import { BUILD_ID } from "~/lib/runtime/build-id";
import {
  cacheNames,
  isSignedInCache,
  isStaleCache,
  keptCopy,
  oldestBeyond,
  pageOf,
  readerOf,
  readerOfCookies,
  routesTogether,
  STORED_AT_HEADER,
  storedAtOf,
  strategyFor,
  type Reader,
} from "~/lib/runtime/offline-copies";
import type { CopyAnswer, WorkerMessage } from "~/lib/runtime/worker-messages";

declare const self: ServiceWorkerGlobalScope;

/** How long a page waits for the network before the kept copy is shown (the network's answer is still kept). */
const NETWORK_TIMEOUT_SECONDS = 4;
/** The most copies of pages (documents and `.data` answers) one reader's cache holds; the oldest go first. */
const MAX_PAGES = 300;

// A new build's worker takes over at once and deletes the older builds' caches: an older worker never
// goes on serving pages beside a newer build (the new-deployment toast and the chunk-reload guard see
// to the pages already open).
self.addEventListener("install", (event) => {
  void self.skipWaiting();
  // The error page's code too, which a visit where nothing failed never fetched: offline, a page whose
  // data has no copy shows it, with its retry. A file that cannot be fetched now is kept when a page loads it.
  event.waitUntil(Promise.all(__ERROR_PAGE_FILES__.map((url) => keepAsset(url).catch(() => {}))));
});
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => isStaleCache(name, BUILD_ID)).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

/**
 * Whose copies may answer now: signed in only while the browser holds the session, as the cookie the
 * site sets beside it says (offline-copies.ts `readerOfCookies`). Read at every request, since cookies
 * are cleared and sessions run out with no page there to tell the worker.
 */
async function currentReader(): Promise<Reader> {
  if (!("cookieStore" in self)) return readerOfCookies(null);
  const cookies = await self.cookieStore.getAll().catch(() => null);
  return readerOfCookies(cookies ? cookies.map((cookie) => cookie.name ?? "") : null);
}

/**
 * Learns that the reader signed out (an answer made signed out, or the page's word): every signed-in
 * page kept is deleted, before the page sees the answer. Storage that fails leaves the answer as it is.
 */
async function learnReader(now: Reader) {
  if (now !== "signed-out") return;
  try {
    const names = await caches.keys();
    await Promise.all(names.filter(isSignedInCache).map((name) => caches.delete(name)));
  } catch {
    // Nothing was kept that could be shown to the wrong reader: reading a cache fails the same way.
  }
}

/** Keeps a page's copy in its reader's cache, and no more than the newest MAX_PAGES there. */
async function keepPage(request: Request | string, response: Response, madeFor: Reader) {
  const cache = await caches.open(cacheNames.pages(BUILD_ID, madeFor));
  await cache.put(request, stamped(response));
  await trimPages(cache);
}

async function trimPages(cache: Cache) {
  const keys = await cache.keys();
  await Promise.all(oldestBeyond(keys, MAX_PAGES).map((key) => cache.delete(key)));
}

/** The copy of a response to keep: with when it was kept, so the page can tell the reader how old it is. */
function stamped(response: Response) {
  const headers = new Headers(response.headers);
  headers.set(STORED_AT_HEADER, String(Date.now()));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The pages each reader's copies answer, by the page (pageOf) and when that copy was kept: what the page
 * asks for to say it shows a kept copy. In memory: the page asks just after the answer.
 */
const answeredFromCopy = new Map<string, number>();

/**
 * Every answer says whom it was made for: the worker learns it before the page sees the answer (so a
 * sign-out has deleted the signed-in copies first), and keeps the page only for that reader, whatever
 * it thought before. A kept copy answering for the page is noted.
 */
function pagePlugin(partition: Reader): WorkboxPlugin {
  return {
    fetchDidSucceed: async ({ response }) => {
      const madeFor = readerOf(response.headers);
      if (madeFor) await learnReader(madeFor);
      return response;
    },
    cacheWillUpdate: async ({ request, response }) => {
      const madeFor = readerOf(response.headers);
      if (response.status !== 200 || response.redirected || !madeFor) return null;
      if (madeFor === partition) return stamped(response);
      await keepPage(request, response, madeFor);
      return null;
    },
    cacheDidUpdate: async ({ cacheName }) => trimPages(await caches.open(cacheName)),
    handlerWillRespond: async ({ request, response }) => {
      const storedAt = storedAtOf(response.headers);
      if (storedAt === null) answeredFromCopy.delete(pageOf(request.url));
      else answeredFromCopy.set(pageOf(request.url), storedAt);
      return response;
    },
  };
}

const pageStrategies: Record<Reader, NetworkFirst> = {
  "signed-in": pageStrategy("signed-in"),
  "signed-out": pageStrategy("signed-out"),
};

function pageStrategy(partition: Reader) {
  return new NetworkFirst({
    cacheName: cacheNames.pages(BUILD_ID, partition),
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [pagePlugin(partition)],
  });
}

// Hashed names never change content: the copy on the device is the file.
registerRoute(
  ({ request }) => strategyFor(request, self.location.origin) === "asset",
  new CacheFirst({
    cacheName: cacheNames.assets(BUILD_ID),
    plugins: [{ cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) }],
  }),
);

// Which routes a page's links lead to: offline, what this build's kept answers say together, so a page
// opened from its copy can follow its links to other kept pages.
registerRoute(
  ({ request }) => strategyFor(request, self.location.origin) === "routes",
  new NetworkFirst({
    cacheName: cacheNames.assets(BUILD_ID),
    plugins: [
      {
        handlerDidError: async ({ request }) => {
          const cache = await caches.open(cacheNames.assets(BUILD_ID));
          const kept = await Promise.all(
            (await cache.keys())
              .filter((key) => strategyFor(key, self.location.origin) === "routes")
              .map(async (key) => ({ url: key.url, routes: await (await cache.match(key))?.json().catch(() => null) })),
          );
          const routes = routesTogether(request.url, kept);
          return routes ? Response.json(routes) : undefined;
        },
      },
    ],
  }),
);

// Documents and their `.data`, the reveal request included: its address states what the reader knows,
// so a kept answer for it holds exactly what that knowledge allows, and one for any other knowledge is
// never shown for it.
registerRoute(
  ({ request }) => strategyFor(request, self.location.origin) === "page",
  async (options) => pageStrategies[await currentReader()].handle(options),
);

self.addEventListener("message", (event: ExtendableMessageEvent) => {
  const message = event.data as WorkerMessage;
  if (message?.type === "reader") {
    event.waitUntil(learnReader(message.signedIn ? "signed-in" : "signed-out"));
  } else if (message?.type === "copy") {
    event.ports[0]?.postMessage({ storedAt: answeredFromCopy.get(message.page) ?? null } satisfies CopyAnswer);
  } else if (message?.type === "kept") {
    const port = event.ports[0];
    event.waitUntil(
      currentReader()
        .then((now) => caches.open(cacheNames.pages(BUILD_ID, now)))
        .then((cache) => cache.keys())
        .then((requests) =>
          port?.postMessage(
            keptCopy(
              requests.map((request) => request.url),
              message.page,
            ),
          ),
        ),
    );
  } else if (message?.type === "keep") {
    event.waitUntil(keep(message.urls));
  }
});

/**
 * Keeps what the page loaded before this worker controlled it (its first visit): its document and
 * hashed files, so it too opens offline.
 */
async function keep(urls: string[]) {
  for (const url of urls) {
    const strategy = strategyFor({ url, method: "GET", mode: "navigate" }, self.location.origin);
    try {
      if (strategy === "asset") await keepAsset(url);
      else if (strategy === "page") {
        const response = await fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } });
        const madeFor = readerOf(response.headers);
        if (response.status !== 200 || response.redirected || !madeFor) continue;
        await learnReader(madeFor);
        await keepPage(url, response, madeFor);
      }
    } catch {
      // Offline or refused: it is kept on the next visit instead.
    }
  }
}

/** Keeps a hashed file of this build, unless it is kept already. */
async function keepAsset(url: string) {
  const assets = await caches.open(cacheNames.assets(BUILD_ID));
  if (!(await assets.match(url))) await assets.add(url);
}
