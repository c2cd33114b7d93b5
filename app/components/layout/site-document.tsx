import { UNNAMED_SITE } from "~/lib/content/site-identity";
import { type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Outlet, Scripts, ScrollRestoration, useLocation, useNavigationType, Links, Meta } from "react-router";
import { useBeforePaint } from "~/browser/before-paint";
import { lazyOptional, optionalPart } from "~/browser/lazy-import";
import type { BrowserRuntimeProps } from "~/components/browser-runtime";
import { markStoredProgress, progressMarkScript } from "~/browser/progress-mark";
import { applyStoredTheme, themeScript } from "~/browser/theme";
import { focusContent, focusPageHeading } from "~/browser/focus";
import { usePublicConfig } from "~/browser/user";
import { AccountMenu } from "~/components/layout/account-menu";
import { FollowUpNotice } from "~/components/layout/follow-up-notice";
import { NavigationProgress } from "~/components/layout/navigation-progress";
import { SearchBox } from "~/components/layout/search-box";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { useNonce } from "~/components/nonce-provider";
import { LazyToaster } from "~/components/ui/lazy-toaster";
import { toast } from "~/components/ui/toast-store";
import { isDeeperThanEveryPage } from "~/lib/http/addresses";
import { areas } from "~/lib/areas";
import { storageKeys } from "~/lib/runtime/storage-keys";
import type { FlashToast } from "~/lib/http/flash-toast";
import type { PublicConfig } from "~/lib/account/public-config";

/*
 * The document every page is rendered in and what runs around every page: the root route (app/root.tsx)
 * renders these. They live here, in the shell every page loads (vite.config.ts), so the root's own chunk
 * is only its route module.
 */

/** The HTML document around every page: head, header, main, footer, notices and the app's scripts. */
export function SiteDocument({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const siteName = usePublicConfig()?.siteName ?? UNNAMED_SITE.name;
  // Only the not-found page answers such a path; it stays plain HTML (see isDeeperThanEveryPage).
  const hydrates = !isDeeperThanEveryPage(useLocation().pathname);
  useDocumentMarks();

  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" content="#b4531f" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#16100c" media="(prefers-color-scheme: dark)" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: `${themeScript};${progressMarkScript}` }} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col bg-background font-sans text-foreground antialiased">
        <a
          href="#main"
          onClick={skipToContent}
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[70] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground"
        >
          Skip to content
        </a>
        <NavigationProgress />
        <SiteHeader siteName={siteName} areas={areas} search={<SearchBox />} account={<AccountMenu />} />
        {/* At least a screen tall, so the footer starts below the fold and revealed content never pushes it.
            A word longer than the line (one a reader typed, said back) breaks rather than widen the page.
            The skip link puts focus on it (focusContent), and Tab goes on inside it. */}
        <main id="main" className="mx-auto min-h-dvh w-full max-w-6xl flex-1 break-words px-4 py-8">
          {children}
        </main>
        <SiteFooter siteName={siteName} />
        <FollowUpNotice />
        <LazyToaster />
        <ScrollRestoration nonce={nonce} />
        {hydrates ? <Scripts nonce={nonce} /> : null}
      </body>
    </html>
  );
}

/**
 * What the head's scripts and hydration mark on <html>, marked again whenever the document is
 * mounted: when the root's own data fails, React Router renders the error page in a new <html>.
 */
/**
 * Skip to content: focus goes to the page's content (its address then takes the view there), so a screen
 * reader reads on from it and Tab goes to its first control. Before the page's code runs, the link still
 * takes the view and the next Tab there.
 */
function skipToContent() {
  const main = document.getElementById("main");
  if (main) focusContent(main);
}

function useDocumentMarks() {
  useBeforePaint(() => {
    applyStoredTheme(storageKeys.theme.key);
    markStoredProgress(storageKeys.progress.key);
  }, []);
  useEffect(() => {
    // Styles and tests can tell a hydrated page from server-rendered HTML.
    document.documentElement.dataset.hydrated = "true";
  }, []);
}

/** Every page, with the server's queued toast shown and the browser runtime started once hydrated. */
export function SitePage({
  config,
  flashToast,
  uid,
}: {
  config: PublicConfig | undefined;
  flashToast: FlashToast | null;
  uid: string | null;
}) {
  useFlashToast(flashToast);
  useFocusOnNewPage();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const takePagesSeen = usePagesSeenBeforeRuntime();
  return (
    <>
      {hydrated ? <LazyBrowserRuntime config={config} uid={uid} takePagesSeen={takePagesSeen} /> : null}
      <Outlet />
    </>
  );
}

/**
 * The browser runtime renders nothing, so it loads after hydration instead of with every page's first
 * load. Reading needs none of it (analytics, the new-version check, the session's upkeep): should its
 * chunk be refused (a content blocker, a bad connection), the page goes on without it.
 */
const loadBrowserRuntime = optionalPart(() => import("~/components/browser-runtime"));
const BrowserRuntime = lazyOptional(
  () => loadBrowserRuntime().then((module) => module.BrowserRuntime),
  () => null,
);

/** A reader may go on to other pages before the runtime has loaded; the pages they saw are kept for it. */
const MAX_PAGES_SEEN = 20;

/**
 * The paths of the pages seen since hydration until the runtime takes them (its analytics counts each
 * view, the landing page's included), and from then on nothing.
 */
function usePagesSeenBeforeRuntime() {
  const { pathname } = useLocation();
  const pagesSeen = useRef<string[] | null>([]);
  useEffect(() => {
    if (pagesSeen.current && pagesSeen.current.length < MAX_PAGES_SEEN) pagesSeen.current.push(pathname);
  }, [pathname]);
  return useCallback(() => {
    const pages = pagesSeen.current ?? [];
    pagesSeen.current = null;
    return pages;
  }, []);
}

function LazyBrowserRuntime(props: BrowserRuntimeProps) {
  return (
    <Suspense fallback={null}>
      <BrowserRuntime {...props} />
    </Suspense>
  );
}

/**
 * After the site moves to another page without loading a document, focus goes to the new page's heading,
 * as a loaded document would start a screen reader at its top: the heading is read out, and Tab goes on
 * from there, not from the link tapped in the header. A change within a page (a filter, the search's
 * words, a page of a list) and a link to a place in a page (#) leave focus where the reader is, and so
 * do a field the reader is typing in while the page arrives (the header's search box) and Back and
 * Forward, which bring the reader back to where they were on the page.
 */
function useFocusOnNewPage() {
  const { pathname, hash } = useLocation();
  const navigation = useNavigationType();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    headingWatch?.();
    // A field with words in it: the reader is typing there (a suggestion chosen empties the box first).
    const field = document.activeElement?.closest<HTMLInputElement>("input, textarea, [contenteditable]");
    const typing = field && (field.isContentEditable ? field.textContent : field.value);
    headingWatch = !hash && !typing && navigation !== "POP" ? focusPageHeading() : undefined;
  }, [pathname, hash, navigation]);
}

/** Stops keeping focus on the last page's heading as it is drawn again (`focusPageHeading`). */
let headingWatch: (() => void) | undefined;

/** Shows a toast the server queued for this page. */
function useFlashToast(flash: FlashToast | null) {
  useEffect(() => {
    if (!flash) return;
    toast({ title: flash.title, description: flash.description, variant: flash.variant });
  }, [flash]);
}
