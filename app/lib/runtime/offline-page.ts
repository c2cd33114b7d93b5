import { areas, footerLinks } from "../areas";
import { pageOf } from "./offline-copies";

/**
 * The page the service worker answers with when a page is opened by its address (a link from elsewhere,
 * the address bar, a bookmark) while offline and no copy of it is on the device: the site's own word
 * instead of the browser's error page, with the way back to what does open offline. Plain HTML built in
 * the worker, with one short script of its own (OFFLINE_PAGE_SCRIPT): nothing of the site's code or data
 * is needed to show it.
 */

/**
 * The offline page's only script: it asks the site for the build's id (which no copy answers) when the
 * browser says the connection is back, and, while the browser says it is online (a network that does not
 * reach the site shows this page too), again after 3 s, 6 s, 12 s and so on up to a minute apart. Once
 * the site answers, the page asked for is loaded again, so it opens by itself as the site's own pages do.
 * A gateway's error is not an answer: the page stays, with its ways out. A page the reader is leaving
 * (a link tapped, "Try again") is never loaded again over their tap.
 */
export const OFFLINE_PAGE_SCRIPT = `
let leaving = false;
let timer;
addEventListener("beforeunload", () => {
  leaving = true;
});
function askAfter(wait) {
  clearTimeout(timer);
  timer = setTimeout(() => {
    fetch("/builds/latest.json?" + Date.now(), { cache: "no-store" })
      .then((response) => response.ok, () => false)
      .then((answers) => {
        if (leaving) return;
        if (answers) location.reload();
        else if (navigator.onLine) askAfter(Math.min(Math.max(wait * 2, 3000), 60000));
      });
  }, wait);
}
addEventListener("online", () => askAfter(0));
addEventListener("offline", () => clearTimeout(timer));
if (navigator.onLine) askAfter(3000);
`;

/**
 * The offline page's Content-Security-Policy: its inline styles, its one script by its hash, and that
 * script's one question to the site; nothing else.
 */
export async function offlinePagePolicy() {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(OFFLINE_PAGE_SCRIPT));
  const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
  return `default-src 'none'; script-src 'sha256-${hash}'; connect-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
}

/** A page the offline page links to: one whose document is on the device, so it opens by its address. */
export interface OfflineWayOut {
  path: string;
  label: string;
}

const entryPoints: readonly OfflineWayOut[] = [
  { path: "/", label: "Home" },
  // The tracker lists what the reader stored for offline ("Stored for offline").
  ...areas.map((area) =>
    area.path === "/reading_tracker"
      ? { path: area.path, label: "Reading tracker, with what you stored for offline" }
      : area,
  ),
  ...footerLinks,
];

/** What the worker lists of a unit stored for offline: its place ("Arc 5"), its pages, the addresses kept. */
export interface StoredForOffline {
  place: string;
  pages: readonly string[];
  addresses: readonly string[];
}

/** The pages whose document a list of kept addresses holds (its data alone does not open it by its address). */
const documentsIn = (keptUrls: readonly string[]) =>
  keptUrls.filter((url) => !new URL(url).pathname.endsWith(".data")).map(pageOf);

const holdsDocument = (keptUrls: readonly string[], page: string) => documentsIn(keptUrls).includes(page);

/**
 * The address of a main page a list of kept addresses holds: the page itself, else the first kept of
 * its other parts (`/web_novel?arc=2`, `/light_novels?collection=ex`), which opens by its own address.
 */
function keptEntryPoint(documents: readonly string[], path: string) {
  return documents.includes(path) ? path : (documents.find((page) => page.startsWith(`${path}?`)) ?? null);
}

/**
 * The site's main pages whose document a list of kept addresses holds, at one of its parts where only that
 * is kept, in navigation order, then the first page of each unit stored for offline (an arc's page of the
 * web novel, a season's of the anime) whose document is kept. Named by their area, or the unit by its
 * place, alone: a kept page's title may name what the reader has since set their progress back from, and
 * neither of those ever does.
 */
export function offlineWaysOut(keptUrls: readonly string[], stored: readonly StoredForOffline[] = []): OfflineWayOut[] {
  const documents = documentsIn(keptUrls);
  const main = entryPoints.flatMap((entry) => {
    const path = keptEntryPoint(documents, entry.path);
    return path ? [{ ...entry, path }] : [];
  });
  const units = stored.flatMap(({ place, pages: [first], addresses }) =>
    first && holdsDocument(addresses, first) ? [{ path: first, label: place }] : [],
  );
  return [...main, ...units];
}

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => escapes[character] ?? character);

/**
 * The offline page's HTML for `url` (the whole address asked for: a path that begins "//" would be
 * another site's address on its own), linking to `waysOut`. `checkedAt` is the time the connection was
 * found missing, on the reader's clock as the site writes times ("00:50", formatClockTime): each "Try
 * again" made while still offline draws the page again with the time of that try.
 */
export function offlinePageHtml(url: string, waysOut: readonly OfflineWayOut[], checkedAt: string) {
  const asked = new URL(url);
  const address = `${asked.pathname}${asked.search}`;
  const links = waysOut
    .map((way) => `<li><a href="${escapeHtml(way.path)}">${escapeHtml(way.label)}</a></li>`)
    .join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>You are offline</title>
<style>
:root { color-scheme: light dark; --bg: #fdfbf7; --fg: #2b241d; --muted: #675d52; --link: #a2461b; }
@media (prefers-color-scheme: dark) { :root { --bg: #1f1b17; --fg: #ede9e3; --muted: #b3aa9f; --link: #eba55b; } }
body { margin: 0; background: var(--bg); color: var(--fg); font: 1rem/1.6 system-ui, sans-serif; }
main { max-width: 36rem; margin: 0 auto; padding: 3rem 1.25rem; overflow-wrap: anywhere; }
h1 { font-size: 1.75rem; line-height: 1.2; margin: 0 0 1rem; }
h2 { font-size: 1.25rem; margin: 2rem 0 0.5rem; }
p { margin: 0 0 1rem; }
.muted { color: var(--muted); }
a { color: var(--link); }
.again { display: inline-block; padding: 0.6rem 0; font-weight: 600; }
ul { list-style: none; margin: 0; padding: 0; }
li a { display: block; padding: 0.6rem 0; line-height: 1.5; }
</style>
</head>
<body>
<main>
<h1>You are offline</h1>
<p>This page is not on this device: it opens by itself when the connection is back.</p>
<p class="muted">${escapeHtml(address)}</p>
<p><a class="again" href="${escapeHtml(asked.href)}">Try again</a></p>
<p class="muted" role="status">No connection at ${escapeHtml(checkedAt)}.</p>
${
  links
    ? `<h2>On this device</h2>\n<p>These pages open offline, as you last saw them:</p>\n<ul>${links}</ul>`
    : "<p>No page of the site is on this device yet: the pages you visit online open offline afterwards.</p>"
}
</main>
<script>${OFFLINE_PAGE_SCRIPT}</script>
</body>
</html>
`;
}
