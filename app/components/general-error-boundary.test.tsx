// @vitest-environment node -- this file checks the markup the server sends, before any script runs.
import { createRoutesStub } from "react-router";
import { renderToString } from "react-dom/server";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GeneralErrorBoundary } from "./general-error-boundary";
import { serverRenderedLazyReady } from "./server-rendered-lazy";

/**
 * What React Router hands an error boundary for a thrown `data(value, { status })`: an ErrorResponse
 * whose statusText is "Internal Server Error" whatever the status, unless the thrower set one.
 */
function thrownResponse(status: number, data: unknown, statusText = "Internal Server Error") {
  return { status, statusText, data, internal: false };
}

/** The text of the page a route shows when its loader failed with `error`. */
function renderError(error: unknown, path = "/page") {
  const Stub = createRoutesStub([
    { id: "page", path: "*", Component: () => null, ErrorBoundary: GeneralErrorBoundary },
  ]);
  const html = renderToString(<Stub initialEntries={[path]} hydrationData={{ errors: { page: error } }} />);
  return html.replace(/<!-- -->/g, "");
}

describe("GeneralErrorBoundary", () => {
  // As the server does before rendering a document: the error page's code is then rendered in one pass.
  beforeAll(() => serverRenderedLazyReady());
  beforeEach(() => vi.spyOn(console, "error").mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  it("shows Internal Server Error, status 500 and the error's message for a thrown error", () => {
    const html = renderError(new Error("The lantern went out"));
    expect(html).toContain("Error 500");
    expect(html).toContain(">Internal Server Error</h1>");
    expect(html).toContain("The lantern went out");
    expect(html).not.toMatch(/at \w+ \(/); // no stack trace
  });

  it("keeps a thrown response's status and message", () => {
    const html = renderError(thrownResponse(503, { message: "The story database is not answering right now." }));
    expect(html).toContain("Error 503");
    expect(html).toContain(">Service Unavailable</h1>");
    expect(html).toContain("The story database is not answering right now.");
  });

  it("names a refused request by its status, not by the status text React Router fills in", () => {
    const html = renderError(thrownResponse(403, { message: "Only moderators can open triage." }));
    expect(html).toContain("Error 403");
    expect(html).toContain(">Forbidden</h1>");
    expect(html).toContain("Only moderators can open triage.");
  });

  it("shows the not-found message with the path as text, never as markup", () => {
    const html = renderError(thrownResponse(404, null), "/x/%3Cb%3Ebold%3C%2Fb%3E");
    expect(html).toContain("Page not found: /x/&lt;b&gt;bold&lt;/b&gt;");
    expect(html).not.toContain("<b>bold</b>");
  });
});
