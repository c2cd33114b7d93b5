import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  currentToasts,
  dispatch,
  TOAST_ACTION_DURATION,
  TOAST_DURATION,
  TOAST_REMOVE_DELAY,
  type Toast,
  toast,
  toastDuration,
  toastReducer,
} from "./toast-state";

const make = (id: string, open = true): Toast => ({ id, title: id, open });

describe("toastReducer", () => {
  it("keeps at most one toast: a new one replaces the old", () => {
    const state = toastReducer({ toasts: [make("a")] }, { type: "ADD_TOAST", toast: make("b") });
    expect(state.toasts.map((t) => t.id)).toEqual(["b"]);
  });

  it("updates a toast by id and leaves the others", () => {
    const state = toastReducer({ toasts: [make("a")] }, { type: "UPDATE_TOAST", toast: { id: "a", title: "Changed" } });
    expect(state.toasts[0]).toMatchObject({ id: "a", title: "Changed", open: true });
    const untouched = toastReducer(state, { type: "UPDATE_TOAST", toast: { id: "zzz", title: "x" } });
    expect(untouched.toasts[0]?.title).toBe("Changed");
  });

  it("dismisses by closing, one toast or all of them", () => {
    expect(toastReducer({ toasts: [make("a")] }, { type: "DISMISS_TOAST", toastId: "a" }).toasts[0]?.open).toBe(false);
    expect(toastReducer({ toasts: [make("a")] }, { type: "DISMISS_TOAST" }).toasts[0]?.open).toBe(false);
  });

  it("removes one toast or all of them", () => {
    expect(toastReducer({ toasts: [make("a")] }, { type: "REMOVE_TOAST", toastId: "a" }).toasts).toEqual([]);
    expect(toastReducer({ toasts: [make("a")] }, { type: "REMOVE_TOAST" }).toasts).toEqual([]);
  });
});

describe("toastDuration", () => {
  const undo = { label: "Undo", altText: "Set it back", onClick: () => {} };

  it("keeps a plain toast 5 s and one with an action (Undo) at least 10 s, long enough to reach on a phone", () => {
    expect(TOAST_DURATION).toBe(5000);
    expect(toastDuration({})).toBe(TOAST_DURATION);
    expect(toastDuration({ action: undo })).toBe(TOAST_ACTION_DURATION);
    expect(TOAST_ACTION_DURATION).toBeGreaterThanOrEqual(10_000);
  });

  it("keeps a toast's own duration", () => {
    expect(toastDuration({ duration: 2000, action: undo })).toBe(2000);
    expect(toastDuration({ duration: Infinity })).toBe(Infinity);
  });
});

describe("toast()", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    dispatch({ type: "REMOVE_TOAST" });
    vi.useRealTimers();
  });

  it("shows only the newest toast", () => {
    toast({ title: "First" });
    toast({ title: "Second" });
    expect(currentToasts().map((t) => t.title)).toEqual(["Second"]);
  });

  it("removes a dismissed toast from the list 1,000,000 ms after dismissal", () => {
    const shown = toast({ title: "Saved", variant: "destructive" });
    shown.dismiss();
    expect(currentToasts()).toEqual([expect.objectContaining({ id: shown.id, open: false, variant: "destructive" })]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(currentToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(currentToasts()).toEqual([]);
  });

  it("tells a toast once that it closed, whatever closed it", () => {
    const closed: string[] = [];
    const onClose = (name: string) => () => closed.push(name);
    toast({ title: "Dismissed", onClose: onClose("dismissed") }).dismiss();
    dispatch({ type: "DISMISS_TOAST" });
    const replaced = toast({ title: "Replaced", onClose: onClose("replaced") });
    toast({ title: "Newer" });
    replaced.dismiss();
    toast({ title: "Removed", onClose: onClose("removed") });
    dispatch({ type: "REMOVE_TOAST" });
    const open = toast({ title: "Updated", onClose: onClose("updated") });
    open.update({ title: "Still open" });
    expect(closed).toEqual(["dismissed", "replaced", "removed"]);
  });

  it("updates a shown toast in place", () => {
    const shown = toast({ title: "Sending…" });
    shown.update({ title: "Sent" });
    expect(currentToasts()).toEqual([expect.objectContaining({ id: shown.id, title: "Sent", open: true })]);
  });
});
