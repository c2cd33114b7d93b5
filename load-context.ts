import type { AppLoadContext } from "react-router";
import { type Bindings, type Env, parseEnv } from "./app/server/env.server";

/** What both the Pages Function and the Vite dev proxy hand to getLoadContext. */
interface Cloudflare {
  env: Bindings;
  ctx: { waitUntil(promise: Promise<unknown>): void };
  cf?: unknown;
  caches?: unknown;
}

declare module "react-router" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    /** Parsed configuration for this request. */
    env: Env;
    db: D1Database;
    redirects: KVNamespace;
    /** Runs work after the response is sent (cache writes, logging). */
    waitUntil: (promise: Promise<unknown>) => void;
  }
}

/** Shared by functions/[[path]].ts and the Vite dev proxy, so both give routes the same context. */
export function getLoadContext({ context }: { request: Request; context: { cloudflare: Cloudflare } }): AppLoadContext {
  const { env: bindings, ctx } = context.cloudflare;
  return {
    cloudflare: context.cloudflare,
    env: parseEnv(bindings),
    db: bindings.DB,
    redirects: bindings.REDIRECTS,
    waitUntil: (promise) => ctx.waitUntil(promise),
  };
}
