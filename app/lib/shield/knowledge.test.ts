import { describe, expect, it } from "vitest";
import {
  allKnowledge,
  encodeKnowledge,
  hasConsumed,
  knowledgeFor,
  knowledgeOfUnits,
  knows,
  knowsAnything,
  type Knowledge,
  MAX_REVEAL_LENGTH,
  noKnowledge,
  parseKnowledge,
} from "./knowledge";
import { emptyProgress, knowledgeOf } from "../progress/record";
import { chapterKey, sideStoryKey } from "../content/units";

/** The furthest unit reached on each line, sorted. */
const placesOf = (knowledge: Knowledge) => [...knowledge.reached.values()].map((reached) => reached.key).sort();

describe("hasConsumed", () => {
  const reader = knowledgeOfUnits(["wn:2-14", "ln:main-3", "ln:ex-1", "anime:1-5", "ss:festival-night", "bt:1-2"]);

  it("counts the web novel up to the last chapter read, arcs before it whole", () => {
    for (const key of ["wn:1-1", "wn:1-99", "wn:2-1", "wn:2-14"]) expect(hasConsumed(reader, key), key).toBe(true);
    for (const key of ["wn:2-15", "wn:3-1"]) expect(hasConsumed(reader, key), key).toBe(false);
  });

  it("counts each light novel collection up to its own last volume", () => {
    for (const key of ["ln:main-1", "ln:main-3", "ln:ex-1"]) expect(hasConsumed(reader, key), key).toBe(true);
    for (const key of ["ln:main-4", "ln:ex-2", "ln:other-1"]) expect(hasConsumed(reader, key), key).toBe(false);
  });

  it("counts the anime up to the last episode watched, seasons before it whole", () => {
    for (const key of ["anime:1-1", "anime:1-5"]) expect(hasConsumed(reader, key), key).toBe(true);
    for (const key of ["anime:1-6", "anime:2-1"]) expect(hasConsumed(reader, key), key).toBe(false);
    expect(hasConsumed(knowledgeOfUnits(["anime:2-1"]), "anime:1-12")).toBe(true);
  });

  it("counts side stories and Break Time shorts one by one, never by order", () => {
    expect(hasConsumed(reader, "ss:festival-night")).toBe(true);
    expect(hasConsumed(reader, "ss:winter-letters")).toBe(false);
    expect(hasConsumed(reader, "bt:1-2")).toBe(true);
    expect(hasConsumed(reader, "bt:1-1")).toBe(false);
  });

  it("infers nothing across media", () => {
    const webNovelOnly = knowledgeOfUnits(["wn:9-99"]);
    for (const key of ["ln:main-1", "anime:1-1", "ss:festival-night", "bt:1-1"])
      expect(hasConsumed(webNovelOnly, key), key).toBe(false);
  });

  it("knows nothing of a key that is not a unit, and everything with the shield off", () => {
    expect(hasConsumed(reader, "chapter 14")).toBe(false);
    expect(hasConsumed(allKnowledge, "wn:99-99")).toBe(true);
  });
});

describe("knows", () => {
  const reader = knowledgeOfUnits(["wn:2-14"]);

  it("shows what spoils nothing to everyone", () => {
    expect(knows(noKnowledge, null)).toBe(true);
    expect(knows(noKnowledge, undefined)).toBe(true);
  });

  it("shows an item when any unit that reveals it was consumed", () => {
    expect(knows(reader, ["ln:main-3", "wn:2-14", "anime:1-5"])).toBe(true);
    expect(knows(reader, ["ln:main-3", "wn:2-15", "anime:1-5"])).toBe(false);
    expect(knows(noKnowledge, ["wn:1-1"])).toBe(false);
  });

  it("never shows what nothing reveals, unless the reader wants everything", () => {
    expect(knows(reader, [])).toBe(false);
    expect(knows(allKnowledge, [])).toBe(true);
  });
});

