import { describe, expect, it } from "vitest";
import { SIMILAR_LINE_WORDS, similarLineSearch } from "./similar-lines";

describe("similarLineSearch", () => {
  it("looks for the words that say something, and asks an entry to hold half of them", () => {
    expect(similarLineSearch("The Lady of Moths smiled", 2)).toEqual({
      words: ["lady", "moths", "smiled"],
      needed: 2,
    });
    expect(similarLineSearch("The lantern is burning without any oil...?", 2)).toEqual({
      words: ["lantern", "burning", "without", "oil"],
      needed: 2,
    });
    expect(similarLineSearch("a lantern", 2)).toEqual({ words: ["lantern"], needed: 1 });
  });

  it("asks for every word of a line made only of common words", () => {
    expect(similarLineSearch("Oh, you.", 2)).toEqual({ words: ["oh", "you"], needed: 2 });
    expect(similarLineSearch("Who are you?", 3)).toEqual({ words: ["who", "are", "you"], needed: 3 });
    expect(similarLineSearch("Oh, it isn't you", 2)).toEqual({ words: ["oh", "it", "isn", "you"], needed: 4 });
  });

  it("counts a word once, drops words shorter than asked and keeps a bounded number", () => {
    expect(similarLineSearch("Lantern, lantern, LANTERN!", 2)).toEqual({ words: ["lantern"], needed: 1 });
    expect(similarLineSearch("It's my oil", 3).words).toEqual(["oil"]);
    expect(similarLineSearch("I'll go", 2)).toEqual({ words: ["go"], needed: 1 });
    const long = similarLineSearch("one two three four five six seven eight nine ten", 2);
    expect(long.words).toHaveLength(SIMILAR_LINE_WORDS);
    expect(long.needed).toBe(SIMILAR_LINE_WORDS / 2);
  });

  it("keeps Japanese words, which hold no English function word, and finds nothing in nothing", () => {
    expect(similarLineSearch("扉は二度叩け", 2)).toEqual({ words: ["扉は二度叩け"], needed: 1 });
    expect(similarLineSearch("  ?! ", 2)).toEqual({ words: [], needed: 0 });
    expect(similarLineSearch("a", 2)).toEqual({ words: [], needed: 0 });
  });
});
