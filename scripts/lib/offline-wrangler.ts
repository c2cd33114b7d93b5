/**
 * What every wrangler our tools run is told: never reach Cloudflare from a local run (no download of
 * the `Request.cf` data, no telemetry). Spread into a child process's environment.
 */
export const offlineWrangler = { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" } as const;

/** The same for wrangler run in this process and every tool it starts, where the environment does not say otherwise. */
export function keepWranglerOffline() {
  for (const [name, value] of Object.entries(offlineWrangler)) process.env[name] ??= value;
}
