import type { AppLoadContext } from "react-router";
import { countRoundTrips } from "./app/server/d1-round-trips.server";
import { type Bindings, type Env, parseEnv } from "./app/server/env.server";

/** What both the Pages Function and the Vite dev proxy hand to getLoadContext. */
interface Cloudflare {
  env: Bindings;
}

declare module "react-router" {
  interface AppLoadContext {
    /** Parsed configuration for this request. */
    env: Env;
    db: D1Database;
    redirects: KVNamespace;
  }
}

/** Shared by functions/[[path]].ts and the Vite dev proxy, so both give routes the same context. */
export function getLoadContext({ context }: { request: Request; context: { cloudflare: Cloudflare } }): AppLoadContext {
  const { env: bindings } = context.cloudflare;
  const env = parseEnv(bindings);
  const db = env.COUNT_D1_ROUND_TRIPS && env.ENVIRONMENT !== "production" ? countRoundTrips(bindings.DB) : bindings.DB;
  return { env, db, redirects: bindings.REDIRECTS };
}