describe("knowledgeOf", () => {
  it("reads a progress record medium by medium", () => {
    const knowledge = knowledgeOf({
      ...emptyProgress,
      webNovel: "wn:1-4",
      lightNovels: ["ln:main-2"],
      anime: "anime:1-3",
      sideStories: ["ss:a"],
      breakTime: ["bt:1-1"],
      position: 999,
    });
    expect(placesOf(knowledge)).toEqual(["anime:1-3", "ln:main-2", "wn:1-4"]);
    expect([...knowledge.checked].sort()).toEqual(["bt:1-1", "ss:a"]);
    // The stored position says nothing: only units count.
    expect(knows(knowledge, ["wn:1-5"])).toBe(false);
  });

  it("does not know what the reader skipped on the way, before their place", () => {
    const knowledge = knowledgeOf({
      ...emptyProgress,
      webNovel: "wn:2-1",
      lightNovels: ["ln:main-3"],
      skipped: ["wn:1-7", "ln:main-2", "wn:4-1"],
    });
    expect(hasConsumed(knowledge, "wn:1-6")).toBe(true);
    expect(hasConsumed(knowledge, "wn:1-7")).toBe(false);
    expect(hasConsumed(knowledge, "ln:main-2")).toBe(false);
    expect(hasConsumed(knowledge, "ln:main-3")).toBe(true);
    expect(knows(knowledge, ["wn:1-7", "ln:main-2"])).toBe(false);
    expect(knows(knowledge, ["wn:1-7", "ln:main-3"])).toBe(true);
    // A skipped unit beyond the reader's place says nothing more.
    expect([...knowledge.skipped].sort()).toEqual(["ln:main-2", "wn:1-7"]);
  });

  it("knows nothing without progress, or with an empty one", () => {
    expect(knowsAnything(knowledgeOf(null))).toBe(false);
    expect(knowsAnything(knowledgeOf(emptyProgress))).toBe(false);
    expect(knowsAnything(allKnowledge)).toBe(true);
  });
});

