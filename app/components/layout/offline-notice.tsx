import { useEffect, useId, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { NAVIGATION_FAILED, siteAnswers } from "~/browser/failed-navigation";
import { failed } from "~/browser/follow-up";
import { askCopyAge, askKeptCopy } from "~/browser/service-worker.client";
import { copyAge } from "~/lib/runtime/offline-copies";

/**
 * Says that the reader is offline, or that the page is the copy this device kept (the service worker
 * answered with it: offline or on a connection too slow to wait for), and how old that copy is. Part of
 * the browser runtime, so no page's first load carries it; a page opened offline has it from the
 * worker's copy of the runtime's chunk.
 */
export function OfflineNotice() {
  const { pathname, search } = useLocation();
  const [online, setOnline] = useState(() => navigator.onLine);
  const [storedAt, setStoredAt] = useState<number | null>(null);
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
    void askCopyAge(`${pathname}${search}`).then((kept) => current && setStoredAt(kept));
    return () => {
      current = false;
    };
  }, [pathname, search]);

  useOfflineLinks();
  useOfflineForms();

  const age = storedAt === null ? null : copyAge(storedAt, Date.now());
  const message = !online
    ? age
      ? `You are offline. This page is the copy kept on this device ${age}.`
      : "You are offline. This page is as it was when it loaded."
    : age
      ? `This page is the copy kept on this device ${age}, ${wasOffline ? "while you were offline" : "as the connection was too slow"}. Reload for the latest.`
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
 * Offline, a link to a page the worker kept only as a whole document (a page opened by its address,
 * never reached within the site) opens it as a document, which the worker answers with its copy; the
 * site's own navigation would ask for the page's data, which it does not have. So does a link to a page
 * with no copy at all: the worker answers with its offline page, which says so and links to the pages
 * that open offline (within the site, a page whose code never loaded would only reload the page the
 * reader is on). A link to a page whose data is kept goes as usual, as does every link when no worker
 * answers. Whether the browser is offline is read at the tap, so a tap made just as the connection went
 * is decided as offline, not by the page's last render.
 */
function useOfflineLinks() {
  const navigate = useNavigate();
  useEffect(() => {
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
        link.origin !== window.location.origin
      )
        return;
      const page = `${link.pathname}${link.search}`;
      const here = `${window.location.pathname}${window.location.search}`;
      if (page === here) return;
      // Decided once the worker answers; until then the site's own navigation waits.
      event.preventDefault();
      void askKeptCopy(page).then((kept) => {
        if (kept === "document" || kept === "none") window.location.assign(link.href);
        else void navigate(`${page}${link.hash}`);
      });
    };
    // Before the site's own links see the click (React listens on the document, in the bubbling phase).
    window.addEventListener("click", onClick, true);
    return () => window.removeEventListener("click", onClick, true);
  }, [navigate]);
}

/**
 * Offline, a search or a filter sent by a GET form goes as a link to its page does (useOfflineLinks)
 * when the worker keeps that page; with no copy, it stays on this page with what was typed, and the
 * notice every failed request shares says so (follow-up.ts), with its retry; it is sent by itself once
 * the connection returns. The site's own navigation would reload the page the reader is on when the
 * page's code never loaded, dropping their words. With no worker to ask, it stays as well.
 */
function useOfflineForms() {
  const id = useId();
  const navigate = useNavigate();
  const { key } = useLocation();
  // A page reached since ends what this one could not send.
  useEffect(() => () => failed(id, null), [id, key]);
  useEffect(() => {
    /** The form whose sending is held, and what stops the hold when the reader changes its words. */
    let held: { form: HTMLFormElement; drop: () => void } | null = null;
    const release = () => {
      held?.form.removeEventListener("input", held.drop);
      held = null;
    };
    const hold = (form: HTMLFormElement, page: string) => {
      release();
      // Words changed since are not what was sent: the held search goes, and the new words wait for their own send.
      const drop = () => {
        release();
        failed(id, null);
      };
      form.addEventListener("input", drop);
      held = { form, drop };
      failed(id, { failure: NAVIGATION_FAILED, retry: () => void send(form, page) });
    };
    const send = async (form: HTMLFormElement, page: string) => {
      // Sent again (the retry, the connection's return) only once the site answers: should the connection
      // still fail, the site's own navigation would reload this page for a page whose code never loaded.
      const answers = navigator.onLine && (await siteAnswers());
      const kept = answers ? null : await askKeptCopy(page);
      if (answers || kept === "data") {
        release();
        failed(id, null);
        void navigate(page);
      } else if (kept === "document") window.location.assign(page);
      else hold(form, page);
    };
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      // Only the site's own searches and filters, which say `method="get"`: a form with no method (sign-in,
      // which sends itself by script) reads as GET too, and its fields must never become an address.
      if (
        navigator.onLine ||
        !(form instanceof HTMLFormElement) ||
        form.getAttribute("method")?.toLowerCase() !== "get"
      )
        return;
      if (form.querySelector('input[type="password"]')) return;
      if (form.target && form.target !== "_self") return;
      const action = new URL(form.action, window.location.href);
      if (action.origin !== window.location.origin) return;
      const fields = new URLSearchParams();
      for (const [name, value] of new FormData(form, event.submitter))
        if (typeof value === "string") fields.append(name, value);
      // Before the site's own form sends it (React listens on the document).
      event.preventDefault();
      void send(form, `${action.pathname}?${fields}`);
    };
    window.addEventListener("submit", onSubmit, true);
    return () => {
      window.removeEventListener("submit", onSubmit, true);
      release();
    };
  }, [id, navigate]);
}
