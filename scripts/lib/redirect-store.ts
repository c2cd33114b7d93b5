import { type RedirectEntry, redirectValueSchema } from "../../app/lib/http/redirects";
import { siteOriginOf } from "../../app/server/env.server";
import { openPlatform, type PlatformOptions } from "./local-platform";

function toEntry(from: string, raw: string | null): RedirectEntry | null {
  if (raw === null) return null;
  try {
    const value = redirectValueSchema.safeParse(JSON.parse(raw));
    return value.success ? { from, ...value.data } : null;
  } catch {
    return null;
  }
}

/** Redirects in KV REDIRECTS: local state by default, production with `remote`. */
export async function openRedirectStore(options: PlatformOptions) {
  const platform = await openPlatform(options);
  const kv = platform.env.REDIRECTS;
  return {
    // wrangler.toml's SITE_URL (production's, with remote), or .dev.vars' over it for local state.
    siteOrigin: siteOriginOf(platform.env),
    async list() {
      const entries: RedirectEntry[] = [];
      let cursor: string | undefined;
      do {
        const page: KVNamespaceListResult<unknown> = await kv.list({ cursor });
        for (const key of page.keys) {
          const entry = toEntry(key.name, await kv.get(key.name, "text"));
          if (entry) entries.push(entry);
        }
        cursor = page.list_complete ? undefined : page.cursor;
      } while (cursor);
      return entries;
    },
    async get(from: string) {
      return toEntry(from, await kv.get(from, "text"));
    },
    async put({ from, to, status }: RedirectEntry) {
      await kv.put(from, JSON.stringify({ to, status }));
    },
    async remove(from: string) {
      const existed = (await kv.get(from, "text")) !== null;
      await kv.delete(from);
      return existed;
    },
    close: () => platform.dispose(),
  };
}

export type RedirectStore = Awaited<ReturnType<typeof openRedirectStore>>;
