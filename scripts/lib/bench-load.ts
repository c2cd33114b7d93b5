/** Concurrent load on one URL with autocannon: throughput and latency percentiles, bounded in time. */
import autocannon from "autocannon";

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors and timeouts; a figure with errors is not to be trusted. */
  errors: number;
  /** Status codes seen, e.g. {"200": 1234}. */
  statuses: Record<string, number>;
}

export async function loadTest(url: string, { connections = 16, seconds = 3 } = {}): Promise<LoadResult> {
  // A few requests first, so the isolate, its caches and the connection pool are warm.
  for (let warm = 0; warm < 5; warm++) await (await fetch(url, { redirect: "manual" })).arrayBuffer();
  const result = await autocannon({ url, connections, duration: seconds, timeout: 10 });
  const statuses: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = stats.count ?? 0;
  return {
    requestsPerSecond: result.requests.total / (result.duration || seconds),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    statuses,
  };
}
