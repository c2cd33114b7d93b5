import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ChunkLoadError, optionalPart } from "./lazy-import";

describe("optionalPart", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // The browser window: only its online event matters here.
    vi.stubGlobal("window", new EventTarget());
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** A part whose chunk cannot be loaded (offline), counting the requests for it. */
  function unreachablePart() {
    const load = vi.fn(async (): Promise<unknown> => {
      throw new TypeError("Failed to fetch dynamically imported module");
    });
    return { load, part: optionalPart(load) };
  }

  it("loads a part once, however often it is asked for", async () => {
    const load = vi.fn(async () => ({ SearchSuggestions: "lines" }));
    const part = optionalPart(load);
    expect(await part()).toEqual({ SearchSuggestions: "lines" });
    await part();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("after a failure, asks for the chunk again only a few seconds later: not at every key typed meanwhile", async () => {
    const { load, part } = unreachablePart();
    for (let key = 0; key < 4; key++) await expect(part()).rejects.toBeInstanceOf(ChunkLoadError);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4_000);
    await expect(part()).rejects.toBeInstanceOf(ChunkLoadError);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(part()).rejects.toBeInstanceOf(ChunkLoadError);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("asks again as soon as the browser is back online", async () => {
    const { load, part } = unreachablePart();
    await expect(part()).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(part()).rejects.toBeInstanceOf(ChunkLoadError);
    window.dispatchEvent(new Event("online"));
    load.mockResolvedValue(undefined);
    await part();
    await part();
    expect(load).toHaveBeenCalledTimes(2);
    // The wait that was running ends with nothing to undo: the part stays loaded.
    await vi.advanceTimersByTimeAsync(5_000);
    await part();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
