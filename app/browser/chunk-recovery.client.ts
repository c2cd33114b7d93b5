import { BUILD_ID } from "~/lib/runtime/build-id";
import { mayReload } from "~/lib/runtime/reload-guard";
import { readStored, writeStored } from "~/browser/storage";
import { fetchLatestBuildId } from "~/browser/new-version.client";

/**
 * A piece of JavaScript failed to load (importWithRecovery in lazy-import.ts, which loads this module).
 * When a new deployment replaced it (the deployed build is not this page's), only a reload brings the
 * page's code back: it reloads, at most once per path per 10 s, and resolves true. Otherwise (the
 * network failed it, the browser is offline, the check could not be made, or the guard says no) it
 * resolves false and nothing is reloaded: the caller says the part could not be loaded, and the page
 * and what the reader was doing on it stay.
 */
export async function recoverFromChunkError(): Promise<boolean> {
  // Offline, a reload would replace the page the reader has with the browser's own error page.
  if (!navigator.onLine) return false;
  const latest = await fetchLatestBuildId();
  if (latest === null || latest === BUILD_ID) return false;
  const path = window.location.pathname;
  const last = readStored("chunkReload", `:${path}`);
  const now = Date.now();
  if (!mayReload(last === null ? null : Number(last), now)) return false;
  writeStored("chunkReload", String(now), `:${path}`);
  window.location.reload();
  return true;
}
