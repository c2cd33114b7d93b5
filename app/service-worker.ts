/**
 * The service worker (decision 40): pages a reader visited open offline, and hashed files come from the
 * device. Built on its own into /sw.js (vite.config.ts), never part of a page's JavaScript; registered
 * by the browser runtime once the page is idle (app/browser/service-worker.client.ts). Its decisions
 * live in app/lib/runtime/offline-copies.ts.
 */
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from "workbox-strategies";
import type { WorkboxPlugin } from "workbox-core/types";
import { BUILD_ID } from "~/lib/runtime/build-id";
import { REVEAL_PARAMETER } from "~/lib/shield/knowledge";
import {
  assetsOf,
  cacheNames,
  isSignedInCache,
  isStaleCache,
  keptCacheReader,
  KEPT_FOR_HEADER,
  keptCopy,
  oldestBeyond,
  pageOf,
  readerOf,
  readerOfCookies,
  routesTogether,
  STORED_AT_HEADER,
  storedAtOf,
  strategyFor,
  keptForLess,
  type Reader,
} from "~/lib/runtime/offline-copies";
import { formatClockTime } from "~/lib/format";
import { offlinePageHtml, offlinePagePolicy, offlineWaysOut } from "~/lib/runtime/offline-page";
import { afterKnowledge, type KeptUnit, removedAddresses, type UnitToKeep } from "~/lib/runtime/kept-units";
import type { CopyAnswer, CopyReason, KeepAnswer, KeptCopy, WorkerMessage } from "~/lib/runtime/worker-messages";

declare const self: ServiceWorkerGlobalScope;

/** How long a page waits for the network before the kept copy is shown (the network's answer is still kept). */
const NETWORK_TIMEOUT_SECONDS = 4;
/** The most copies of pages (documents and `.data` answers) one reader's cache holds; the oldest go first. */
const MAX_PAGES = 300;
/** The most pictures kept (a portrait is a few kilobytes, a cover some tens); the oldest go first. */
const MAX_MEDIA = 300;

// A new build's worker takes over at once and deletes the older builds' caches: an older worker never
// goes on serving pages beside a newer build (the new-deployment toast and the chunk-reload guard see
// to the pages already open).
self.addEventListener("install", (event) => {
  void self.skipWaiting();
  // Code a visit where nothing went wrong may never have fetched, and offline needs (vite.config.ts
  // keptAtInstall): the error page, which a page whose data has no copy shows with its retry, and the
  // navigation indicators. A file that cannot be fetched now is kept when a page loads it.
  event.waitUntil(Promise.all(__KEPT_AT_INSTALL__.map((url) => keepAssets([url]).catch(() => {}))));
});
self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      const stale = names.filter((name) => isStaleCache(name, BUILD_ID));
      // One at a time: two older caches of one reader carry into the same list.
      for (const name of stale) await carryKeptOver(name);
      await Promise.all(stale.map((name) => caches.delete(name)));
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
  await trimToNewest(cache);
}

/** Leaves the newest `max` entries of a cache (pages by default), deleting the oldest. */
async function trimToNewest(cache: Cache, max = MAX_PAGES) {
  const keys = await cache.keys();
  await Promise.all(oldestBeyond(keys, max).map((key) => cache.delete(key)));
}

