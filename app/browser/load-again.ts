/**
 * A "Load it again" link (`data-load-again`) loads the page again where the reader was: the address with
 * its hash (`/reading_tracker#up-next`), which the link's own address cannot carry (the server never
 * sees a hash) and which, followed as a link, would only scroll. It must stay self-contained and small:
 * its source is inlined beside the link (loadAgainScript, the tracker's loading screen), so it works
 * where the page's own code never arrived, which is what such a link is for.
 */
export function loadAgainWhereTheReaderWas() {
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a[data-load-again]") : null;
    if (!link || event.defaultPrevented || event.button || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    location.reload();
  });
}

/** Inline script; the HTML stays the same for every reader, so pages remain cacheable. */
export const loadAgainScript = `(${loadAgainWhereTheReaderWas.toString()})()`;
