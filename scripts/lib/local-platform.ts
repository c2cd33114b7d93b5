import { getPlatformProxy } from "wrangler";
import type { Bindings } from "../../app/server/env.server";

/**
 * The same local D1 and KV that `wrangler pages dev` serves, for command-line tools.
 * `persistTo` matches wrangler's --persist-to (default .wrangler/state).
 */
// Keep command output to what the command itself says.
process.env.WRANGLER_LOG ??= "warn";

export async function openLocalPlatform(persistTo?: string) {
  return getPlatformProxy<Bindings>({
    configPath: "wrangler.toml",
    persist: persistTo ? { path: `${persistTo}/v3` } : true,
  });
}