describe("the reveal parameter", () => {
  it("writes the units that stand for the knowledge, sorted, and reads them back to the same knowledge", () => {
    const knowledge = knowledgeOfUnits([
      "wn:1-3",
      "wn:2-14",
      "ln:main-3",
      "ln:main-1",
      "ln:ex-1",
      "anime:1-5",
      "ss:festival-night",
      "bt:1-2",
    ]);
    const text = encodeKnowledge(knowledge);
    expect(text).toBe("anime:1-5,bt:1-2,ln:ex-1,ln:main-3,ss:festival-night,wn:2-14");
    const parsed = parseKnowledge(text);
    expect(parsed).toEqual(knowledge);
    expect(encodeKnowledge(parsed!)).toBe(text);
  });

  it("marks skipped units with a minus, and reads them back", () => {
    const knowledge = knowledgeOfUnits(["wn:2-14", "ln:main-3"], ["wn:1-7", "ln:main-1"]);
    const text = encodeKnowledge(knowledge);
    expect(text).toBe("-ln:main-1,-wn:1-7,ln:main-3,wn:2-14");
    expect(parseKnowledge(text)).toEqual(knowledge);
    expect(parseKnowledge("-wn:1-7")).toEqual(noKnowledge);
    for (const junk of ["-", "--wn:1-7", "wn:2-1,-"]) expect(parseKnowledge(junk), junk).toBeNull();
  });

  it("gives one text for readers who know the same, whatever order they got there in", () => {
    expect(encodeKnowledge(knowledgeOfUnits(["ss:b", "wn:1-2", "ss:a"]))).toBe(
      encodeKnowledge(knowledgeOfUnits(["ss:a", "wn:1-1", "ss:b", "wn:1-2"])),
    );
  });

  it("says all with the shield off, and nothing for a reader who knows nothing", () => {
    expect(encodeKnowledge(allKnowledge)).toBe("all");
    expect(parseKnowledge("all")).toEqual(allKnowledge);
    expect(encodeKnowledge(noKnowledge)).toBe("");
  });

  it("refuses what is not a list of unit keys: nothing is revealed", () => {
    for (const junk of [
      null,
      "",
      "wn:2",
      "wn:2-14,",
      "wn:2-14,,ss:a",
      "everything",
      "ALL",
      "wn:2-14;ss:a",
      "wn:2-14 ss:a",
      "ln:main-x",
      "<script>",
      "wn:-1-3",
    ]) {
      expect(parseKnowledge(junk), String(junk)).toBeNull();
    }
  });

  it("moves a place back before its first skipped unit when the skipped units alone would not fit", () => {
    const skipped = Array.from({ length: 5000 }, (_, index) =>
      chapterKey(1 + Math.floor(index / 1000), 1 + (index % 1000)),
    );
    const knowledge = knowledgeOfUnits(
      ["wn:7-31", "ln:main-4", "anime:1-12", "ss:a"],
      [...skipped.slice(10), "ln:main-2"],
    );
    const text = encodeKnowledge(knowledge);
    expect(text).toBe("anime:1-12,ln:main-1,ss:a,wn:1-10");
    // Never more than the reader knows.
    for (const key of ["wn:1-11", "wn:3-1", "wn:7-31", "ln:main-2", "ln:main-4"])
      expect(hasConsumed(parseKnowledge(text)!, key), key).toBe(false);
    // Before an arc's first chapter or a first volume: the arc before, or nothing of that medium.
    const atStart = knowledgeOfUnits(
      ["wn:3-400", "ln:main-3"],
      [...Array.from({ length: 300 }, (_, index) => chapterKey(3, index + 1)), "wn:3-1", "ln:main-1"],
    );
    const moved = parseKnowledge(encodeKnowledge(atStart))!;
    expect(placesOf(moved)).toEqual(["wn:2-999999"]);
    expect(
      encodeKnowledge(
        knowledgeOfUnits(
          ["wn:1-999"],
          Array.from({ length: 300 }, (_, index) => chapterKey(1, index + 1)),
        ),
      ),
    ).toBe("");
  });

  it("leaves ticked side stories and shorts out of an over-long text, never a place or a skipped unit", () => {
    const ticked = Array.from({ length: 200 }, (_, index) =>
      sideStoryKey(`a-long-side-story-${String(index).padStart(3, "0")}`),
    );
    const knowledge = knowledgeOfUnits(["wn:2-14", "anime:1-12", ...ticked], ["wn:1-7"]);
    const text = encodeKnowledge(knowledge);
    // Bounded as sent: percent-encoded in the query (each ":" and "," three characters).
    const sent = new URLSearchParams({ reveal: text }).toString().slice("reveal=".length);
    expect(sent.length).toBeLessThanOrEqual(MAX_REVEAL_LENGTH);
    expect(sent.length).toBeGreaterThan(MAX_REVEAL_LENGTH - 40);
    const parsed = parseKnowledge(text)!;
    expect(placesOf(parsed)).toEqual(["anime:1-12", "wn:2-14"]);
    expect([...parsed.skipped]).toEqual(["wn:1-7"]);
    expect(parsed.checked.size).toBeGreaterThan(10);
    expect(parsed.checked.size).toBeLessThan(200);
    for (const unit of parsed.checked) expect(knowledge.checked.has(unit)).toBe(true);
    expect(encodeKnowledge(knowledge, Infinity).split(",")).toHaveLength(203);
  });

  it("keeps, for a page, only the ticks among its items' revealers, and every place and skipped unit", () => {
    const knowledge = knowledgeOfUnits(["wn:2-14", "ss:a", "ss:b", "bt:1-1"], ["wn:1-7"]);
    const forPage = knowledgeFor(knowledge, ["ss:b", "wn:9-9", "bt:2-2"]);
    expect(encodeKnowledge(forPage)).toBe("-wn:1-7,ss:b,wn:2-14");
    for (const revealedBy of [["ss:b"], ["ss:a"], ["wn:1-7"], ["wn:2-3"], ["wn:9-9", "ss:b"], ["bt:2-2"]]) {
      if (knows(forPage, revealedBy)) expect(knows(knowledge, revealedBy), revealedBy.join(" ")).toBe(true);
    }
    expect(knowledgeFor(allKnowledge, [])).toBe(allKnowledge);
  });

  it("refuses an over-long list rather than reading it", () => {
    const units = Array.from({ length: 401 }, (_, index) => sideStoryKey(`story-${index}`));
    expect(parseKnowledge(units.join(","))).toBeNull();
    expect(parseKnowledge(units.slice(0, 400).join(","))?.checked.size).toBe(400);
  });
});
