import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { emptyProgress, type Progress } from "~/lib/progress/record";
import { knows } from "~/lib/shield/knowledge";
import { storageKeys } from "~/lib/runtime/storage-keys";
import { failed } from "./follow-up";
import { askToSee, setShieldMode, useShield } from "./spoiler-shield";
import { storeProgress } from "./stored-progress";

const readerAt = (webNovel: string): Progress => ({ ...emptyProgress, webNovel });

/** The shield as many components on one page read it, once the stored progress can be read. */
async function renderShields(count: number) {
  const rendered = renderHook(() => Array.from({ length: count }, () => useShield()));
  await waitFor(() => expect(rendered.result.current[0]).not.toBeNull());
  return rendered;
}

describe("useShield", () => {
  afterEach(() => {
    localStorage.clear();
    window.dispatchEvent(new StorageEvent("storage", { key: null }));
  });

  it("hands every reader on the page one shield until what it is made from changes", async () => {
    storeProgress(readerAt("wn:1-3"));
    const { result, rerender } = await renderShields(50);
    const first = result.current[0];
    expect(new Set(result.current).size).toBe(1);
    rerender();
    expect(result.current[0]).toBe(first);

    // The same progress stored again says the same: still the same shield.
    act(() => storeProgress(readerAt("wn:1-3")));
    expect(result.current[0]).toBe(first);

    act(() => storeProgress(readerAt("wn:2-1")));
    expect(result.current[0]).not.toBe(first);
    expect(knows(result.current[0]!.knowledge, ["wn:2-1"])).toBe(true);
    expect(new Set(result.current).size).toBe(1);
  });

  it("follows the mode set on this page and in another tab", async () => {
    storeProgress(readerAt("wn:1-3"));
    const { result } = await renderShields(3);
    expect(result.current[0]!.mode).toBe("hide");

    act(() => setShieldMode("blur"));
    expect(result.current[0]!.mode).toBe("blur");

    // Another tab turns the shield off: its write reaches this page as a storage event.
    act(() => {
      localStorage.setItem(storageKeys.spoilerMode.key, "off");
      window.dispatchEvent(new StorageEvent("storage", { key: storageKeys.spoilerMode.key }));
    });
    expect(result.current[0]!.mode).toBe("off");
  });

  it("asks for what a reader asked to see, without knowing it", async () => {
    storeProgress(readerAt("wn:1-3"));
    const { result } = await renderShields(2);
    // A side story no other test asks for: what was asked stays asked for the rest of the page's life.
    const unit = "ss:shield-test-only";
    expect(knows(result.current[0]!.asking, [unit])).toBe(false);

    act(() => askToSee([[unit]]));
    expect(knows(result.current[0]!.asking, [unit])).toBe(true);
    expect(knows(result.current[0]!.knowledge, [unit])).toBe(false);
  });

  it("asks once more what was asked for and did not come (its question failed)", async () => {
    const { result } = await renderShields(1);
    const unit = "ss:shield-test-asked-twice";
    act(() => askToSee([[unit]]));
    const shield = result.current[0];
    const retry = vi.fn();
    act(() => failed("a reveal", { failure: "It failed.", retry }));
    act(() => askToSee([[unit], undefined]));
    expect(retry).toHaveBeenCalledTimes(1);
    // Nothing new is asked: the shield is the same.
    expect(result.current[0]).toBe(shield);
    act(() => failed("a reveal", null));
  });
});
