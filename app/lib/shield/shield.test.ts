import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_QUERY_LENGTH } from "../http/addresses";
import { sideStoryKey } from "../content/units";
import { knowledgeOfUnits, MAX_REVEAL_LENGTH, revealLength, titleRevealers } from "./knowledge";
import {
  hiddenRuns,
  isPublic,
  isRevealed,
  parseTitlesChoice,
  revealParameter,
  type Shield,
  wouldAskWithheld,
} from "./shield";

/** A shield for a reader who has consumed these units (and everything before each in its medium). */
const reader = (units: string[], mode: Shield["mode"] = "hide", asked: string[] = []): Shield => ({
  knowledge: knowledgeOfUnits(units),
  asking: knowledgeOfUnits([...units, ...asked]),
  mode,
  hasProgress: units.length > 0,
});

describe("isRevealed", () => {
  it("shows only what the reader has seen, not what asking to see one item fetched", () => {
    expect(isRevealed(reader(["wn:1-2"], "hide", ["wn:5-10"]), ["wn:3-1"])).toBe(false);
    expect(isRevealed(reader(["wn:1-2"], "hide", ["wn:5-10"]), ["wn:1-1"])).toBe(true);
  });

  it("shows what carries no revealing units, to everyone", () => {
    expect(isRevealed(null, null)).toBe(true);
    expect(isRevealed(reader([]), undefined)).toBe(true);
  });

  it("hides gated items until the shield is known (server, first paint, no JavaScript)", () => {
    expect(isRevealed(null, ["wn:1-1"])).toBe(false);
  });

  it("shows an item once the reader has consumed any unit that reveals it, in hide and blur modes alike", () => {
    for (const mode of ["hide", "blur"] as const) {
      expect(isRevealed(reader(["wn:2-3"], mode), ["wn:2-3", "ln:main-2"])).toBe(true);
      expect(isRevealed(reader(["wn:2-3"], mode), ["wn:2-4", "ln:main-2"])).toBe(false);
      expect(isRevealed(reader(["ln:main-2"], mode), ["wn:2-4", "ln:main-2"])).toBe(true);
    }
  });

  it("goes by what was consumed, medium by medium: the web novel read further reveals nothing only an episode reveals", () => {
    expect(isRevealed(reader(["wn:9-9"]), ["anime:1-1", "bt:1-1"])).toBe(false);
    expect(isRevealed(reader(["anime:1-2"]), ["anime:1-1", "bt:1-1"])).toBe(true);
  });

  it("shields everything gated for a reader with no progress, and nothing when the shield is off", () => {
    expect(isRevealed(reader([]), ["wn:1-1"])).toBe(false);
    expect(isRevealed(reader([], "off"), ["wn:99-99"])).toBe(true);
  });

  it("never shows what nothing reveals (an empty list), unless the shield is off", () => {
    expect(isRevealed(reader(["wn:9-9", "anime:9-9"]), [])).toBe(false);
    expect(isRevealed(reader([], "off"), [])).toBe(true);
  });
});

describe("isPublic (the server's side of the rule)", () => {
  it("lets the server show only what carries no revealing units, even the first chapter's secrets", () => {
    expect(isPublic(null)).toBe(true);
    expect(isPublic(undefined)).toBe(true);
    expect(isPublic(["wn:1-1"])).toBe(false);
    expect(isPublic([])).toBe(false);
  });

  it("agrees with the browser's rule before the shield is known", () => {
    for (const revealedBy of [null, undefined, [], ["wn:1-1"], ["wn:1-1", "anime:1-1"]])
      expect(isRevealed(null, revealedBy)).toBe(isPublic(revealedBy));
  });
});

