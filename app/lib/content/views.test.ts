import { describe, expect, it } from "vitest";
import { allKnowledge, knowledgeOfUnits, noKnowledge } from "../shield/knowledge";
import { addressNamesView, type Place, viewToOpen } from "./views";

const views = [
  { number: 1, unitCount: 30 },
  { number: 2, unitCount: 41 },
  // A view announced with nothing out yet.
  { number: 3, unitCount: 0 },
  { number: 4, unitCount: 12 },
];

/** Any reached unit stands at `place`: the rule reads places, not keys. */
const at = (place: Place) => () => place;

describe("viewToOpen", () => {
  const someone = knowledgeOfUnits(["wn:1-1"]);

  it("opens where the reader's next unit is: their own view partway through it, the next once it is seen", () => {
    expect(viewToOpen(views, someone, at({ view: 2, unit: 5 }))).toBe(2);
    expect(viewToOpen(views, someone, at({ view: 1, unit: 30 }))).toBe(2);
    // Past a view with nothing out yet.
    expect(viewToOpen(views, someone, at({ view: 2, unit: 41 }))).toBe(4);
  });

  it("stays on the last view seen when nothing later is listed, and opens the last one listed for a place past it", () => {
    expect(viewToOpen(views, someone, at({ view: 4, unit: 12 }))).toBe(4);
    expect(viewToOpen(views.slice(0, 2), someone, at({ view: 2, unit: 41 }))).toBe(2);
    // Progress kept from a longer listing (the pack now lists fewer views), past a view with nothing out.
    expect(viewToOpen(views.slice(0, 3), someone, at({ view: 9, unit: 1 }))).toBe(2);
    // A place in a view not listed, before others: the next one listed.
    expect(viewToOpen([views[0]!, views[3]!], someone, at({ view: 2, unit: 1 }))).toBe(4);
  });

  it("reads the first reached unit on the line, and leaves the first view to a reader with none and to the shield turned off", () => {
    const onTheLine = (key: string) => (key === "anime:2-5" ? { view: 2, unit: 5 } : null);
    expect(viewToOpen(views, knowledgeOfUnits(["wn:4-1", "anime:2-5"]), onTheLine)).toBe(2);
    expect(viewToOpen(views, knowledgeOfUnits(["wn:4-1"]), onTheLine)).toBeNull();
    expect(viewToOpen(views, noKnowledge, at({ view: 2, unit: 5 }))).toBeNull();
    expect(viewToOpen(views, allKnowledge, at({ view: 2, unit: 5 }))).toBeNull();
  });
});

describe("whether the address names the view", () => {
  it("reads its parameter only, value or not", () => {
    expect(addressNamesView("?arc=3", "arc")).toBe(true);
    expect(addressNamesView("?page=2&season=", "season")).toBe(true);
    expect(addressNamesView("?season=2", "arc")).toBe(false);
    expect(addressNamesView("", "season")).toBe(false);
  });
});
