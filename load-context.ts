import type { AppLoadContext } from "react-router";
import { countRoundTrips } from "./app/server/d1-round-trips.server";
import { type Bindings, type Env, parseEnv } from "./app/server/env.server";

/** What the site's one request handler (serve-site.ts) hands to getLoadContext. */
interface Cloudflare {
  env: Bindings;
}

declare module "react-router" {
  interface AppLoadContext {
    /** Parsed configuration for this request. */
    env: Env;
    /**
     * The site's public origin, for absolute links (feeds, the API): SITE_URL where it is set (always in
     * production, where feed ids must not change with the address a request came by), else the
     * request's own, so a local run's links lead back to it.
     */
    origin: string;
    db: D1Database;
    redirects: KVNamespace;
  }
}

/**
 * The configuration each set of bindings parses to. An isolate is handed the same bindings object for
 * every request it serves, so the configuration is checked once per isolate, not once per request;
 * bindings that fail the check are not kept, and every request is refused with the same message.
 */
const parsedEnvs = new WeakMap<Bindings, Env>();

function envOf(bindings: Bindings) {
  let env = parsedEnvs.get(bindings);
  if (!env) {
    env = parseEnv(bindings);
    parsedEnvs.set(bindings, env);
  }
  return env;
}

/** Called by serve-site.ts for every request, in the Pages Function, `npm run dev` and the tests alike. */
export function getLoadContext({
  request,
  context,
}: {
  request: Request;
  context: { cloudflare: Cloudflare };
}): AppLoadContext {
  const { env: bindings } = context.cloudflare;
  const env = envOf(bindings);
  const db = env.COUNT_D1_ROUND_TRIPS && env.ENVIRONMENT !== "production" ? countRoundTrips(bindings.DB) : bindings.DB;
  return { env, origin: env.SITE_URL ?? new URL(request.url).origin, db, redirects: bindings.REDIRECTS };
}
