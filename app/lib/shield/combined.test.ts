import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { knowledgeOfEither } from "./combined";
import {
  allKnowledge,
  encodeKnowledge,
  hasConsumed,
  knowledgeOfUnits,
  knowsNoMoreThan,
  noKnowledge,
  parseKnowledge,
} from "./knowledge";

const read = (text: string) => parseKnowledge(text) ?? noKnowledge;

describe("knowledgeOfEither: what someone knows who knows both", () => {
  it("takes the further place on each line: back on the web novel, on in the anime, is both places", () => {
    const both = knowledgeOfEither(knowledgeOfUnits(["wn:1-3"]), knowledgeOfUnits(["wn:1-2", "anime:1-2"]));
    expect(both.everything).toBe(false);
    expect(encodeKnowledge(both)).toBe("anime:1-2,wn:1-3");
    for (const unit of ["wn:1-3", "wn:1-1", "anime:1-2"]) expect(hasConsumed(both, unit), unit).toBe(true);
    for (const unit of ["wn:1-4", "anime:1-3", "ln:main-1"]) expect(hasConsumed(both, unit), unit).toBe(false);
  });

  it("keeps skipped only what neither read, and every tick of either", () => {
    const crossed = read("-wn:1-7..12,wn:2-3");
    expect(encodeKnowledge(knowledgeOfEither(crossed, read("wn:1-9")))).toBe("-wn:1-10..12,wn:2-3");
    expect(encodeKnowledge(knowledgeOfEither(read("-wn:1-9..10,wn:1-20"), crossed))).toBe("-wn:1-9..10,wn:2-3");
    expect(encodeKnowledge(knowledgeOfEither(crossed, read("bt:1-1..2,ss:a")))).toBe(
      "-wn:1-7..12,bt:1-1..2,ss:a,wn:2-3",
    );
    expect(encodeKnowledge(knowledgeOfEither(read("bt:1-1..2"), read("bt:1-3..5,wn:1-1")))).toBe("bt:1-1..5,wn:1-1");
  });

  it("knows everything only when one of them does", () => {
    expect(knowledgeOfEither(allKnowledge, read("wn:1-1")).everything).toBe(true);
    expect(knowledgeOfEither(noKnowledge, noKnowledge)).toEqual(knowledgeOfUnits([]));
  });

  it("has consumed exactly the units one of them consumed (drawn knowledges)", () => {
    const chapters = ["wn:1-3", "wn:1-7", "wn:1-9", "wn:1-12", "wn:2-1", "wn:2-3", "anime:1-2", "anime:1-5"];
    const checks = ["bt:1-1", "bt:1-2", "bt:1-3", "ss:a", "ss:b"];
    const everyUnit = [
      ...chapters,
      ...checks,
      ...["wn:1-1", "wn:1-8", "wn:1-10", "wn:1-13", "wn:2-2", "wn:2-4", "anime:1-1", "anime:1-3", "anime:1-6"],
    ];
    const drawn = fc
      .record({
        places: fc.subarray(chapters),
        ticked: fc.subarray(checks),
        skipped: fc.subarray(["wn:1-7", "wn:1-8", "wn:1-9", "wn:1-10", "wn:1-12", "wn:2-1", "anime:1-1", "anime:1-3"]),
      })
      .map(({ places, ticked, skipped }) => read(encodeKnowledge(knowledgeOfUnits([...places, ...ticked], skipped))));
    fc.assert(
      fc.property(drawn, drawn, (a, b) => {
        const both = knowledgeOfEither(a, b);
        for (const unit of everyUnit)
          expect(hasConsumed(both, unit), unit).toBe(hasConsumed(a, unit) || hasConsumed(b, unit));
        expect(knowsNoMoreThan(a, both) && knowsNoMoreThan(b, both)).toBe(true);
        // As a stamp stores it, it reads back the same.
        expect(encodeKnowledge(read(encodeKnowledge(both)))).toBe(encodeKnowledge(both));
      }),
      { numRuns: 500 },
    );
  });
});
