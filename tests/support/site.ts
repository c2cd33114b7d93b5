/**
 * The whole site inside workerd: the real route modules, the real entry.server and the load context
 * the Pages Function builds, as a server build. `fetchDeployed` serves it through the site's one
 * request handler (`createSiteHandler`, serve-site.ts), the same function functions/[[path]].ts and
 * `npm run dev` serve through, so a request goes through everything a deployed one does (request
 * guards, the edge cache, route matching, `.data` requests, the framework's checks, error boundaries,
 * rendering, response headers) except the static asset server. `fetchSite` is React Router's handler
 * alone, for what a test checks of the framework's part.
 */
import {
  createRequestHandler,
  type ServerBuild,
  UNSAFE_withComponentProps as withComponentProps,
  UNSAFE_withErrorBoundaryProps as withErrorBoundaryProps,
  UNSAFE_withHydrateFallbackProps as withHydrateFallbackProps,
} from "react-router";
import { env } from "cloudflare:workers";
import * as entryServer from "../../app/entry.server";
import type { EdgeCache } from "../../app/server/edge-cache.server";
import type { Bindings } from "../../app/server/env.server";
import { createSiteHandler, type SiteOptions } from "../../serve-site";
import { bindingsWith, createLoadContext } from "./workers-context";

export const siteOrigin = "https://companion.test";

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
type AssetsRoute = ServerBuild["assets"]["routes"][string];

/** A route module as written: its components take `loaderData` and friends as props. */
type SourceRouteModule = Omit<RouteModule, "default" | "ErrorBoundary" | "HydrateFallback"> & {
  /** Typed as always there, as React Router types it; resource routes leave it out. */
  default: Parameters<typeof withComponentProps>[0];
  ErrorBoundary?: Parameters<typeof withErrorBoundaryProps>[0];
  HydrateFallback?: Parameters<typeof withHydrateFallbackProps>[0];
};

const modules = {
  ...import.meta.glob<SourceRouteModule>("../../app/root.tsx", { eager: true }),
  // A route's component test sits beside it and is no route module.
  ...import.meta.glob<SourceRouteModule>(["../../app/routes/*.{ts,tsx}", "!../../app/routes/*.test.{ts,tsx}"], {
    eager: true,
  }),
};

/** A route module as the framework's Vite plugin compiles it: its components are wrapped to get those props. */
function moduleOf(file: string): RouteModule {
  const module = modules[`../../app/${file}`];
  if (!module) throw new Error(`No route module at app/${file}`);
  const { default: Component, ErrorBoundary, HydrateFallback, ...rest } = module;
  return {
    ...rest,
    // Left undefined for resource routes: that is how the framework tells them apart.
    default: Component && withComponentProps(Component),
    ...(ErrorBoundary ? { ErrorBoundary: withErrorBoundaryProps(ErrorBoundary) } : {}),
    ...(HydrateFallback ? { HydrateFallback: withHydrateFallbackProps(HydrateFallback) } : {}),
  };
}

const routeList = [
  { id: "root", parentId: undefined, path: "", index: undefined, file: "root.tsx" },
  ...env.TEST_ROUTES,
];

/** What the browser's manifest says of a route: what it exports, and a stand-in script path. */
function describeRoute({ id, parentId, path, index }: (typeof routeList)[number], module: RouteModule): AssetsRoute {
  return {
    id,
    parentId,
    path,
    index,
    caseSensitive: undefined,
    hasAction: "action" in module,
    hasLoader: "loader" in module,
    hasClientAction: "clientAction" in module,
    hasClientLoader: "clientLoader" in module,
    hasClientMiddleware: "clientMiddleware" in module,
    hasErrorBoundary: "ErrorBoundary" in module,
    module: `/assets/${id}.js`,
    imports: [],
    css: [],
    clientActionModule: undefined,
    clientLoaderModule: undefined,
    clientMiddlewareModule: undefined,
    hydrateFallbackModule: undefined,
  };
}

const routes: ServerBuild["routes"] = {};
const assetRoutes: ServerBuild["assets"]["routes"] = {};
for (const route of routeList) {
  const module = moduleOf(route.file);
  routes[route.id] = {
    id: route.id,
    parentId: route.parentId,
    path: route.path,
    index: route.index,
    caseSensitive: undefined,
    module,
  };
  assetRoutes[route.id] = describeRoute(route, module);
}

/** The same settings `react-router build` writes into build/server/index.js for this app. */
export const build: ServerBuild = {
  entry: { module: entryServer },
  routes,
  assets: {
    entry: { module: "/assets/entry.client.js", imports: [] },
    routes: assetRoutes,
    url: "/assets/manifest.js",
    version: "test",
  },
  basename: "/",
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: { v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: false, v8_middleware: false },
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  allowedActionOrigins: false,
};

/** React Router's handler over it, in production mode: errors reach the browser as they would in production (no stack, no dev overlay). */
export const reactRouter = createRequestHandler(build, "production");

export interface SiteRequestInit extends RequestInit {
  /** Bindings to replace for this request (a failing D1 or KV, another JWKS URL). */
  bindings?: Partial<Bindings>;
}

/** Sends a request for `path` (or a full Request) to React Router's handler, without the edge. */
export function fetchSite(path: string | Request, { bindings, ...init }: SiteRequestInit = {}): Promise<Response> {
  const request = typeof path === "string" ? new Request(`${siteOrigin}${path}`, init) : path;
  return reactRouter(request, createLoadContext(request, bindings));
}

/**
 * An edge cache that keeps nothing, as under `npm run dev`: tests that are not about the cache never
 * meet a copy another test stored (the edge cache's own tests hand `deploy` the real one).
 */
export const cacheKeepingNothing: EdgeCache = {
  match: async () => undefined,
  put: async () => {},
};

/** The site as deployed: the one request handler over this build (its own build id keeps its cached copies apart). */
export function deploy(options: SiteOptions & { cache?: EdgeCache } = {}) {
  const serve = createSiteHandler(build, options);
  const cache = options.cache ?? cacheKeepingNothing;
  return (request: Request, bindings: Partial<Bindings> = {}) => serve(request, bindingsWith(bindings), cache);
}

const deployed = deploy();

/** Sends a request through the whole site as the Pages Function serves it (serve-site.ts: the edges, the edge cache, React Router). */
export function fetchDeployed(path: string | Request, init: SiteRequestInit = {}): Promise<Response> {
  const request = typeof path === "string" ? new Request(`${siteOrigin}${path}`, init) : path;
  return deployed(request, init.bindings);
}
