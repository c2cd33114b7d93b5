import { describe, expect, it } from "vitest";
import type { StorySecret } from "../shield/secrets";
import { animeEntryRevealers, publicationProblem } from "./publishing";

// The tiny pack's secret, and one revealed with its second volume.
const secrets: StorySecret[] = [
  { id: "mira-built-the-door", words: ["built the door"], revealedBy: ["wn:1-3", "ln:main-1"] },
  { id: "the-hall-remembers", words: ["the hall remembers"], revealedBy: ["wn:2-2", "ln:main-2"] },
];
const volume1 = ["ln:main-1", "wn:1-3"];
const ln = (fields: Record<string, string>) => ({
  kind: "ln_mistl" as const,
  fields: { volume: "ln:main-1", chapter: "2", official: "a", suggested: "b", why: "c", ...fields },
});

describe("publicationProblem", () => {
  it("lets a report through that names nothing its readers have not reached", () => {
    expect(publicationProblem(ln({ location: "p. 31", why: "She built the door." }), volume1, secrets)).toBeNull();
    expect(publicationProblem(ln({ location: "" }), volume1, secrets)).toBeNull();
    expect(publicationProblem(ln({ why: "The hall remembers." }), ["ln:main-2", "wn:2-2"], secrets)).toBeNull();
  });

  it.each(["official", "suggested", "japanese", "why"])(
    "refuses a secret revealed later than the entry, named in its %s",
    (field) => {
      expect(publicationProblem(ln({ [field]: "and so the HALL remembers" }), volume1, secrets)).toEqual({
        problem: "secret",
        field,
        secret: "the-hall-remembers",
        words: "the HALL remembers",
        before: "ln:main-1",
      });
    },
  );

  it("refuses a location that is not a page, a percentage or a Kindle location, before looking for secrets", () => {
    expect(publicationProblem(ln({ location: "where the hall remembers" }), volume1, secrets)).toEqual({
      problem: "location",
      field: "location",
      written: "where the hall remembers",
    });
  });

  it("holds an anime report's lines to its episode, and its timestamp to the pattern", () => {
    const anime = {
      kind: "anime_mistl" as const,
      fields: { episode: "anime:1-2", timestamp: "12:34", official: "He built the door.", suggested: "b", why: "c" },
    };
    // Episode 2 skipped the chapter that reveals it: its viewers may not know.
    expect(publicationProblem(anime, ["anime:1-2", "wn:2-1"], secrets)).toMatchObject({
      problem: "secret",
      field: "official",
      before: "anime:1-2",
    });
    expect(
      publicationProblem({ ...anime, fields: { ...anime.fields, timestamp: "soon" } }, ["anime:1-2"], secrets),
    ).toEqual({ problem: "location", field: "timestamp", written: "soon" });
  });

  it("judges an entry every reader sees against every secret", () => {
    expect(publicationProblem(ln({ why: "built the door" }), null, secrets)).toMatchObject({ before: "" });
  });
});

describe("animeEntryRevealers", () => {
  it("are the episode's or special's revealers, and a recut episode's viewers alone, not the season's its place reaches", () => {
    expect(animeEntryRevealers("anime:1-6", "anime:1-6 anime:1r1-3 wn:2-4 ln:main-3")).toEqual([
      "anime:1-6",
      "anime:1r1-3",
      "wn:2-4",
      "ln:main-3",
    ]);
    expect(animeEntryRevealers("sp:film-1", "sp:film-1 ss:blog-1")).toEqual(["sp:film-1", "ss:blog-1"]);
    expect(animeEntryRevealers("anime:1r1-3", "anime:1r1-3 wn:2-4 ln:main-3 anime:1-6")).toEqual(["anime:1r1-3"]);
  });
});
