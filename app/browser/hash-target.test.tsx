import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { followTargetShownOnRequest, keepHashTargetInView } from "./hash-target";

/** What the ResizeObservers still observing would be told. */
const observing = new Set<() => void>();
/** The page's size changes, as a ResizeObserver would tell those still observing. */
const resize = () => observing.forEach((callback) => callback());

beforeEach(() => {
  observing.clear();
  vi.stubGlobal(
    "ResizeObserver",
    class {
      constructor(private callback: () => void) {}
      observe() {
        observing.add(this.callback);
      }
      disconnect() {
        observing.delete(this.callback);
      }
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

describe("followTargetShownOnRequest", () => {
  it("takes the view to a link's target once the reader shows the run that holds it", () => {
    const run = list();
    run.innerHTML += "<button>Show them</button>";
    window.location.hash = "#note-2";
    const follow = followTargetShownOnRequest();
    // The view was taken to the line, then the reader read on (the first keeping stopped).
    keepHashTargetInView("#note-2")();
    vi.mocked(HTMLElement.prototype.scrollIntoView).mockClear();
    run.querySelector("button")!.click();
    // The run's items arrive and are drawn: the target, not the run's first item, is where the view goes.
    const target = document.getElementById("note-2")!;
    document.getElementById("note-1")!.hidden = false;
    target.hidden = false;
    target.getBoundingClientRect = () => ({ top: 900 }) as DOMRect;
    run.remove();
    resize();
    expect(vi.mocked(HTMLElement.prototype.scrollIntoView).mock.contexts.at(-1)).toBe(target);
    follow();
  });

  it("leaves the view alone once the address names another target than the line was marked for", () => {
    const run = list();
    run.innerHTML += "<button>Show them</button>";
    document.body.insertAdjacentHTML("beforeend", '<main id="main"></main>');
    window.location.hash = "#note-2";
    const follow = followTargetShownOnRequest();
    keepHashTargetInView("#note-2")();
    // "Skip to content" changed the address's hash; the line keeps its mark.
    window.location.hash = "#main";
    vi.mocked(HTMLElement.prototype.scrollIntoView).mockClear();
    run.querySelector("button")!.click();
    document.getElementById("note-1")!.hidden = false;
    document.getElementById("note-2")!.hidden = false;
    run.remove();
    resize();
    expect(HTMLElement.prototype.scrollIntoView).not.toHaveBeenCalled();
    follow();
  });

  it("leaves the view alone for any other button", () => {
    list();
    document.body.insertAdjacentHTML("beforeend", '<div data-spoiler="run"><button>Show it</button></div>');
    window.location.hash = "#note-2";
    const follow = followTargetShownOnRequest();
    document.querySelector<HTMLButtonElement>("div:not([id]) button")!.click();
    expect(HTMLElement.prototype.scrollIntoView).not.toHaveBeenCalled();
    follow();
  });
});
