import type { ServerResponse } from "node:http";
import { cloudflareDevProxy } from "@react-router/dev/vite/cloudflare";
import type { Connect, Plugin } from "vite";
import type { EdgeCache } from "./app/server/edge-cache.server";
import type { Bindings } from "./app/server/env.server";
import type { createSiteHandler } from "./serve-site";

/** A request from Node's server as the Fetch API's `Request` (its body read whole: the edges still hold it to the route's limit). */
async function requestOf(incoming: Connect.IncomingMessage, signal: AbortSignal) {
  const url = new URL(incoming.originalUrl ?? incoming.url ?? "/", `http://${incoming.headers.host ?? "localhost"}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    for (const one of [value ?? []].flat()) headers.append(name, one);
  }
  const method = incoming.method ?? "GET";
  const chunks: Buffer[] = [];
  if (method !== "GET" && method !== "HEAD") for await (const chunk of incoming) chunks.push(Buffer.from(chunk));
  return new Request(url, { method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined, signal });
}

/** Writes a Fetch API `Response` to Node's server, streaming its body. */
async function send(response: Response, outgoing: ServerResponse) {
  outgoing.statusCode = response.status;
  if (response.statusText) outgoing.statusMessage = response.statusText;
  for (const [name, value] of response.headers) if (name !== "set-cookie") outgoing.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) outgoing.setHeader("Set-Cookie", cookies);
  if (response.body) {
    const reader = response.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) outgoing.write(part.value);
  }
  outgoing.end();
}

/**
 * `npm run dev` serves every request through the site's one request handler (serve-site.ts), as the
 * Pages Function does: the request's edges, the edge cache (the platform proxy's, which keeps nothing)
 * and React Router over the development build, with the bindings of wrangler.toml and .dev.vars. It is
 * React Router's Cloudflare dev proxy (whose settings for workerd's package conditions it keeps) with
 * that handler in place of React Router's alone, so dev and production answer alike.
 */
export function siteDevServer(): Plugin {
  let platform: Promise<{ env: Bindings; cache: EdgeCache }> | undefined;
  return {
    ...cloudflareDevProxy(),
    configureServer(server) {
      // After Vite's own middleware (its modules, the public files), like the proxy it stands in for.
      return () => {
        if (server.config.server.middlewareMode) return;
        server.middlewares.use(async (incoming, outgoing, next) => {
          try {
            platform ??= import("wrangler")
              .then(({ getPlatformProxy }) => getPlatformProxy<Bindings>())
              .then(({ env, caches }) => ({ env, cache: caches.default }));
            const [site, build, { env, cache }] = await Promise.all([
              server.ssrLoadModule("/serve-site.ts"),
              server.ssrLoadModule("virtual:react-router/server-build"),
              platform,
            ]);
            // Modules loaded by Vite are untyped: the handler is typed here, by what serve-site.ts exports.
            const serve: ReturnType<typeof createSiteHandler> = site.createSiteHandler(build, { mode: "development" });
            const closed = new AbortController();
            outgoing.on("close", () => closed.abort());
            await send(await serve(await requestOf(incoming, closed.signal), env, cache), outgoing);
          } catch (error) {
            next(error);
          }
        });
      };
    },
  };
}
