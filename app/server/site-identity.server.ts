import { parseSiteIdentity, SITE_IDENTITY_KEY, type SiteIdentity, UNNAMED_SITE } from "~/lib/content/site-identity";

/** The settings over what the pack says (app/server/env.server.ts). */
interface SiteSettings {
  SITE_NAME?: string | undefined;
  SITE_DESCRIPTION?: string | undefined;
}

/** KV keeps the identity at the edge this long. */
const KV_TTL_SECONDS = 60;
/** And each isolate remembers it this long, so most requests read no KV for it. */
const MEMO_MS = 10_000;

let memo: { value: SiteIdentity | null; expires: number } | null = null;

/** Test hook: forget the remembered identity. */
export function clearSiteIdentityMemo() {
  memo = null;
}

/**
 * What the site calls itself: what the content import published (app/lib/content/site-identity.ts), the
 * SITE_NAME and SITE_DESCRIPTION settings over it. Nothing published yet, or KV failing: the settings,
 * else a name that says what the site is; a page never fails for its name.
 */
export async function siteIdentity(
  context: { env: SiteSettings; redirects: KVNamespace },
  now = Date.now(),
): Promise<SiteIdentity> {
  return withSettings(await publishedIdentity(context.redirects, now), context.env);
}

/** The identity the settings give over what was published (or nothing). */
export function withSettings(published: SiteIdentity | null, env: SiteSettings) {
  const site = published ?? UNNAMED_SITE;
  return {
    name: env.SITE_NAME ?? site.name,
    shortName: site.shortName,
    description: env.SITE_DESCRIPTION ?? site.description,
    originalLanguage: site.originalLanguage,
  } satisfies SiteIdentity;
}

async function publishedIdentity(kv: KVNamespace, now: number) {
  if (memo && memo.expires > now) return memo.value;
  try {
    const value = parseSiteIdentity(await kv.get(SITE_IDENTITY_KEY, { type: "text", cacheTtl: KV_TTL_SECONDS }));
    memo = { value, expires: now + MEMO_MS };
    return value;
  } catch (error) {
    // Not remembered: the next request asks KV again.
    console.error("The site's identity could not be read; using the settings", error);
    return null;
  }
}
