import type { MetaFunction } from "react-router";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { displayPath } from "~/lib/http-status";
import { pageMeta, siteNameFrom } from "~/lib/meta";
import { notFound } from "~/server/not-found.server";

/** Every address no other route claims. */
export function loader() {
  notFound();
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
