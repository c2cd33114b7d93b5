import { z } from "zod";
import { BUILD_ID } from "../lib/runtime/build-id";
import type { PublicConfig } from "../lib/account/public-config";
import type { SiteIdentity } from "../lib/content/site-identity";
import { withSettings } from "./site-identity.server";

/** The bindings Cloudflare hands the Function, as declared in wrangler.toml. */
export interface Bindings {
  DB: D1Database;
  REDIRECTS: KVNamespace;
  [name: string]: unknown;
}

function isLoopback(url: string) {
  const { hostname } = new URL(url);
  return hostname === "localhost" || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname);
}

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const siteUrlSchema = optionalText.pipe(
  z
    .url({ protocol: /^https?$/, error: "SITE_URL must be the site's http(s) origin, such as https://example.com" })
    .transform((url) => new URL(url).origin)
    .optional(),
);

const envSchema = z
  .object({
    ENVIRONMENT: z.enum(["development", "test", "production"]).default("production"),
    /** Over the name the content pack gives the site (app/server/site-identity.server.ts). */
    SITE_NAME: optionalText,
    /** Over the description the content pack gives the site. */
    SITE_DESCRIPTION: optionalText,
    /**
     * The site's public origin, for absolute links (feeds, the API): required in production, where a
     * feed's ids must not change with the address a request came by. Unset (a local run), links take
     * the request's origin (the load context's `origin`).
     */
    SITE_URL: siteUrlSchema,
    SESSION_SECRET: optionalText,
    FIREBASE_PROJECT_ID: z.string().trim().min(1).default("demo-lanternfall"),
    FIREBASE_API_KEY: optionalText,
    FIREBASE_AUTH_DOMAIN: optionalText,
    FIREBASE_AUTH_EMULATOR_HOST: optionalText,
    /**
     * Where the ID-token signing keys are fetched: https, so nobody on the way can swap them. Plain http
     * only to this machine (tests serve their own keys there), where there is no one on the way.
     */
    FIREBASE_JWKS_URL: z
      .url({ protocol: /^https?$/ })
      .refine((url) => url.startsWith("https://") || isLoopback(url), "FIREBASE_JWKS_URL must be an https:// URL")
      .default("https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com"),
    /** Comma-separated uids of moderators, besides users with the `admin` custom claim. */
    ADMIN_UIDS: z
      .string()
      .default("")
      .transform((value) =>
        Object.freeze(
          value
            .split(",")
            .map((uid) => uid.trim())
            .filter(Boolean),
        ),
      ),
    POSTHOG_KEY: optionalText,
    POSTHOG_HOST: optionalText.pipe(
      z.url({ protocol: /^https?$/, error: "POSTHOG_HOST must be an http(s) URL" }).optional(),
    ),
    /** Outside production: report each response's D1 round trips in a header (npm run bench sets it). */
    COUNT_D1_ROUND_TRIPS: optionalText.transform((value) => value === "true" || value === "1"),
  })
  .superRefine((env, ctx) => {
    if (env.ENVIRONMENT === "production" && !env.SITE_URL?.startsWith("https://")) {
      ctx.addIssue({
        code: "custom",
        path: ["SITE_URL"],
        message: "SITE_URL must be an https:// origin in production",
      });
    }
    if (env.ENVIRONMENT === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "SESSION_SECRET must be set in production (wrangler pages secret put SESSION_SECRET)",
      });
    }
  });

/** Read-only: one parse serves every request of an isolate (load-context.ts), so no request may change it for the next. */
export type Env = Readonly<z.infer<typeof envSchema> & { SESSION_SECRET: string }>;

const developmentSecret = "local-development-secret";

/** Parses the raw bindings (once per isolate: load-context.ts); throws a readable message when configuration is wrong. */
export function parseEnv(raw: Record<string, unknown>): Env {
  const result = envSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Server configuration is invalid. ${problems.join("; ")}`);
  }
  return Object.freeze({ ...result.data, SESSION_SECRET: result.data.SESSION_SECRET ?? developmentSecret });
}

/**
 * The site's own origin from the raw bindings, read as parseEnv reads SITE_URL, for tools that need
 * nothing else (the redirects command); undefined where it is unset.
 */
export function siteOriginOf(raw: Record<string, unknown>): string | undefined {
  const result = siteUrlSchema.safeParse(raw.SITE_URL);
  if (!result.success) throw new Error(`Server configuration is invalid. SITE_URL: ${result.error.issues[0]?.message}`);
  return result.data;
}

/**
 * What the browser may see: public web configuration only, never secrets. The site's identity is the
 * one the request read (site-identity.server.ts); without it, what the settings alone say.
 */
export function getPublicConfig(env: Env, site: SiteIdentity = withSettings(null, env)): PublicConfig {
  return {
    siteName: site.name,
    siteDescription: site.description,
    originalLanguage: site.originalLanguage,
    environment: env.ENVIRONMENT,
    buildId: BUILD_ID,
    firebase: {
      projectId: env.FIREBASE_PROJECT_ID,
      apiKey: env.FIREBASE_API_KEY ?? null,
      authDomain: env.FIREBASE_AUTH_DOMAIN ?? null,
      emulatorHost: env.ENVIRONMENT === "production" ? null : (env.FIREBASE_AUTH_EMULATOR_HOST ?? null),
    },
    analytics: env.POSTHOG_KEY && env.POSTHOG_HOST ? { key: env.POSTHOG_KEY, host: env.POSTHOG_HOST } : null,
  };
}
