import type { CopyAnswer, KeptCopy, WorkerMessage } from "~/lib/runtime/worker-messages";

/*
 * The page's side of the service worker (app/service-worker.ts, decision 40). The browser runtime uses
 * it once the page is idle, so none of it is in a page's first load.
 */

/**
 * Registers /sw.js (built with the site; `npm run dev` has none) and tells it whether the reader is
 * signed in; again at every sign-in and sign-out (registering again costs nothing).
 */
export async function registerServiceWorker(signedIn: boolean) {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const controlled = navigator.serviceWorker.controller !== null;
  try {
    await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    const registration = await navigator.serviceWorker.ready;
    tell({ type: "reader", signedIn }, registration.active);
    // Its first visit: this page and its files were loaded before the worker could keep them.
    if (!controlled) tell({ type: "keep", urls: [window.location.href, ...loadedAssets()] }, registration.active);
  } catch {
    // Storage disabled or a private window that refuses workers: the site works as without one.
  }
}

function tell(message: WorkerMessage, worker: ServiceWorker | null | undefined) {
  worker?.postMessage(message);
}

/** The hashed files this page has loaded so far. */
function loadedAssets() {
  return performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((name) => new URL(name).origin === window.location.origin && new URL(name).pathname.startsWith("/assets/"));
}

/**
 * When the copy the worker answered this page with was kept, or null when the page came from the
 * network (or there is no worker to ask).
 */
export async function askCopyAge(page: string) {
  const answer = await ask<CopyAnswer>({ type: "copy", page });
  return typeof answer?.storedAt === "number" ? answer.storedAt : null;
}

/** Which copy of a page the worker keeps for this reader (null too when there is no worker to ask). */
export async function askKeptCopy(page: string): Promise<KeptCopy> {
  const answer = await ask<KeptCopy>({ type: "kept", page });
  return answer === "data" || answer === "document" ? answer : null;
}

/** Asks the worker controlling this page; undefined when there is none or it does not answer within a second. */
function ask<T>(message: WorkerMessage): Promise<T | undefined> {
  const worker = "serviceWorker" in navigator ? navigator.serviceWorker.controller : null;
  if (!worker) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(undefined), 1000);
    channel.port1.onmessage = (event: MessageEvent<T>) => {
      clearTimeout(timer);
      resolve(event.data);
    };
    worker.postMessage(message, [channel.port2]);
  });
}
