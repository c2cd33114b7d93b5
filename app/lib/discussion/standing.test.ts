import { describe, expect, it } from "vitest";
import { COMMENT_LIMITS } from "./comment-form";
import {
  EDIT_MINUTES,
  NEW_WRITER_LIMITS,
  postingLimits,
  stillEditable,
  stoppedUntil,
  STRIKES_TO_SLOW,
  STRIKES_TO_STOP,
} from "./standing";

describe("a writer's standing", () => {
  const seasoned = { strikes: 0, oldestStrikeAt: null, newWriter: false };

  it("gives the usual limits to a writer in good standing, stricter ones to a new or struck writer, none to a stopped one", () => {
    expect(postingLimits(seasoned)).toEqual(COMMENT_LIMITS);
    expect(postingLimits({ ...seasoned, newWriter: true })).toEqual(NEW_WRITER_LIMITS);
    expect(postingLimits({ ...seasoned, strikes: STRIKES_TO_SLOW })).toEqual(NEW_WRITER_LIMITS);
    expect(postingLimits({ ...seasoned, strikes: STRIKES_TO_STOP })).toBeNull();
    expect(NEW_WRITER_LIMITS.perDay).toBeLessThan(COMMENT_LIMITS.perDay);
  });

  it("says when a stopped writer may post again: when their oldest strike stops counting", () => {
    expect(stoppedUntil({ strikes: 4, oldestStrikeAt: "2026-01-01T10:00:00.000Z", newWriter: false })).toBe(
      "2026-01-31T10:00:00.000Z",
    );
    expect(stoppedUntil({ strikes: 4, oldestStrikeAt: null, newWriter: false })).toBeNull();
  });

  it("lets a comment be edited for its first minutes only", () => {
    const posted = "2026-01-01T10:00:00.000Z";
    expect(stillEditable(posted, Date.parse(posted) + (EDIT_MINUTES * 60_000 - 1))).toBe(true);
    expect(stillEditable(posted, Date.parse(posted) + EDIT_MINUTES * 60_000)).toBe(false);
    expect(stillEditable("not a date")).toBe(false);
  });
});
