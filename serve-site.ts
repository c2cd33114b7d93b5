import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import { type EdgeCache, serveFromEdgeCache } from "./app/server/edge-cache.server";
import { serveAtTheEdge } from "./app/server/edge.server";
import type { Bindings } from "./app/server/env.server";
import { getLoadContext } from "./load-context";

/** What answers a request once the edges have let it through: React Router, or a test's stand-in for it. */
export type HandleRequest = (request: Request, context: AppLoadContext) => Promise<Response>;

export interface Deployment {
  /** The build the edge cache keys its copies by. */
  buildId: string;
  /** Where the edge cache keeps them: `caches.default` deployed; under `npm run dev`, the platform proxy's (which keeps nothing). */
  cache: EdgeCache;
  handle: HandleRequest;
}

/**
 * The site's request handling, the one way every request is served: the request's edges (refusals of
 * oversized, wrong-method and cross-site requests, the API's edges, security headers, conditional GET),
 * the edge cache, then `handle` with the load context (load-context.ts) over these bindings. The Pages
 * Function (functions/[[path]].ts), `npm run dev` (dev-server.ts) and the whole-site tests
 * (tests/support/site.ts) all serve through it, by way of `createSiteHandler`.
 */
export function serveSite(request: Request, bindings: Bindings, { buildId, cache, handle }: Deployment) {
  return serveAtTheEdge(request, (handed) =>
    serveFromEdgeCache({ request: handed, kv: bindings.REDIRECTS, buildId, cache }, () =>
      handle(handed, getLoadContext({ request: handed, context: { cloudflare: { env: bindings } } })),
    ),
  );
}

/** entry.server's build id (app/lib/runtime/build-id.ts); "development" where a build lacks it. */
function buildIdOf(build: ServerBuild) {
  const entry: object = build.entry.module;
  return "buildId" in entry && typeof entry.buildId === "string" ? entry.buildId : "development";
}

export interface SiteOptions {
  mode?: "production" | "development";
  /** Another build id than the build's own (tests keep their cached copies apart with it). */
  buildId?: string;
}

/** `serveSite` over React Router's handler for this server build: `(request, bindings, cache) => Response`. */
export function createSiteHandler(
  build: ServerBuild,
  { mode = "production", buildId = buildIdOf(build) }: SiteOptions = {},
) {
  const handle = createRequestHandler(build, mode);
  return (request: Request, bindings: Bindings, cache: EdgeCache) =>
    serveSite(request, bindings, { buildId, cache, handle });
}
