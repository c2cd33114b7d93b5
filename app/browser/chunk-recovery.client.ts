import { mayReload } from "~/lib/reload-guard";
import { readStored, writeStored } from "~/browser/storage";
import { fetchLatestBuildId } from "./new-version.client";

/**
 * A piece of JavaScript failed to load: most likely a new deployment replaced it. Check for one and
 * reload, at most once per path per 10 s; returns false when the guard says no (the caller then
 * shows the general error page instead of reloading in a loop).
 */
export function recoverFromChunkError(): boolean {
  const path = window.location.pathname;
  const last = readStored("chunkReload", `:${path}`);
  const now = Date.now();
  if (!mayReload(last === null ? null : Number(last), now)) return false;
  writeStored("chunkReload", String(now), `:${path}`);
  void fetchLatestBuildId().finally(() => window.location.reload());
  return true;
}

export class ChunkLoadError extends Error {
  constructor() {
    super("Part of the site could not be loaded. Check your connection, then reload the page.");
    this.name = "ChunkLoadError";
  }
}

/**
 * Imports a lazily loaded part of the site; if its chunk fails, recovers as above: the returned
 * promise then never settles (the page is about to reload) or rejects with a ChunkLoadError.
 */
export async function importWithRecovery<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    console.error("A chunk failed to load", error);
    if (recoverFromChunkError()) return new Promise<T>(() => {});
    throw new ChunkLoadError();
  }
}
