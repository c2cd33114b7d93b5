import { describe, expect, it } from "vitest";
import { refreshDelay, retryDelay } from "./session-refresh";

describe("session refresh timing", () => {
  it("refreshes five minutes before expiry, at once when that has passed", () => {
    expect(refreshDelay(60 * 60 * 1000, 0)).toBe(55 * 60 * 1000);
    expect(refreshDelay(4 * 60 * 1000, 0)).toBe(0);
  });
  it("retries after 30 s, doubling up to 16 minutes", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000, 960_000,
    ]);
  });
});