/** The copy of a response to keep: with when it was kept, so the page can tell the reader how old it is. */
function stamped(response: Response) {
  const headers = new Headers(response.headers);
  headers.set(STORED_AT_HEADER, String(Date.now()));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The pages each reader's copies answer, by the page (pageOf), when that copy was kept and why the
 * network's answer was not used: what the page asks for to say it shows a kept copy, and why. In memory:
 * the page asks just after the answer.
 */
const answeredFromCopy = new Map<string, { storedAt: number; reason: CopyReason }>();

/**
 * Every answer says whom it was made for: the worker learns it before the page sees the answer (so a
 * sign-out has deleted the signed-in copies first), and keeps the page only for that reader, whatever
 * it thought before. A kept copy answering for the page is noted.
 */
function pagePlugin(partition: Reader): WorkboxPlugin {
  return {
    // The network failed (offline, the site unreachable): a copy answering now does so for that reason,
    // not for a network too slow to wait for (the strategy's timeout).
    fetchDidFail: async ({ state }) => {
      if (state) state.unreachable = true;
    },
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
    cacheDidUpdate: async ({ cacheName }) => trimToNewest(await caches.open(cacheName)),
    // No copy of a visited page, or an older one: what the reader kept for offline.
    cachedResponseWillBeUsed: async ({ request, cachedResponse }) => {
      const kept = await (
        await caches.open(cacheNames.kept(BUILD_ID, partition))
      )
        .match(request)
        .catch(() => undefined);
      if (!kept || !cachedResponse) return kept ?? cachedResponse;
      return (storedAtOf(kept.headers) ?? 0) > (storedAtOf(cachedResponse.headers) ?? 0) ? kept : cachedResponse;
    },
    // What the reader has reached asked with knowledge no copy was kept for (a tick made offline): the
    // copy of the same question, visited or kept for offline, for the most recent knowledge the reader
    // has all of, which hides more, never less.
    handlerDidError: async ({ request }) => {
      if (request.mode === "navigate") return offlinePage(request.url, partition);
      const asked = new URL(request.url);
      if (!asked.searchParams.has(REVEAL_PARAMETER)) return undefined;
      const kept = (
        await Promise.all(
          [cacheNames.pages(BUILD_ID, partition), cacheNames.kept(BUILD_ID, partition)].map(async (name) => {
            const cache = await caches.open(name);
            const samePage = (await cache.keys()).filter((key) => new URL(key.url).pathname === asked.pathname);
            return Promise.all(samePage.map(async (key) => ({ url: key.url, response: await cache.match(key) })));
          }),
        )
      ).flat();
      const copy = keptForLess(
        request.url,
        kept.map(({ url, response }) => ({ url, storedAt: (response && storedAtOf(response.headers)) ?? 0 })),
      );
      const response = copy && kept.find(({ url }) => url === copy.url)?.response;
      if (!copy || !response) return undefined;
      const headers = new Headers(response.headers);
      headers.set(KEPT_FOR_HEADER, copy.keptFor);
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    },
    handlerWillRespond: async ({ request, response, state }) => {
      const storedAt = storedAtOf(response.headers);
      if (storedAt === null) answeredFromCopy.delete(pageOf(request.url));
      else answeredFromCopy.set(pageOf(request.url), { storedAt, reason: state?.unreachable ? "unreachable" : "slow" });
      return response;
    },
  };
}

/**
 * A page opened by its address offline with no copy on the device: the site's offline page, linking to
 * the main pages whose documents this reader's copies hold and to the units they stored for offline
 * (offline-page.ts), not the browser's error page.
 */
async function offlinePage(url: string, partition: Reader) {
  const visited = await caches
    .open(cacheNames.pages(BUILD_ID, partition))
    .then((cache) => cache.keys())
    .then((keys) => keys.map((key) => key.url))
    .catch(() => []);
  const stored = await keptUnits(partition).catch(() => []);
  const kept = stored.flatMap((unit) => unit.addresses);
  const html = offlinePageHtml(
    url,
    offlineWaysOut(
      [...visited, ...kept].map((each) => new URL(each, self.location.origin).href),
      stored.map((unit) => ({
        ...unit,
        addresses: unit.addresses.map((each) => new URL(each, self.location.origin).href),
      })),
    ),
    formatClockTime(new Date()),
  );
  return new Response(html, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": await offlinePagePolicy(),
    },
  });
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

// The pictures pages show: the kept copy at once (offline too), the network's answer kept for next time.
registerRoute(
  ({ request }) => strategyFor(request, self.location.origin) === "media",
  new StaleWhileRevalidate({
    cacheName: cacheNames.media(BUILD_ID),
    plugins: [
      {
        cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
        cacheDidUpdate: async ({ cacheName }) => trimToNewest(await caches.open(cacheName), MAX_MEDIA),
      },
    ],
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
    event.ports[0]?.postMessage((answeredFromCopy.get(message.page) ?? { storedAt: null }) satisfies CopyAnswer);
  } else if (message?.type === "kept") {
    const port = event.ports[0];
    event.waitUntil(
      (async () => {
        // A page the worker stays out of (the API's documentation) is left to the site's own navigation.
        const address = new URL(message.page, self.location.origin).href;
        if (strategyFor({ url: address, method: "GET", mode: "navigate" }, self.location.origin) !== "page") {
          port?.postMessage(null satisfies KeptCopy);
          return;
        }
        const now = await currentReader();
        const visited = await (await caches.open(cacheNames.pages(BUILD_ID, now))).keys();
        const copy = keptCopy(
          visited.map((request) => request.url),
          message.page,
        );
        // A page only kept for offline opens as a document: its route may be one this build's kept
        // answers do not name, which a navigation within the site would need.
        const kept = keptCopy(
          (await keptUnits(now)).flatMap((unit) => unit.addresses),
          message.page,
        );
        port?.postMessage(copy ?? ((kept ? "document" : "none") satisfies KeptCopy));
      })().catch(() => port?.postMessage(null)),
    );
  } else if (message?.type === "keep") {
    // A page of another build may send another shape (during a deployment): nothing is kept this time.
    if (typeof message.page === "string" && Array.isArray(message.files))
      event.waitUntil(keep(message.page, message.files));
  } else if (message?.type === "keep-unit") {
    const port = event.ports[0];
    event.waitUntil(
      keepUnit(message.unit, message.knowledge, message.addresses).then((answer) => port?.postMessage(answer)),
    );
  } else if (message?.type === "kept-units") {
    answerWith(event, currentReader().then(keptUnits));
  } else if (message?.type === "remove-unit") {
    answerWith(
      event,
      changeKept((units) => ({
        units: units.filter((unit) => unit.unit !== message.unit),
        drop: removedAddresses(units, message.unit),
      })),
    );
  } else if (message?.type === "knowledge") {
    knowledgeNow = message.knowledge;
    answerWith(
      event,
      changeKept((units) => afterKnowledge(units, message.knowledge)),
    );
  }
});

