import { describe, expect, it } from "vitest";
import { gated } from "../shield/gated";
import { allKnowledge, knowledgeOfUnits, noKnowledge, readRevealers } from "../shield/knowledge";
import { markedAround, markedText, namedHit, saysAlready, type SearchResult, searchResultsFor } from "./result";

const hit = (ref: string, kind: SearchResult["kind"], revealedBy: string | null): SearchResult => ({
  ref,
  kind,
  ...gated(readRevealers(revealedBy), { title: `Title of ${ref}`, subtitle: "", path: `/${ref}` }),
});
const matches = [
  hit("character:mira", "character", null),
  hit("chapter:wn:2-2", "chapter", "wn:2-2 anime:1-3"),
  hit("volume:ln:main-1", "volume", null),
  hit("episode:anime:1-4", "episode", "anime:1-4"),
  hit("chapter:wn:1-1", "chapter", null),
];
const refs = (results: readonly SearchResult[]) => results.map((result) => result.ref);

describe("searchResultsFor", () => {
  it("gives a requester who knows nothing only the public hits, and no trace of the others", () => {
    const found = searchResultsFor(matches, noKnowledge, { kind: null, limit: 20, offset: 0 });
    expect(refs(found.results)).toEqual(["character:mira", "volume:ln:main-1", "chapter:wn:1-1"]);
    expect(found).toEqual({ results: found.results, total: 3, counts: { character: 1, volume: 1, chapter: 1 } });
    expect(JSON.stringify(found)).not.toMatch(/wn:2-2|anime:1-4/);
    // The same answer as if the gated hits were not there at all.
    expect(found).toEqual(
      searchResultsFor(
        matches.filter((match) => match.revealedBy === null),
        noKnowledge,
        { kind: null, limit: 20, offset: 0 },
      ),
    );
  });

  it("keeps the known hits in their order and counts them per kind", () => {
    const found = searchResultsFor(matches, knowledgeOfUnits(["anime:1-3"]), { kind: null, limit: 20, offset: 0 });
    expect(refs(found.results)).toEqual(["character:mira", "chapter:wn:2-2", "volume:ln:main-1", "chapter:wn:1-1"]);
    expect(found).toMatchObject({ total: 4, counts: { character: 1, chapter: 2, volume: 1 } });
  });

  it("narrows to one kind and pages through the known hits only", () => {
    const chapters = searchResultsFor(matches, allKnowledge, { kind: "chapter", limit: 1, offset: 1 });
    expect(refs(chapters.results)).toEqual(["chapter:wn:1-1"]);
    expect(chapters).toMatchObject({ total: 2 });
    const episodes = searchResultsFor(matches, noKnowledge, { kind: "episode", limit: 20, offset: 0 });
    // A kind whose only hit is gated finds nothing, as a kind with no hit.
    expect(episodes).toEqual({ results: [], total: 0, counts: { character: 1, volume: 1, chapter: 1 } });
  });

  it("lists a titled unit once: by its place to a requester who does not know its title, by its title to one who does, where the better of the two ranks", () => {
    const place = { title: "Lanternfall 5", subtitle: "Lanternfall 5", path: "/light_novels#ln-main-5" };
    const unit: SearchResult[] = [
      { ref: "place:volume:ln:main-5", kind: "volume", ...gated(null, place) },
      hit("chapter:wn:1-1", "chapter", null),
      hit("volume:ln:main-5", "volume", "ln:main-5"),
    ];
    const newcomer = searchResultsFor(unit, noKnowledge, { kind: null, limit: 20, offset: 0 });
    expect(refs(newcomer.results)).toEqual(["place:volume:ln:main-5", "chapter:wn:1-1"]);
    expect(newcomer.results[0]?.content?.title).toBe("Lanternfall 5");
    expect(JSON.stringify(newcomer)).not.toContain("Title of volume");
    // Its reader is shown its title, at the better place of the two (where its label ranks), counted once.
    const reader = searchResultsFor(unit, knowledgeOfUnits(["ln:main-5"]), { kind: null, limit: 20, offset: 0 });
    expect(refs(reader.results)).toEqual(["volume:ln:main-5", "chapter:wn:1-1"]);
    expect(reader.results[0]?.content?.title).toBe("Title of volume:ln:main-5");
    const titledFirst = searchResultsFor([unit[2]!, unit[1]!, unit[0]!], knowledgeOfUnits(["ln:main-5"]), {
      kind: null,
      limit: 20,
      offset: 0,
    });
    expect(refs(titledFirst.results)).toEqual(["volume:ln:main-5", "chapter:wn:1-1"]);
    expect(reader).toMatchObject({ total: 2, counts: { volume: 1, chapter: 1 } });
    const volumes = searchResultsFor(unit, knowledgeOfUnits(["ln:main-5"]), { kind: "volume", limit: 20, offset: 0 });
    expect(refs(volumes.results)).toEqual(["volume:ln:main-5"]);
  });

  it("lists a character found by their true name and by the name everyone knows once, at the better hit", () => {
    const masked = (ref: string, title: string, revealedBy: string) => ({
      ref,
      kind: "character" as const,
      ...gated(readRevealers(revealedBy), { title, subtitle: "", path: "/characters/grey-lantern" }),
    });
    const found = [
      masked("character-true-name:grey-lantern", "Briony Oakhart", "wn:2-27"),
      masked("character:grey-lantern", "The Grey Lantern", "wn:2-20"),
      hit("character:mira", "character", null),
    ];
    const page = { kind: null, limit: 20, offset: 0 };
    const aware = searchResultsFor(found, knowledgeOfUnits(["wn:2-27"]), page);
    expect(refs(aware.results)).toEqual(["character-true-name:grey-lantern", "character:mira"]);
    expect(aware).toMatchObject({ total: 2, counts: { character: 2 } });
    const unaware = searchResultsFor(found, knowledgeOfUnits(["wn:2-26"]), page);
    expect(refs(unaware.results)).toEqual(["character:grey-lantern", "character:mira"]);
    expect(JSON.stringify(unaware)).not.toMatch(/Briony|true-name/);
  });
});

