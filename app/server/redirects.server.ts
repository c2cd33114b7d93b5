import type { AppLoadContext } from "react-router";
import { MAX_SOURCE_LENGTH, normalizeSourcePath, type RedirectValue, redirectValueSchema } from "~/lib/http/redirects";

/** KV caches reads at the edge for this long (the minimum Cloudflare allows). */
const KV_CACHE_TTL_SECONDS = 60;
/** And each isolate remembers answers, including "no redirect", for this long. */
const MEMO_TTL_MS = 15_000;
const MEMO_MAX_ENTRIES = 2_000;

const memo = new Map<string, { value: RedirectValue | null; expires: number }>();

function remember(path: string, value: RedirectValue | null, now: number) {
  if (memo.size >= MEMO_MAX_ENTRIES) {
    const oldest = memo.keys().next();
    if (!oldest.done) memo.delete(oldest.value);
  }
  memo.set(path, { value, expires: now + MEMO_TTL_MS });
}

/** Looks a path up in KV REDIRECTS. A missing or unreadable entry, or a KV failure, means no redirect. */
export async function findRedirect(
  context: Pick<AppLoadContext, "redirects">,
  pathname: string,
  now = Date.now(),
): Promise<RedirectValue | null> {
  const path = normalizeSourcePath(pathname);
  if (new TextEncoder().encode(path).length > MAX_SOURCE_LENGTH) return null;

  const cached = memo.get(path);
  if (cached && cached.expires > now) return cached.value;

  let raw: string | null;
  try {
    raw = await context.redirects.get(path, { type: "text", cacheTtl: KV_CACHE_TTL_SECONDS });
  } catch (error) {
    console.error(`Redirect lookup failed for ${path}; serving the page`, error);
    return null;
  }

  let value: RedirectValue | null = null;
  if (raw !== null) {
    try {
      const parsed = redirectValueSchema.safeParse(JSON.parse(raw));
      if (parsed.success) value = parsed.data;
      else console.error(`Ignoring invalid redirect stored for ${path}`, parsed.error.issues);
    } catch {
      console.error(`Ignoring redirect stored for ${path}: not JSON`);
    }
  }
  remember(path, value, now);
  return value;
}

/** Test hook: forget every remembered answer. */
export function clearRedirectMemo() {
  memo.clear();
}

/**
 * Where a redirect sends a request: its target, with the request's query where the target has none of
 * its own, so an old link's `?arc=2` goes along (before a target's fragment).
 */
export function redirectLocation(to: string, search: string) {
  if (!search || search === "?" || to.includes("?")) return to;
  const fragment = to.indexOf("#");
  return fragment < 0 ? `${to}${search}` : `${to.slice(0, fragment)}${search}${to.slice(fragment)}`;
}
