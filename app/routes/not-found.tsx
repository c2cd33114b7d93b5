import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { displayPath } from "~/lib/http/display-path";
import { pageMeta } from "~/lib/http/meta";
import { notFound } from "~/server/not-found.server";
import type { Route } from "./+types/not-found";

/** Every address no other route claims. */
export function loader() {
  notFound();
}

/** A form sent to an address no route claims is a 404 too, not a 405 (the edge never hands it a body). */
export function action() {
  notFound();
}

export const meta: Route.MetaFunction = ({ location, matches, error }) =>
  pageMeta(
    { matches, error },
    {
      title: "Page not found",
      description: `Page not found: ${displayPath(location.pathname)}`,
    },
  );

export default function NotFoundRoute() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