/** Answers a message on its port: a list of kept units, or none when storage fails (the page then says so). */
function answerWith(event: ExtendableMessageEvent, answer: Promise<KeptUnit[]>) {
  const port = event.ports[0];
  event.waitUntil(answer.then((units) => port?.postMessage(units)).catch(() => port?.postMessage(null)));
}

/**
 * Keeps what the page loaded before this worker controlled it (its first visit): its document, so it too
 * opens offline, and its hashed files and pictures, as the page loaded them.
 */
async function keep(page: string, files: string[]) {
  try {
    if (strategyFor({ url: page, method: "GET", mode: "navigate" }, self.location.origin) === "page") {
      const response = await fetch(page, { credentials: "same-origin", headers: { Accept: "text/html" } });
      const madeFor = readerOf(response.headers);
      if (response.status === 200 && !response.redirected && madeFor) {
        await learnReader(madeFor);
        await keepPage(page, response, madeFor);
      }
    }
  } catch {
    // Offline or refused: it is kept on the next visit instead.
  }
  for (const file of files) {
    const strategy = strategyFor({ url: file, method: "GET", mode: "no-cors" }, self.location.origin);
    try {
      if (strategy === "asset") await keepAssets([file]);
      else if (strategy === "media") await keepPicture(file);
    } catch {
      // As above.
    }
  }
}

/*
 * Keep for offline (app/lib/runtime/kept-units.ts): the units a reader kept, each with every answer kept
 * for it, in a cache of their own per build and reader, listed in it at KEPT_LIST. The visited pages'
 * bound never trims it; a sign-out deletes the signed-in one; a new build fetches its answers again.
 */
const KEPT_LIST = "/service-worker/kept-units";

/** What the reader knows now, as the page last said (`knowledge`): a keep made for other knowledge is not left so. */
let knowledgeNow: string | null = null;

async function keptUnits(madeFor: Reader): Promise<KeptUnit[]> {
  const list = await (await caches.open(cacheNames.kept(BUILD_ID, madeFor))).match(KEPT_LIST);
  const units: unknown = await list?.json().catch(() => []);
  return Array.isArray(units) ? (units as KeptUnit[]) : [];
}

/** Changes to the list, one at a time: two keeps at once must not each write over the other. */
let keptChanges: Promise<unknown> = Promise.resolve();

/**
 * Changes the current reader's list, then deletes the answers the change lets go. Gives the list after it.
 */
function changeKept(change: (units: KeptUnit[]) => { units: KeptUnit[]; drop: string[] }): Promise<KeptUnit[]> {
  const changed = keptChanges.then(async () => {
    const madeFor = await currentReader();
    const cache = await caches.open(cacheNames.kept(BUILD_ID, madeFor));
    const before = await keptUnits(madeFor);
    const { units, drop } = change(before);
    // The answers go before the list says they are gone, so nothing kept outlives what the list shows.
    await Promise.all(drop.map((address) => cache.delete(address)));
    if (drop.length || JSON.stringify(units) !== JSON.stringify(before))
      await cache.put(KEPT_LIST, Response.json(units));
    return units;
  });
  keptChanges = changed.catch(() => {});
  return changed;
}

class KeepRefused extends Error {}

/**
 * Keeps a unit: fetches each of its addresses as the reader (with their session) and keeps the answers.
 * An address the site does not answer with a page (a thread since removed) is left out; one made for
 * another reader (they signed in or out meanwhile), a failed network or a refusing store keeps nothing.
 */
