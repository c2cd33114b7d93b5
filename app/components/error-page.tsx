import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { isUnreachable } from "~/browser/failed-navigation";
import { displayPath, statusText, takesNoForm } from "~/lib/http/status";
import { isMissingFilter, type MissingFilter } from "~/lib/http/missing-filter-check";
import { TryAgain } from "./try-again";

/**
 * What a thrown Response or error says about itself, if anything: an error page's message, or the one
 * error body's (`{ error: { message } }`, app/lib/http/error-body.ts; read here without that module, which
 * keeps its other readers out of the error page's chunk). A text in markup is not a message: it is a page
 * a gateway answered in the site's place (a 502 or 504 in front of it), never shown as its source.
 */
function messageOf(value: unknown): string | null {
  if (typeof value === "string") return value.trim() && !/<[a-z!/]/i.test(value) ? value : null;
  if (value && typeof value === "object" && "error" in value) return messageOf(value.error);
  if (value && typeof value === "object" && "message" in value && typeof value.message === "string")
    return value.message;
  return null;
}

/**
 * The error page every error boundary shows (through `GeneralErrorBoundary`, which loads this module
 * only where a page errors).
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const location = useLocation();

  if (isRouteErrorResponse(error) && error.status === 404) {
    return isMissingFilter(error.data) ? (
      <FilterNotFound missing={error.data} />
    ) : (
      <NotFound pathname={location.pathname} />
    );
  }
  // The framework's own words for a POST to a page without a form name its route module.
  if (isRouteErrorResponse(error) && error.status === 405) {
    return <MethodNotAllowed pathname={location.pathname} />;
  }

  const status = isRouteErrorResponse(error) ? error.status : 500;
  // React Router fills in "Internal Server Error" as the status text of any thrown data(), so the
  // title comes from the status itself.
  const title = statusText(status);
  const description = isRouteErrorResponse(error)
    ? (messageOf(error.data) ?? "The server could not answer this request.")
    : (messageOf(error) ?? "Something went wrong while showing this page.");

  if (!isRouteErrorResponse(error)) console.error(error);
  const unreachable = isUnreachable(error);

  return (
    <ErrorPage status={unreachable ? null : status} title={unreachable ? "The site could not be reached" : title}>
      <p className="text-muted-foreground">
        {unreachable ? "The page could not be loaded: check your connection." : description}
      </p>
      {/* A failed request may answer next time; a page that does not exist or refuses a form will not. */}
      {status >= 500 ? <TryAgain /> : null}
    </ErrorPage>
  );
}

export function NotFound({ pathname }: { pathname: string }) {
  return (
    <ErrorPage status={404} title={`Page not found: ${displayPath(pathname)}`}>
      <p className="text-muted-foreground">The address may be mistyped, or the page has moved.</p>
    </ErrorPage>
  );
}

/** The page exists, but what its address asks for does not: say what, and link to what does. */
function FilterNotFound({ missing }: { missing: MissingFilter }) {
  return (
    <ErrorPage status={404} title={`${missing.missing} does not exist`}>
      <p className="text-muted-foreground">{missing.instead}:</p>
      <ul className="flex flex-wrap gap-x-4">
        {missing.choices.map((choice) => (
          <li key={choice.href}>
            <Link to={choice.href} className="tap-line font-medium text-primary underline underline-offset-4">
              {choice.label}
            </Link>
          </li>
        ))}
      </ul>
    </ErrorPage>
  );
}

function MethodNotAllowed({ pathname }: { pathname: string }) {
  return (
    <ErrorPage status={405} title="Method not allowed">
      <p className="text-muted-foreground">
        {`${takesNoForm(displayPath(pathname))} Open it by its address, or send the form from the page it belongs to.`}
      </p>
    </ErrorPage>
  );
}

/** `status` null: no answer came, so there is no status to tell. */
function ErrorPage({ status, title, children }: { status: number | null; title: string; children: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-2xl py-16" aria-labelledby="error-title">
      <p className="text-sm font-semibold uppercase tracking-widest text-primary">
        {status === null ? "No connection" : `Error ${status}`}
      </p>
      <h1 id="error-title" className="mt-2 break-words text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">
        {title}
      </h1>
      <div className="mt-4 space-y-4">{children}</div>
      <p className="mt-8">
        <Link to="/" className="tap-line font-medium text-primary underline underline-offset-4">
          Go to the home page
        </Link>
      </p>
    </section>
  );
}
