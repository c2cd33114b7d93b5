import { createRequestHandler } from "@react-router/cloudflare";
// eslint-disable-next-line @typescript-eslint/ban-ts-comment -- the server build exists only after `npm run build`
// @ts-ignore it is JavaScript without types, and missing before the first build
import * as build from "../build/server";
import { getLoadContext } from "../load-context";
import { serveFromEdgeCache } from "../app/server/edge-cache.server";
import { serveAtTheEdge } from "../app/server/edge.server";
import { answerResourceErrors } from "../app/server/resource-errors.server";
import { refuseStrayForms } from "../app/server/stray-forms.server";
import type { Bindings } from "../app/server/env.server";

/*
 * React Router's handler for a Pages Function, without the asset lookup its Pages wrapper makes first
 * (a subrequest on every page): public/_routes.json keeps every static file off the Function.
 */
const handleRequest = createRequestHandler<Bindings>({
  build: answerResourceErrors(refuseStrayForms(build)),
  getLoadContext,
});

/** entry.server's build id (app/lib/runtime/build-id.ts); "development" only if a build ever lacks it. */
const buildId: string = typeof build.entry?.module?.buildId === "string" ? build.entry.module.buildId : "development";

export const onRequest: typeof handleRequest = (context) =>
  serveAtTheEdge(context.request, (request) =>
    serveFromEdgeCache(
      { request, kv: context.env.REDIRECTS, buildId },
      // The guard's copy of a POST carries what React Router reads (URL, method, headers, body), not `cf`.
      async () => handleRequest({ ...context, request: request as typeof context.request }),
    ),
  );
