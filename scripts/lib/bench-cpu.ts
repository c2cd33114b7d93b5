/**
 * CPU time per cache miss (the Workers free plan allows 10 ms a request): the CPU time of the workerd
 * process that runs the Function, read from the kernel's scheduler statistics around each request.
 * Locally D1 and the edge cache run in that process too; the site says how long each request waited
 * for each (its Server-Timing header, on for the bench), so the Function's own share, what Cloudflare
 * would count, can be read off.
 */
import { readdirSync, readFileSync } from "node:fs";
import { serverTimingOf } from "../../app/server/d1-round-trips.server";
import { uncached } from "./bench-load";

/** CPU time a process has used (ns) over all its threads: the scheduler's count, to the nanosecond. */
export function cpuNanoseconds(pid: number) {
  let total = 0;
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    try {
      total += Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return total;
}

/** A process's group and command name, from /proc/<pid>/stat (the name may hold spaces and parentheses). */
function statOf(pid: string) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { name: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), group: Number(fields[2]) };
  } catch {
    return null;
  }
}

/**
 * The workerd process that runs the Function, among those of the process group `wrangler pages dev`
 * leads. wrangler starts two: its proxy, answering on the site's port, and the runtime behind it that
 * runs the Function and D1, the one with an inspector. Null when none is found (another platform).
 */
export function functionProcess(groupId: number): number | null {
  let processes: string[];
  try {
    processes = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  for (const pid of processes) {
    const stat = statOf(pid);
    if (stat?.group !== groupId || stat.name !== "workerd") continue;
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("--inspector-addr")) return Number(pid);
    } catch {
      // the process ended between the two reads
    }
  }
  return null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The process's CPU time once it has stopped working: what it does after the answer has left counts too. */
async function settledCpu(pid: number) {
  let last = cpuNanoseconds(pid);
  for (let wait = 0; wait < 40; wait++) {
    await sleep(5);
    const now = cpuNanoseconds(pid);
    if (now === last) return now;
    last = now;
  }
  return last;
}

export interface CpuFigures {
  /** Sequential cache misses measured (after warming). */
  samples: number;
  /** CPU ms per miss, local D1 included: median and 99th percentile of the samples. */
  p50Ms: number;
  p99Ms: number;
  /** ms the request waited for D1 and for the edge cache (its Server-Timing): medians; null when the site does not say. */
  d1P50Ms: number | null;
  cacheP50Ms: number | null;
  /** CPU ms less those waits, per sample: the Function's own share, as Cloudflare would count it. */
  ownP50Ms: number | null;
  ownP99Ms: number | null;
}

/** The q-quantile (0–1) of the values, by the nearest rank. */
export function quantile(values: number[], q: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/**
 * One request after another, each for a URL nobody asked for before (an edge cache miss), with the
 * process idle before each: the CPU time each one cost. The first few warm the isolate and are not counted.
 */
export async function measureCpuPerMiss(url: string, pid: number, samples = 40, warm = 5): Promise<CpuFigures> {
  const cpuMs: number[] = [];
  const own: number[] = [];
  const d1: number[] = [];
  const cache: number[] = [];
  for (let request = 0; request < warm + samples; request++) {
    const before = await settledCpu(pid);
    const response = await fetch(uncached(url, `cpu-${Date.now()}-${request}`), { redirect: "manual" });
    await response.arrayBuffer();
    const spent = ((await settledCpu(pid)) - before) / 1e6;
    if (request < warm) continue;
    cpuMs.push(spent);
    const d1Ms = serverTimingOf(response.headers, "d1");
    if (d1Ms === null) continue;
    // A response the cache did not store waited for it only to look (a few hundredths of a millisecond).
    const cacheMs = serverTimingOf(response.headers, "cache") ?? 0;
    d1.push(d1Ms);
    cache.push(cacheMs);
    own.push(Math.max(0, spent - d1Ms - cacheMs));
  }
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    samples,
    p50Ms: round(quantile(cpuMs, 0.5)),
    p99Ms: round(quantile(cpuMs, 0.99)),
    d1P50Ms: d1.length ? round(quantile(d1, 0.5)) : null,
    cacheP50Ms: cache.length ? round(quantile(cache, 0.5)) : null,
    ownP50Ms: own.length ? round(quantile(own, 0.5)) : null,
    ownP99Ms: own.length ? round(quantile(own, 0.99)) : null,
  };
}

/** The CPU ms per request a process spent while `work` ran (under load: the mean over what it answered). */
export async function cpuPerRequestDuring<T extends { requests: number }>(pid: number, work: () => Promise<T>) {
  const before = await settledCpu(pid);
  const result = await work();
  const spent = ((await settledCpu(pid)) - before) / 1e6;
  return { ...result, cpuMsPerRequest: result.requests ? Math.round((spent / result.requests) * 10) / 10 : null };
}