describe("namedHit", () => {
  const ferris = (title: string, alsoFound?: string[]) => ({
    title,
    subtitle: "",
    path: "/characters/ferris-dunmore",
    character: { name: "Ferris Dunmore", mediumNames: [], affiliations: ["Ashwell Watch"], alsoFound },
  });
  const anime = {
    name: "Felix Dunmore",
    others: [
      { name: "Felis Dunmore", where: "the web novel (fan translation)" },
      { name: "Ferris Dunmore", where: "the light novels (Cinderlight Press)" },
    ],
  };

  it("heads a character with the name the reader knows, and says a name found that they do not know, with where", () => {
    expect(namedHit(ferris("Felis Dunmore"), anime)).toEqual({
      title: "Felix Dunmore",
      subtitle: "Felis Dunmore in the web novel (fan translation) · Ashwell Watch",
    });
    // A name the reader is not shown where (the pack's, in no medium of its own): said as another name.
    expect(namedHit(ferris("Ferro"), anime).subtitle).toBe("Also called Ferro · Ashwell Watch");
  });

  it("says no other name when the words found the reader's own too", () => {
    expect(namedHit(ferris("Felis Dunmore", ["Felix Dunmore"]), anime)).toEqual({
      title: "Felix Dunmore",
      subtitle: "Ashwell Watch",
    });
    expect(namedHit(ferris("Felix Dunmore"), anime).subtitle).toBe("Ashwell Watch");
  });

  it("shows every other hit as it is", () => {
    const chapter = { title: "The Lantern", subtitle: "Arc 1 · Chapter 2", path: "/web_novel/1/2" };
    expect(namedHit(chapter, anime)).toBe(chapter);
  });
});

describe("searchResultsFor, a character found by several names", () => {
  it("lists them once, at their best hit, with the other names the words found", () => {
    const named = (ref: string, title: string): SearchResult => ({
      ref,
      kind: "character",
      ...gated(null, {
        title,
        subtitle: "",
        path: "/characters/ferris-dunmore",
        character: { name: "Ferris Dunmore", mediumNames: [], affiliations: [] },
      }),
    });
    const found = searchResultsFor(
      [
        named("character-name:ferris-dunmore:3", "Felis Dunmore"),
        named("character-name:ferris-dunmore:1", "Felix Dunmore"),
      ],
      noKnowledge,
      { kind: null, limit: 20, offset: 0 },
    );
    expect(found.total).toBe(1);
    expect(found.results[0]?.content?.character?.alsoFound).toEqual(["Felix Dunmore"]);
  });
});

describe("markedText and markedAround", () => {
  const marked = (text: string) => text.replaceAll("[", "\u0001").replaceAll("]", "\u0002");
  it("gives a marked text's pieces, every second one found, words found side by side as one", () => {
    expect(markedText(marked("The [Ash] [Warden] of [Lowwick]"))).toEqual([
      "The ",
      "Ash Warden",
      " of ",
      "Lowwick",
      "",
    ]);
    expect(markedText("The Ash Warden")).toBeNull();
    // A word found before an ellipsis or at a sentence's end is found without its dots; a number with one keeps it.
    expect(markedText(marked("That [bell...] it sounds familiar."))).toEqual([
      "That ",
      "bell",
      "... it sounds familiar.",
    ]);
    expect(markedText(marked("rings on Saint Aura's [Bridge.]"))).toEqual(["rings on Saint Aura's ", "Bridge", "."]);
    expect(markedText(marked("[...and] then [Episode 12.5]"))).toEqual(["...", "and", " then ", "Episode 12.5", ""]);
    expect(markedText(null)).toBeNull();
  });
  it("keeps only the parts of names or text that hold a word found, a mark across parts whole", () => {
    expect(markedAround(marked("ミラ・ヘイル · The [Doorwarden] · みら ら へい いる…"))).toEqual([
      "The ",
      "Doorwarden",
      "",
    ]);
    expect(markedAround(marked("[Arc 7 · Epilogue] · Ash"))).toEqual(["", "Arc 7 · Epilogue", ""]);
    expect(markedAround("Knock · Hinge")).toBeNull();
  });
  it("tells words the line under a title says already, whole or cut, from words it does not", () => {
    const subtitle = "Season 2 · Break Time 3, airs with episode 3";
    expect(saysAlready(subtitle, markedAround(marked("[Break] Time 3, airs with [episode]…"))!)).toBe(true);
    expect(saysAlready("Lowwick · The Lantern Guild", markedAround(marked("[Lowwick]"))!)).toBe(true);
    expect(saysAlready(subtitle, markedAround(marked("The [Great] Sweeping"))!)).toBe(false);
    // Whole words only: "Time 3" is not said by "Time 30".
    expect(saysAlready("Break Time 30", markedAround(marked("Break [Time 3]"))!)).toBe(false);
  });
});
