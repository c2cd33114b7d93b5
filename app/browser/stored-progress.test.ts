import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { emptyProgress, type Progress } from "~/lib/progress/record";
import { readStoredProgress } from "./read-stored-progress";
import { loadStoredProgress, storedProgressIfRead, storeProgress, subscribeToStoredProgress } from "./stored-progress";

/** A browser window with just what stored progress uses: localStorage and events. */
function fakeWindow() {
  const items = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
  return Object.assign(new EventTarget(), { localStorage, sessionStorage: localStorage });
}

const reader: Progress = { ...emptyProgress, webNovel: "wn:2-14", position: 30, updatedAt: "2026-03-01T00:00:00.000Z" };

describe("stored progress", () => {
  let window: ReturnType<typeof fakeWindow>;
  beforeEach(() => {
    window = fakeWindow();
    vi.stubGlobal("window", window);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("reads what was stored, and shares one parsed record until it changes", () => {
    expect(readStoredProgress()).toBeNull();
    storeProgress(reader);
    const first = readStoredProgress();
    expect(first).toEqual(reader);
    expect(readStoredProgress()).toBe(first);
    storeProgress({ ...reader, anime: "anime:1-5" });
    expect(readStoredProgress()).toMatchObject({ anime: "anime:1-5" });
  });

  it("counts anything unreadable as no progress", () => {
    window.localStorage.setItem("rc:progress", JSON.stringify({ position: 99 }));
    expect(readStoredProgress()).toBeNull();
    window.localStorage.setItem("rc:progress", "{");
    expect(readStoredProgress()).toBeNull();
  });

  it("tells subscribers about writes in this tab and in others, until they stop listening", () => {
    const onChange = vi.fn();
    const stop = subscribeToStoredProgress(onChange);
    storeProgress(reader);
    window.dispatchEvent(Object.assign(new Event("storage"), { key: "rc:progress" }));
    window.dispatchEvent(Object.assign(new Event("storage"), { key: "rc:theme" }));
    expect(onChange).toHaveBeenCalledTimes(2);
    stop();
    storeProgress(reader);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it("loads the reading only where progress is kept, and tells subscribers once what is kept can be read", async () => {
    const onChange = vi.fn();
    const stop = subscribeToStoredProgress(onChange);
    expect(storedProgressIfRead()).toBeNull();
    window.localStorage.setItem("rc:progress", JSON.stringify(reader));
    expect(storedProgressIfRead()).toBeUndefined();
    expect(await loadStoredProgress()).toEqual(reader);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(storedProgressIfRead()).toEqual(reader);
    window.localStorage.removeItem("rc:progress");
    expect(storedProgressIfRead()).toBeNull();
    stop();
  });

  it("reads nothing where there is no browser storage (the server)", () => {
    vi.unstubAllGlobals();
    expect(readStoredProgress()).toBeNull();
  });
});
