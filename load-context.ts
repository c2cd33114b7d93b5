import type { AppLoadContext } from "react-router";
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
  return { env: parseEnv(bindings), db: bindings.DB, redirects: bindings.REDIRECTS };
}
