/**
 * Runs fn once the page has loaded (its `load` event) and the browser is then idle (or after a short
 * wait where idle callbacks do not exist), so deferred work never competes with first paint, and what
 * it starts (a library's own script from a host that may never answer) never holds the page's load
 * back. Returns a cancel function, for effects. Call it only in the browser.
 */
export function whenIdle(fn: () => void, timeout = 3000) {
  let cancel = () => {};
  const afterLoad = () => {
    cancel = onceIdle(fn, timeout);
  };
  if (document.readyState === "complete") afterLoad();
  else {
    window.addEventListener("load", afterLoad, { once: true });
    cancel = () => window.removeEventListener("load", afterLoad);
  }
  return () => cancel();
}

function onceIdle(fn: () => void, timeout: number) {
  if ("requestIdleCallback" in window) {
    const handle = window.requestIdleCallback(fn, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(fn, 200);
  return () => clearTimeout(timer);
}

/**
 * Resolves once the browser has painted what is on screen now (or after 100 ms, where frames are not
 * drawn: a hidden tab), so a tap's own answer shows first and the work it starts, such as the whole
 * page drawn again for new progress, runs after it, off the input's frame.
 */
export function afterNextPaint() {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}
