/** Concurrent load on one URL with autocannon: throughput and latency percentiles, bounded in time. */
import autocannon from "autocannon";

export interface LoadResult {
  /** Requests answered. */
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors and timeouts; a figure with errors is not to be trusted. */
  errors: number;
  /** Status codes seen, e.g. {"200": 1234}. */
  statuses: Record<string, number>;
  /** CPU ms per request answered of the process that runs the Function, when the bench measured it. */
  cpuMsPerRequest?: number | null;
}

/** The query parameter that makes a URL one no cache has seen (the edge cache keys by path and query). */
export const MISS_PARAMETER = "bench-miss";

/** `url` with a query parameter nobody asked for before, so any URL-keyed cache misses. */
export function uncached(url: string, tag: string | number) {
  return `${url}${url.includes("?") ? "&" : "?"}${MISS_PARAMETER}=${tag}`;
}

let run = 0;

/**
 * `fresh`: every request asks for a URL of its own, so an edge cache misses each time and the figures
 * are the server's own cost; otherwise the same URL throughout, as readers' repeated visits meet it.
 */
export async function loadTest(
  url: string,
  { connections = 16, seconds = 3, fresh = false, warm = true } = {},
): Promise<LoadResult> {
  // A few requests first, so the isolate, its caches and the connection pool are warm (unless the
  // caller warmed it, to start the load at a moment of its choosing).
  for (let request = 0; warm && request < 5; request++)
    await (
      await fetch(fresh ? uncached(url, `warm-${Date.now()}-${request}`) : url, { redirect: "manual" })
    ).arrayBuffer();
  const { pathname, search } = new URL(url);
  const prefix = `${Date.now()}-${run++}`;
  let sent = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 10,
    ...(fresh
      ? {
          requests: [
            { setupRequest: (request) => ({ ...request, path: uncached(pathname + search, `${prefix}-${sent++}`) }) },
          ],
        }
      : {}),
  });
  const statuses: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stats.count ?? 0;
  return {
    requests: result.requests.total,
    requestsPerSecond: result.requests.total / (result.duration || seconds),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    statuses,
  };
}
