import { describe, expect, it } from "vitest";
import { createPageTracker, type PageEvent } from "./page-tracker";
import { mayReload, RELOAD_GUARD_MS } from "./reload-guard";

describe("createPageTracker", () => {
  it("sends a page view for the first page and leave-then-view for every route change", () => {
    const events: PageEvent[] = [];
    const track = createPageTracker((event) => events.push(event));
    track("/");
    track("/characters");
    track("/characters"); // same path: nothing
    track("/characters/ilse-marrow");
    expect(events).toEqual([
      { event: "$pageview", path: "/" },
      { event: "$pageleave", path: "/" },
      { event: "$pageview", path: "/characters" },
      { event: "$pageleave", path: "/characters" },
      { event: "$pageview", path: "/characters/ilse-marrow" },
    ]);
  });
});

describe("mayReload", () => {
  it("reloads once per path per 10 s", () => {
    expect(mayReload(null, 1_000)).toBe(true);
    expect(mayReload(1_000, 1_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(mayReload(1_000, 1_000 + RELOAD_GUARD_MS)).toBe(true);
    expect(mayReload(Number.NaN, 5)).toBe(true);
    expect(mayReload(50_000, 1_000)).toBe(true); // a clock that went backwards does not lock reloads out
  });
});
