import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { getPlatformProxy } from "wrangler";
import type { Bindings } from "../../app/server/env.server";
import { keepWranglerOffline } from "./offline-wrangler";

// Keep command output to what the command itself says.
process.env.WRANGLER_LOG ??= "warn";
keepWranglerOffline();

export interface PlatformOptions {
  /** Production D1 and KV instead of local state (needs `wrangler login` or CLOUDFLARE_API_TOKEN). */
  remote?: boolean;
  /** Another local state folder, as wrangler's --persist-to (default .wrangler/state). */
  persistTo?: string;
}

/**
 * wrangler.toml with every D1 and KV binding marked `remote = true`, so that the very same binding
 * calls (and D1's atomic batches) reach production.
 */
function remoteConfigPath() {
  const config = readFileSync("wrangler.toml", "utf8").replace(
    /^(\[\[(?:d1_databases|kv_namespaces)\]\]\n)/gm,
    "$1remote = true\n",
  );
  mkdirSync(".wrangler", { recursive: true });
  writeFileSync(".wrangler/remote.wrangler.toml", config);
  return ".wrangler/remote.wrangler.toml";
}

/** The D1 and KV bindings that `wrangler pages dev` serves (or production's, with remote). */
export async function openPlatform({ remote = false, persistTo }: PlatformOptions = {}) {
  return getPlatformProxy<Bindings>({
    configPath: remote ? remoteConfigPath() : "wrangler.toml",
    persist: persistTo ? { path: `${persistTo}/v3` } : true,
    remoteBindings: remote,
  });
}
