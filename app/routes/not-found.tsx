import { data } from "@remix-run/cloudflare";
import type { MetaFunction } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { displayPath } from "~/lib/http-status";
import { pageMeta, siteNameFrom } from "~/lib/meta";

/** Every address no other route claims. */
export function loader() {
  throw data(null, { status: 404 });
}

export const meta: MetaFunction = ({ location, matches }) =>
  pageMeta(siteNameFrom(matches), {
    title: "Page not found",
    description: `Page not found: ${displayPath(location.pathname)}`,
  });

export default function NotFoundRoute() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
