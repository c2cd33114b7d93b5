import { afterEach, describe, expect, it, vi } from "vitest";
import { failed } from "./follow-up";

describe("what failed, back online", () => {
  afterEach(() => {
    failed("reveal", null);
    failed("held tap", null);
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("is asked again at once, and what fails again then is tried once more a little later", () => {
    vi.useFakeTimers();
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(true);
    const reveal = vi.fn();
    const tap = vi.fn();
    failed("reveal", { failure: "The reveal failed.", retry: reveal });
    failed("held tap", { failure: "The page failed.", retry: tap });

    window.dispatchEvent(new Event("online"));
    expect(reveal).toHaveBeenCalledTimes(1);
    expect(tap).toHaveBeenCalledTimes(1);

    // The tap's page failed again (the connection was not quite there); the reveal is still on its way.
    const tapAgain = vi.fn();
    failed("held tap", { failure: "The page failed.", retry: tapAgain });
    vi.advanceTimersByTime(3000);
    expect(tapAgain).toHaveBeenCalledTimes(1);
    expect(reveal).toHaveBeenCalledTimes(1);
    expect(tap).toHaveBeenCalledTimes(1);
  });
});
