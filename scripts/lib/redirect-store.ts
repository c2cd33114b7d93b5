import { spawnSync } from "node:child_process";
import { type RedirectEntry, type RedirectValue, redirectValueSchema } from "../../app/lib/redirects";
import { openLocalPlatform } from "./local-platform";

export interface RedirectStore {
  list(): Promise<RedirectEntry[]>;
  put(entry: RedirectEntry): Promise<void>;
  remove(from: string): Promise<boolean>;
  close(): Promise<void>;
}

function toEntry(from: string, raw: string | null): RedirectEntry | null {
  if (raw === null) return null;
  try {
    const value = redirectValueSchema.safeParse(JSON.parse(raw));
    return value.success ? { from, ...value.data } : null;
  } catch {
    return null;
  }
}

function serialize({ to, status }: RedirectValue) {
  return JSON.stringify({ to, status });
}

/** The local KV namespace that `wrangler pages dev` reads. */
export async function openLocalRedirectStore(persistTo?: string): Promise<RedirectStore> {
  const platform = await openLocalPlatform(persistTo);
  const kv = platform.env.REDIRECTS;
  return {
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
    async put(entry) {
      await kv.put(entry.from, serialize(entry));
    },
    async remove(from) {
      const existed = (await kv.get(from, "text")) !== null;
      await kv.delete(from);
      return existed;
    },
    close: () => platform.dispose(),
  };
}

function wrangler(args: string[]) {
  const result = spawnSync("npx", ["wrangler", ...args, "--binding", "REDIRECTS", "--remote"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (result.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed:\n${result.stderr || result.stdout}`);
  return result.stdout;
}

/** The production namespace, through wrangler (needs `wrangler login` or CLOUDFLARE_API_TOKEN). */
export async function openRemoteRedirectStore(): Promise<RedirectStore> {
  return {
    async list() {
      const keys = JSON.parse(wrangler(["kv", "key", "list"])) as { name: string }[];
      return keys.flatMap(({ name }) => toEntry(name, wrangler(["kv", "key", "get", name, "--text"])) ?? []);
    },
    async put(entry) {
      wrangler(["kv", "key", "put", entry.from, serialize(entry)]);
    },
    async remove(from) {
      wrangler(["kv", "key", "delete", from]);
      return true;
    },
    async close() {},
  };
}
