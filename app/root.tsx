import { data, redirect, type ShouldRevalidateFunction } from "react-router";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { SiteDocument, SitePage } from "~/components/layout/site-document";
import { pageMeta } from "~/lib/http/meta";
import { type RootData } from "~/lib/account/user";
import { getPublicConfig } from "~/server/env.server";
import { siteIdentity } from "~/server/site-identity.server";
import { UNNAMED_SITE } from "~/lib/content/site-identity";
import { findRedirect, redirectLocation } from "~/server/redirects.server";
import { clearSessionCookies, getSession, toSessionUser } from "~/server/session.server";
import { readFlashToast } from "~/server/toast.server";
import stylesheet from "~/styles/app.css?url";
import type { Route } from "./+types/root";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

export const links: Route.LinksFunction = () => [
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" as const },
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.png", type: "image/png" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  pageMeta(
    { matches, error },
    {
      title: loaderData?.config.siteName ?? UNNAMED_SITE.name,
      description: loaderData?.config.siteDescription ?? UNNAMED_SITE.description,
    },
  );

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname, search } = new URL(request.url);
  const target = await findRedirect(context, pathname);
  if (target) throw redirect(redirectLocation(target.to, search), target.status);

  const [{ toast: flashToast, headers: toastHeaders }, session, site] = await Promise.all([
    readFlashToast(request, context.env),
    getSession(request, context.env),
    siteIdentity(context),
  ]);
  const headers = new Headers(toastHeaders);
  if (session.stale) for (const cookie of await clearSessionCookies(context.env)) headers.append("Set-Cookie", cookie);
  const user = session.user && toSessionUser(session.user);
  return data({ config: getPublicConfig(context.env, site), toast: flashToast, user } satisfies RootData, { headers });
}

/** The redirect lookup must run for every path, so client navigations re-run this loader. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;

export function Layout({ children }: { children: ReactNode }) {
  return <SiteDocument>{children}</SiteDocument>;
}

export default function App({ loaderData }: Route.ComponentProps) {
  return <SitePage config={loaderData.config} flashToast={loaderData.toast} uid={loaderData.user?.uid ?? null} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
