import { keptAddresses, type KeptUnit, type UnitToKeep } from "~/lib/runtime/kept-units";
import type { CopyAnswer, KeepAnswer, KeptCopy, WorkerMessage } from "~/lib/runtime/worker-messages";
import { revealParameter, type Shield } from "~/lib/shield/shield";

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
    // Its first visit: the pages and files loaded before the worker could keep them. The document the
    // reader opened first, which they may have left within the site already, and the page they are on.
    if (!controlled)
      for (const [index, page] of [...new Set([openedPage(), window.location.href].map(withoutHash))].entries())
        tell({ type: "keep", page, files: index === 0 ? loadedFiles() : [] }, registration.active);
  } catch {
    // Storage disabled or a private window that refuses workers: the site works as without one.
  }
}

function tell(message: WorkerMessage, worker: ServiceWorker | null | undefined) {
  worker?.postMessage(message);
}

/** The address of the document this tab opened (the page the reader may since have left within the site). */
function openedPage() {
  const [opened] = performance.getEntriesByType("navigation");
  return opened?.name || window.location.href;
}

/** A page's address without its hash: the same page whatever part of it the address points to, fetched once. */
function withoutHash(address: string) {
  const url = new URL(address);
  url.hash = "";
  return url.href;
}

/** The hashed files and the pictures (`/media/`) this page has loaded so far. */
function loadedFiles() {
  return performance
    .getEntriesByType("resource")
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === window.location.origin && /^\/(assets|media)\//.test(url.pathname))
    .map((url) => url.href);
}

/**
 * When the copy the worker answered this page with was kept and why it answered with it, or null when
 * the page came from the network (or there is no worker to ask).
 */
export async function askCopy(page: string) {
  const answer = await ask<CopyAnswer>({ type: "copy", page });
  return typeof answer?.storedAt === "number" ? answer : null;
}

/** Which copy of a page the worker keeps for this reader (null too when there is no worker to ask). */
export async function askKeptCopy(page: string): Promise<KeptCopy> {
  const answer = await ask<KeptCopy>({ type: "kept", page });
  return answer === "data" || answer === "document" || answer === "none" ? answer : null;
}

/**
 * Asks the worker controlling this page; undefined when there is none or it does not answer in time (a
 * second, or `waitMs`).
 */
function ask<T>(message: WorkerMessage, waitMs = 1000): Promise<T | undefined> {
  const worker = "serviceWorker" in navigator ? navigator.serviceWorker.controller : null;
  if (!worker) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(undefined), waitMs);
    channel.port1.onmessage = (event: MessageEvent<T>) => {
      clearTimeout(timer);
      resolve(event.data);
    };
    worker.postMessage(message, [channel.port2]);
  });
}

/*
 * Keep for offline (app/lib/runtime/kept-units.ts): the page says what to keep and at which knowledge,
 * since only it reads the reader's progress; the worker fetches and keeps.
 */

/**
 * The shield a keep is made for: what the reader has seen, never the units they asked to see on one
 * page ("Show it"), which only that page shows.
 */
const keptShield = (shield: Shield): Shield => ({ ...shield, asking: shield.knowledge });

/**
 * The knowledge kept answers are made for, as the reveal parameter writes it ("" for none, "all" with
 * the shield off or blurring): the worker deletes every kept answer made for any other.
 */
export const keptKnowledge = (shield: Shield) => revealParameter(keptShield(shield));

/**
 * What a keep of `unit` stores at the reader's knowledge: each page's reveal answer is asked as the page
 * itself asks it (app/browser/spoiler-shield.ts), with the room its own query leaves.
 */
export function unitAddresses(unit: UnitToKeep, shield: Shield) {
  return unit.pages.flatMap((page) =>
    keptAddresses(
      page,
      revealParameter(keptShield(shield), { besides: new URL(page, window.location.origin).search.slice(1) }),
      window.location.origin,
    ),
  );
}

/** How long a keep may take: up to fifty pages of three answers each, on a slow connection. */
const KEEP_WAIT_MS = 120_000;

/** Keeps a unit for offline at the reader's knowledge now; `failed` too when there is no worker to ask. */
export async function keepUnit({ unit, place, pages }: UnitToKeep, shield: Shield): Promise<KeepAnswer> {
  const answer = await ask<KeepAnswer>(
    {
      type: "keep-unit",
      unit: { unit, place, pages },
      knowledge: keptKnowledge(shield),
      addresses: unitAddresses({ unit, place, pages }, shield),
    },
    KEEP_WAIT_MS,
  );
  return answer ?? { outcome: "failed" };
}

/** The units kept for this reader; null when the worker cannot say (none, or its storage refused). */
export async function keptUnits() {
  return (await ask<KeptUnit[] | null>({ type: "kept-units" })) ?? null;
}

export async function removeKeptUnit(unit: string) {
  return (await ask<KeptUnit[] | null>({ type: "remove-unit", unit })) ?? null;
}

/**
 * Tells the worker what the reader knows now (at every page's start and whenever progress, the shield's
 * mode or the choice of titles change): it deletes every kept answer made for other knowledge, and the
 * units that lost answers, or came from an older build, are kept again here while there is a network.
 * Only one such round runs at a time; a newer knowledge waits for it.
 */
let telling: Promise<unknown> = Promise.resolve();

export function tellKnowledge(shield: Shield) {
  telling = telling.then(async () => {
    const units = await ask<KeptUnit[] | null>({ type: "knowledge", knowledge: keptKnowledge(shield) });
    if (!units || !navigator.onLine) return;
    for (const unit of units.filter((each) => each.state === "refresh")) await keepUnit(unit, shield);
  });
  return telling;
}
