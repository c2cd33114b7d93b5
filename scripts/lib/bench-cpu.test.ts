import { describe, expect, it } from "vitest";
import { cpuNanoseconds, functionProcess, quantile } from "./bench-cpu";
import { serverTimingOf } from "../../app/server/d1-round-trips.server";

describe("quantile", () => {
  it("takes the nearest rank, so the 99th of 40 samples is the largest and the median the 20th", () => {
    const values = Array.from({ length: 40 }, (_, index) => 40 - index);
    expect(quantile(values, 0.99)).toBe(40);
    expect(quantile(values, 0.5)).toBe(20);
    expect(quantile([7], 0.5)).toBe(7);
  });
});

describe("the process CPU time", () => {
  it("grows while this process works, to the nanosecond", () => {
    // Works until the reading has grown by 20 ms of CPU, however busy the machine (a wall-clock spin
    // gets less CPU when other work shares it), and gives up after 10 s.
    const before = cpuNanoseconds(process.pid);
    const started = performance.now();
    let spin = 0;
    let spent = 0;
    while (performance.now() - started < 10_000 && (spent = cpuNanoseconds(process.pid) - before) < 20e6)
      for (let step = 0; step < 10_000; step++) spin++;
    expect(spin).toBeGreaterThan(0);
    expect(spent).toBeGreaterThanOrEqual(20e6);
    // Not more than the process could have spent in the time it took, on every core of the machine.
    expect(spent).toBeLessThan((performance.now() - started + 50) * 1e6 * 64);
  });

  it("finds no Function process in a group that runs no workerd", () => {
    expect(functionProcess(process.pid)).toBeNull();
  });
});

describe("D1's and the edge cache's time in a response", () => {
  it("reads the site's Server-Timing entries, and nothing from a response without them", () => {
    const both = new Headers({ "Server-Timing": "d1;dur=3.25, cache;dur=7.50" });
    expect(serverTimingOf(both, "d1")).toBe(3.25);
    expect(serverTimingOf(both, "cache")).toBe(7.5);
    expect(serverTimingOf(new Headers({ "Server-Timing": "d1;dur=0" }), "cache")).toBeNull();
    expect(serverTimingOf(new Headers({ "Server-Timing": "nod1;dur=5" }), "d1")).toBeNull();
    expect(serverTimingOf(new Headers(), "d1")).toBeNull();
  });
});
