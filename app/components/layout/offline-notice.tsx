import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { askCopy, askKeptCopy } from "~/browser/service-worker.client";
import { copyAge } from "~/lib/runtime/offline-copies";
import type { CopyReason } from "~/lib/runtime/worker-messages";

/**
 * Says that the reader is offline, or that the page is the copy this device kept (the service worker
 * answered with it: offline, the network failed, or a connection too slow to wait for), and how old that
 * copy is. Part of the browser runtime, so no page's first load carries it; a page opened offline has it
 * from the worker's copy of the runtime's chunk.
 */
export function OfflineNotice() {
  const { pathname, search } = useLocation();
  const [online, setOnline] = useState(() => navigator.onLine);
  const [copy, setCopy] = useState<{ storedAt: number; reason: CopyReason } | null>(null);
  // Whether the reader was offline on this page: a copy shown online since is one for that reason.
  const [wasOffline, setWasOffline] = useState(() => !navigator.onLine);

  useEffect(() => setWasOffline(!navigator.onLine), [pathname, search]);
  useEffect(() => {
    if (!online) setWasOffline(true);
  }, [online]);

  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);

  useEffect(() => {
    let current = true;
    void askCopy(`${pathname}${search}`).then((kept) => current && setCopy(kept));
    return () => {
      current = false;
    };
  }, [pathname, search]);

  useOfflineDocuments();

  const age = copy === null ? null : copyAge(copy.storedAt, Date.now());
  const why = wasOffline
    ? "while you were offline"
    : copy?.reason === "unreachable"
      ? "as there was no connection"
      : "as the connection was too slow";
  const message = !online
    ? age
      ? `You are offline. This page is the copy kept on this device ${age}.`
      : "You are offline. This page is as it was when it loaded."
    : age
      ? `This page is the copy kept on this device ${age}, ${why}. Reload for the latest.`
      : null;
  return (
    // The live region is always there, so what it comes to say is announced.
    <div aria-live="polite">
      {message ? (
        <p className="mb-6 rounded-lg border border-border bg-muted px-3 py-2 text-sm" data-offline-notice="">
          {message}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Offline, a link to a page the worker kept only as a whole document (a page opened by its address, never
 * reached within the site), or a search or a filter sent by a GET form to such a page, opens it as a
 * document, which the worker answers with its copy: the site's own navigation would ask for the page's
 * data, which it does not have. Every other tap goes by the site's own navigation, which opens a page
 * whose data is kept and holds one that cannot come on the page the reader has, with the words typed
 * (failed-navigation.ts). Whether the browser is offline is read at the tap, so a tap made just as the
 * connection went is decided as offline, not by the page's last render.
 */
function useOfflineDocuments() {
  const navigate = useNavigate();
  useEffect(() => {
    // Decided once the worker answers (at once when there is none); until then the site's own navigation waits.
    const open = (event: Event, page: string, hash = "") => {
      event.preventDefault();
      void askKeptCopy(page).then((kept) => {
        if (kept === "document") window.location.assign(`${page}${hash}`);
        else void navigate(`${page}${hash}`);
      });
    };
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (
        navigator.onLine ||
        !(link instanceof HTMLAnchorElement) ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey ||
        (link.target && link.target !== "_self") ||
        link.hasAttribute("download") ||
        // A link that opens a part of this page (the search box on a phone) does that, offline too.
        link.hasAttribute("aria-controls") ||
        link.origin !== window.location.origin ||
        // A file (a feed, a calendar, the API's description) is no page of the site: the browser opens it.
        /\.\w+$/.test(link.pathname)
      )
        return;
      const page = `${link.pathname}${link.search}`;
      if (page !== `${window.location.pathname}${window.location.search}`) open(event, page, link.hash);
    };
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      // Only the site's own searches and filters, which say `method="get"`: a form with no method (sign-in,
      // which sends itself by script) reads as GET too, and its fields must never become an address.
      if (
        navigator.onLine ||
        !(form instanceof HTMLFormElement) ||
        form.getAttribute("method")?.toLowerCase() !== "get" ||
        form.querySelector('input[type="password"]') ||
        (form.target && form.target !== "_self")
      )
        return;
      const action = new URL(form.action, window.location.href);
      if (action.origin !== window.location.origin) return;
      const fields = new URLSearchParams();
      for (const [name, value] of new FormData(form, event.submitter))
        if (typeof value === "string") fields.append(name, value);
      open(event, `${action.pathname}?${fields}`);
    };
    // Before the site's own links and forms see the tap (React listens on the document, in the bubbling phase).
    window.addEventListener("click", onClick, true);
    window.addEventListener("submit", onSubmit, true);
    return () => {
      window.removeEventListener("click", onClick, true);
      window.removeEventListener("submit", onSubmit, true);
    };
  }, [navigate]);
}
