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
    const before = cpuNanoseconds(process.pid);
    let spin = 0;
    const until = performance.now() + 20;
    while (performance.now() < until) spin++;
    const spent = cpuNanoseconds(process.pid) - before;
    expect(spin).toBeGreaterThan(0);
    expect(spent).toBeGreaterThan(10e6);
    expect(spent).toBeLessThan(1e9);
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
