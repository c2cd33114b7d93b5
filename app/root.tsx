import {
  data,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
} from "react-router";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { importWithRecovery } from "~/browser/lazy-import";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { AccountMenu } from "~/components/layout/account-menu";
import { NavigationProgress } from "~/components/layout/navigation-progress";
import { SearchBox } from "~/components/layout/search-box";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { useNonce } from "~/components/nonce-provider";
import { toast } from "~/components/ui/toast-store";
import { LazyToaster } from "~/components/ui/lazy-toaster";
import type { PublicConfig } from "~/lib/public-config";
import { isDeeperThanEveryPage } from "~/lib/addresses";
import { areas } from "~/lib/areas";
import type { FlashToast } from "~/lib/flash-toast";
import { pageMeta } from "~/lib/meta";
import { progressMarkScript } from "~/browser/progress-mark";
import { themeScript } from "~/browser/theme";
import { type RootData } from "~/lib/user";
import { usePublicConfig } from "~/browser/user";
import { getPublicConfig } from "~/server/env.server";
import { findRedirect } from "~/server/redirects.server";
import { clearSessionCookie, getSession, toSessionUser } from "~/server/session.server";
import { readFlashToast } from "~/server/toast.server";
import stylesheet from "~/styles/app.css?url";
import type { Route } from "./+types/root";

export const links: Route.LinksFunction = () => [
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" as const },
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.png", type: "image/png" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(loaderData?.config.siteName, {
    title: loaderData?.config.siteName ?? "Reading companion",
    description: "A spoiler-safe reading companion for a serialized story in every medium.",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const target = await findRedirect(context, pathname);
  if (target) throw redirect(target.to, target.status);

  const [{ toast: flashToast, headers: toastHeaders }, session] = await Promise.all([
    readFlashToast(request, context.env),
    getSession(request, context.env),
  ]);
  const headers = new Headers(toastHeaders);
  if (session.stale) headers.append("Set-Cookie", await clearSessionCookie(context.env));
  const user = session.user && toSessionUser(session.user);
  return data({ config: getPublicConfig(context.env), toast: flashToast, user } satisfies RootData, { headers });
}

/** The redirect lookup must run for every path, so client navigations re-run this loader. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const siteName = usePublicConfig()?.siteName ?? "Reading companion";
  // Only the not-found page answers such a path; it stays plain HTML (see isDeeperThanEveryPage).
  const hydrates = !isDeeperThanEveryPage(useLocation().pathname);

  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" content="#b4531f" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: `${themeScript};${progressMarkScript}` }} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col bg-background font-sans text-foreground antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[70] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground"
        >
          Skip to content
        </a>
        <NavigationProgress />
        <SiteHeader siteName={siteName} areas={areas} search={<SearchBox />} account={<AccountMenu />} />
        {/* At least a screen tall, so the footer starts below the fold and revealed content never pushes it. */}
        <main id="main" className="mx-auto min-h-dvh w-full max-w-6xl flex-1 px-4 py-8">
          {children}
        </main>
        <SiteFooter siteName={siteName} />
        <LazyToaster />
        <ScrollRestoration nonce={nonce} />
        {hydrates ? <Scripts nonce={nonce} /> : null}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useFlashToast(loaderData.toast);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    // Styles and tests can tell a hydrated page from server-rendered HTML.
    document.documentElement.dataset.hydrated = "true";
    setHydrated(true);
  }, []);
  return (
    <>
      {hydrated ? <LazyBrowserRuntime config={loaderData.config} uid={loaderData.user?.uid ?? null} /> : null}
      <Outlet />
    </>
  );
}

/** The browser runtime renders nothing, so it loads after hydration instead of with every page's first load. */
const BrowserRuntime = lazy(() =>
  importWithRecovery(() => import("~/components/browser-runtime")).then((module) => ({
    default: module.BrowserRuntime,
  })),
);

function LazyBrowserRuntime(props: { config: PublicConfig | undefined; uid: string | null }) {
  return (
    <Suspense fallback={null}>
      <BrowserRuntime {...props} />
    </Suspense>
  );
}

/** Shows a toast the server queued for this page. */
function useFlashToast(flash: FlashToast | null) {
  useEffect(() => {
    if (!flash) return;
    toast({ title: flash.title, description: flash.description, variant: flash.variant });
  }, [flash]);
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
