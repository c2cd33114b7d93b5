import { describe, expect, it } from "vitest";
import { countOf, nounFor, nouns, ordinal, withArticle, wordsOf } from "./words";

describe("countOf", () => {
  it("takes the singular for one and the plural for every other count", () => {
    expect(countOf(1, nouns.chapter)).toBe("1 chapter");
    expect(countOf(0, nouns.chapter)).toBe("0 chapters");
    expect(countOf(1204, nouns.chapter)).toBe("1,204 chapters");
  });

  it("spells plurals that do not end in a bare s", () => {
    expect(countOf(5, nouns.shortStory)).toBe("5 short stories");
    expect(countOf(4, nouns.storeBonus)).toBe("4 store bonuses");
    expect(countOf(3, nouns.ifRoute)).toBe("3 IF routes");
    expect(countOf(2, nouns.entry)).toBe("2 entries");
    expect(nounFor(1, nouns.reportMatches)).toBe("report matches");
    expect(nounFor(3, nouns.reportMatches)).toBe("reports match");
  });
});

describe("withArticle", () => {
  it("chooses a or an by the sound the phrase starts with", () => {
    expect(withArticle("episode")).toBe("an episode");
    expect(withArticle("arc")).toBe("an arc");
    expect(withArticle("IF route")).toBe("an IF route");
    expect(withArticle("season")).toBe("a season");
    expect(withArticle("chapter")).toBe("a chapter");
    expect(withArticle("unit")).toBe("a unit");
    expect(withArticle("hour")).toBe("an hour");
  });
});

describe("wordsOf", () => {
  it("sums what is known, says what the sum lacks, and never says 0 words for counts nobody knows", () => {
    expect(wordsOf({ chapterCount: 3, wordCount: 12_000, withoutWordCount: 0 })).toBe("12,000 words");
    expect(wordsOf({ chapterCount: 3, wordCount: 8_000, withoutWordCount: 1 })).toBe(
      "8,000 words (1 chapter without a word count)",
    );
    expect(wordsOf({ chapterCount: 28, wordCount: 0, withoutWordCount: 28 })).toBe("word count unknown");
    // An arc with no chapter yet has no words, which is known.
    expect(wordsOf({ chapterCount: 0, wordCount: 0, withoutWordCount: 0 })).toBe("0 words");
  });
});

describe("ordinal", () => {
  it("ends a place as it is said", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "101st",
      "111th",
    ]);
  });
});
