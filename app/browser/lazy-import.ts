import { type ComponentType, lazy } from "react";
import type * as ChunkRecovery from "./chunk-recovery.client";

/**
 * The recovery from a chunk that fails to load (app/browser/chunk-recovery.client.ts) is loaded
 * once the page is idle (the browser runtime asks for it), or at the first failure: it is not part of
 * any page's first load.
 */
let recovery: Promise<typeof ChunkRecovery> | undefined;

export function loadChunkRecovery() {
  return (recovery ??= import("./chunk-recovery.client"));
}

export class ChunkLoadError extends Error {
  constructor() {
    super("Part of the site could not be loaded. Check your connection, then reload the page.");
    this.name = "ChunkLoadError";
  }
}

/**
 * Imports a lazily loaded part of the site; if its chunk fails and a new deployment replaced it, reloads
 * (see recoverFromChunkError): the returned promise then never settles (the page is about to reload).
 * Otherwise (a network that failed it, the reload guard saying no) it rejects with a ChunkLoadError,
 * for the caller to say so, the page left as it was.
 */
export async function importWithRecovery<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    console.error("A chunk failed to load", error);
    const module = await loadChunkRecovery().catch(() => null);
    if (await module?.recoverFromChunkError()) return new Promise<T>(() => {});
    throw new ChunkLoadError();
  }
}

/** How long a part whose chunk failed is not asked for again, unless the browser comes back online first. */
const OPTIONAL_PART_WAIT_MS = 5_000;

/**
 * Loads a part the page works without (toasts, the navigation bar, the account menu's panel, the search
 * suggestions), once: a failure is logged and never reloads the page (a reader may be typing); the caller
 * shows what it shows instead. Calls meanwhile get the same failure without asking for the chunk again
 * (offline, every key in the search box would), until the browser is back online or a few seconds have
 * passed: then the next call tries again.
 */
export function optionalPart<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      console.error("A chunk failed to load", error);
      const tryAgain = () => {
        loading = undefined;
        clearTimeout(wait);
        window.removeEventListener("online", tryAgain);
      };
      const wait = setTimeout(tryAgain, OPTIONAL_PART_WAIT_MS);
      window.addEventListener("online", tryAgain);
      throw new ChunkLoadError();
    }));
}

/**
 * A component loaded when it is first rendered (React.lazy, inside a Suspense) whose code the page
 * works without: should it fail to load, `unavailable` renders in its place instead of an error.
 */
export function lazyOptional<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  unavailable: ComponentType<Props>,
) {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: unavailable }),
    ),
  );
}
