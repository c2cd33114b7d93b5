import { mayReload } from "~/lib/runtime/reload-guard";
import { readStored, writeStored } from "~/browser/storage";

/**
 * A piece of JavaScript failed to load (importWithRecovery in lazy-import.ts, which loads this module):
 * most likely a new deployment replaced it. Check for one and reload, at most once per path per 10 s;
 * returns false when the guard says no (the caller then shows the general error page instead of
 * reloading in a loop, or when the browser is offline).
 */
export function recoverFromChunkError(): boolean {
  // Offline, a reload would replace the page the reader has with the browser's own error page.
  if (!navigator.onLine) return false;
  const path = window.location.pathname;
  const last = readStored("chunkReload", `:${path}`);
  const now = Date.now();
  if (!mayReload(last === null ? null : Number(last), now)) return false;
  writeStored("chunkReload", String(now), `:${path}`);
  // Asks for the deployed build's id as the new-version check does (not importing that module, which
  // would split it into a chunk the browser runtime then waits for), and reloads whatever the answer.
  void fetch(`/builds/latest.json?${now}`, { cache: "no-store" })
    .catch(() => null)
    .finally(() => window.location.reload());
  return true;
}