describe("revealParameter", () => {
  it("sends the whole knowledge only when it fits as sent, percent-encoded", () => {
    // 61 ticked side stories: 1,776 characters as written, 2,022 as sent (each ":" and "," three).
    const ticked = Array.from({ length: 61 }, (_, index) => sideStoryKey(`a-side-story-numbered-${100 + index}`));
    const shield = reader(["wn:2-14", ...ticked]);
    const whole = revealParameter(shield);
    expect(revealLength(whole)).toBeLessThanOrEqual(MAX_REVEAL_LENGTH);
    expect(whole).toContain("wn:2-14");
    // A page that names its sealed items' revealers asks with the ticks among them.
    expect(revealParameter(shield, { revealers: [ticked[3]!, "wn:9-1"] })).toBe(`${ticked[3]},wn:2-14`);
  });

  it("leaves room for the rest of the query, so a long search beside a long record stays within the site's limit", () => {
    const ticked = Array.from({ length: 61 }, (_, index) => sideStoryKey(`a-side-story-numbered-${100 + index}`));
    const shield = reader(["wn:2-14", "anime:1-12", ...ticked]);
    // A search of 100 letters that take three bytes each: 900 characters as sent.
    const besides = new URLSearchParams({ q: "灯".repeat(100), suggest: "1" }).toString();
    const reveal = revealParameter(shield, { shownOnly: true, besides });
    const query = new URLSearchParams({ q: "灯".repeat(100), suggest: "1", reveal, _routes: "routes/search" });
    expect(query.toString().length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
    // The places are kept; only ticks are left out.
    expect(reveal).toContain("wn:2-14");
    expect(reveal).toContain("anime:1-12");
    expect(reveal.split(",").length).toBeLessThan(63);
  });

  it("never makes a search's address longer than the site reads, whatever the record and the text (a property)", () => {
    const stories = Array.from({ length: 80 }, (_, index) => sideStoryKey(`a-side-story-numbered-${100 + index}`));
    fc.assert(
      fc.property(
        fc.subarray(stories),
        fc.subarray(Array.from({ length: 30 }, (_, index) => `wn:1-${index + 1}`)),
        // The search box takes 100 UTF-16 code units: in any script, and in ones that take 9 characters a letter as sent.
        fc
          .oneof(
            fc.string({ unit: "grapheme", maxLength: 100 }),
            fc.string({ unit: fc.constantFrom("a", " ", "é", "灯", "🏮"), minLength: 40, maxLength: 100 }),
          )
          .map((text) => text.slice(0, 100)),
        fc.constantFrom("hide", "blur", "off") as fc.Arbitrary<Shield["mode"]>,
        (ticked, skipped, text, mode) => {
          const shield: Shield = {
            knowledge: knowledgeOfUnits(["wn:2-14", "anime:1-12", ...ticked], skipped),
            asking: knowledgeOfUnits(["wn:2-14", "anime:1-12", ...ticked], skipped),
            mode,
            hasProgress: true,
          };
          const query = { q: text.trim(), suggest: "1" };
          const reveal = revealParameter(shield, { shownOnly: true, besides: new URLSearchParams(query).toString() });
          const sent = new URLSearchParams({ ...query, reveal, _routes: "routes/translation-meta.ln-mistls.$slug" });
          expect(sent.toString().length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
          // What is left out only hides: the reader's places are always there.
          if (reveal !== "all") expect(reveal).toContain("wn:2-14");
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("hiddenRuns", () => {
  const shown = (n: number) => n % 10 === 0;

  it("keeps shown items in place and gathers each run of hidden ones", () => {
    expect(hiddenRuns([10, 1, 2, 20, 3, 30, 40], shown)).toEqual([
      { shown: true, item: 10 },
      { shown: false, items: [1, 2] },
      { shown: true, item: 20 },
      { shown: false, items: [3] },
      { shown: true, item: 30 },
      { shown: true, item: 40 },
    ]);
  });

  it("makes one line of a list that is hidden from start to end, and nothing of an empty one", () => {
    expect(hiddenRuns([1, 2, 3, 4, 5], shown)).toEqual([{ shown: false, items: [1, 2, 3, 4, 5] }]);
    expect(hiddenRuns([], shown)).toEqual([]);
  });
});

describe("titles of what the reader has not reached", () => {
  const choosing = (units: string[]): Shield => {
    const shield = reader(units);
    const knowledge = { ...shield.knowledge, unreachedTitles: "show" as const };
    return { ...shield, knowledge, asking: knowledge };
  };
  const title = titleRevealers(null, ["wn:6-25"]);

  it("are asked for, and shown, only for a reader who chose to see them", () => {
    expect(revealParameter(reader([]))).toBe("");
    expect(revealParameter(choosing([]))).toBe("titles");
    expect(revealParameter(choosing(["wn:1-2"]), { shownOnly: true })).toBe("titles,wn:1-2");
    expect(isRevealed(reader(["wn:6-24"]), title)).toBe(false);
    expect(isRevealed(choosing([]), title)).toBe(true);
  });

  it("make a page that withholds hits ask again even for a reader with no progress", () => {
    expect(wouldAskWithheld(reader([]))).toBe(false);
    expect(wouldAskWithheld(choosing([]))).toBe(true);
  });

  it("are read from storage as hidden unless stored as shown", () => {
    expect(parseTitlesChoice("show")).toBe("show");
    for (const stored of [null, "", "hide", "SHOW", "yes"])
      expect(parseTitlesChoice(stored), String(stored)).toBe("hide");
  });
});
