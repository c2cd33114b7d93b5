import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keepHashTargetInView } from "./hash-target";

/** The page's size changes (`resize`) as a ResizeObserver would tell them. */
let resize: () => void = () => {};

beforeEach(() => {
  vi.stubGlobal(
    "ResizeObserver",
    class {
      constructor(callback: () => void) {
        resize = callback;
      }
      observe() {}
      disconnect() {}
    },
  );
  HTMLElement.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

/** A list as ShieldedList draws it: a run's line, then the run's hidden items. */
function list() {
  document.body.innerHTML = `
    <div data-spoiler="run" id="run">2 entries beyond what you have read or watched</div>
    <div id="note-1" hidden></div>
    <div id="note-2" hidden></div>
    <div id="note-3">The note, now shown</div>`;
  return document.getElementById("run")!;
}

describe("keepHashTargetInView", () => {
  it("marks the line of the run that holds a hidden target", () => {
    const run = list();
    const stop = keepHashTargetInView("#note-2");
    expect(run.dataset.holdsTarget).toBe("");
    stop();
  });

  it("takes the mark off the run's line once the target is shown while the run stays", () => {
    const run = list();
    const target = document.getElementById("note-2")!;
    const stop = keepHashTargetInView("#note-2");
    expect(run.dataset.holdsTarget).toBe("");
    // The reader's revealed items arrive: the target shows, the item before it stays in the run (same line).
    target.hidden = false;
    target.textContent = "The target note";
    resize();
    expect(document.querySelectorAll("[data-holds-target]")).toHaveLength(0);
    stop();
  });

  it("does nothing for a hash that names nothing or cannot be read", () => {
    list();
    for (const hash of ["#", "#%", "#%E0%A4%A", `#${"x".repeat(5000)}`, "#<script>alert(1)</script>"])
      keepHashTargetInView(hash)();
    expect(document.querySelectorAll("[data-holds-target]")).toHaveLength(0);
    expect(HTMLElement.prototype.scrollIntoView).not.toHaveBeenCalled();
  });
});
