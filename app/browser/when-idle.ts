/**
 * Runs fn once the browser is idle after hydration (or after a short wait where idle callbacks do
 * not exist), so deferred work never competes with first paint. Returns a cancel function, for
 * effects. Call it only in the browser.
 */
export function whenIdle(fn: () => void, timeout = 3000) {
  if ("requestIdleCallback" in window) {
    const handle = window.requestIdleCallback(fn, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(fn, 200);
  return () => clearTimeout(timer);
}