async function keepUnit(unit: UnitToKeep, knowledge: string, addresses: string[]): Promise<KeepAnswer> {
  const madeFor = await currentReader();
  let bytes = 0;
  const kept: string[] = [];
  try {
    const cache = await caches.open(cacheNames.kept(BUILD_ID, madeFor));
    for (const address of addresses) {
      const document = !new URL(address).pathname.endsWith(".data");
      const response = await fetch(address, {
        credentials: "same-origin",
        headers: document ? { Accept: "text/html" } : {},
      });
      if (readerOf(response.headers) !== madeFor) throw new Error("The reader signed in or out meanwhile");
      if (response.status !== 200 || response.redirected) continue;
      const copy = stamped(response);
      const body = await copy.blob();
      try {
        await cache.put(address, new Response(body, { status: copy.status, headers: copy.headers }));
      } catch {
        throw new KeepRefused();
      }
      bytes += body.size;
      kept.push(address);
      // A page never visited needs its files too to come to life offline (kept with the build's files).
      if (document) await keepAssets(assetsOf(await body.text(), self.location.origin));
    }
  } catch (error) {
    await changeKept((units) => {
      // What this keep stored goes, but nothing a kept unit holds; a unit it was to keep again is lost.
      const others = new Set(units.flatMap((each) => each.addresses));
      const lost = units.map((each): KeptUnit =>
        each.unit === unit.unit && each.state !== "kept" ? { ...each, state: "lost" } : each,
      );
      return { units: lost, drop: kept.filter((address) => !others.has(address)) };
    }).catch(() => {});
    return { outcome: error instanceof KeepRefused || isQuotaError(error) ? "refused" : "failed" };
  }
  const { unit: name, place, pages } = unit;
  const made: KeptUnit = {
    unit: name,
    place,
    pages,
    knowledge,
    addresses: kept,
    bytes,
    keptAt: Date.now(),
    state: "kept",
  };
  try {
    const units = await changeKept((units) => {
      const before = units.find((each) => each.unit === unit.unit);
      const after = [...units.filter((each) => each.unit !== unit.unit), made];
      const still = new Set(after.flatMap((each) => each.addresses));
      const replaced = before?.addresses.filter((address) => !still.has(address)) ?? [];
      // The reader's knowledge moved while it was kept: what was made for the old one goes at once.
      return knowledgeNow === null || knowledgeNow === knowledge
        ? { units: after, drop: replaced }
        : (({ units, drop }) => ({ units, drop: [...replaced, ...drop] }))(afterKnowledge(after, knowledgeNow));
    });
    return { outcome: "kept", unit: units.find((each) => each.unit === unit.unit) ?? made };
  } catch (error) {
    return { outcome: isQuotaError(error) ? "refused" : "failed" };
  }
}

async function keepPicture(url: string) {
  const media = await caches.open(cacheNames.media(BUILD_ID));
  if (await media.match(url)) return;
  const response = await fetch(url);
  if (response.status !== 200) return;
  await media.put(url, response);
  await trimToNewest(media, MAX_MEDIA);
}

async function keepAssets(urls: string[]) {
  const assets = await caches.open(cacheNames.assets(BUILD_ID));
  for (const url of urls) if (!(await assets.match(url))) await assets.add(url);
}

function isQuotaError(error: unknown) {
  return error instanceof DOMException && (error.name === "QuotaExceededError" || error.name === "SecurityError");
}

/**
 * An older build's kept units (any other cache holds none), carried into this build's list to be kept
 * again: their answers were made by the older build and go with its cache. Storage that fails: what was
 * kept goes with the older build.
 */
async function carryKeptOver(name: string) {
  const madeFor = keptCacheReader(name);
  if (!madeFor) return;
  try {
    const list = await (await caches.open(name)).match(KEPT_LIST);
    const older: unknown = await list?.json().catch(() => []);
    if (!Array.isArray(older) || !older.length) return;
    const cache = await caches.open(cacheNames.kept(BUILD_ID, madeFor));
    const units = await keptUnits(madeFor);
    const carried = (older as KeptUnit[])
      .filter((unit) => !units.some((each) => each.unit === unit.unit))
      .map((unit): KeptUnit => ({ ...unit, addresses: [], bytes: 0, state: "refresh" }));
    await cache.put(KEPT_LIST, Response.json([...units, ...carried]));
  } catch {
    // Nothing is carried; the list of this build simply lacks them.
  }
}
