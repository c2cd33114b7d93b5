import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  SEARCH_WORD_MAX_BYTES,
  cleanQuery,
  parseSearchKind,
  searchKindLabels,
  searchKinds,
  searchWords,
  asSearchedText,
  unspacedPairs,
  toFtsQuery,
  toWholeWordFtsQuery,
  toPhraseFtsQuery,
  toNameFtsQuery,
  toTitleFtsQuery,
  toHitFtsQuery,
  toTextFtsQuery,
} from "./query";

describe("toFtsQuery", () => {
  it("makes every word a required prefix", () => {
    expect(toFtsQuery("Ash ward")).toBe('"ash"* AND "ward"*');
  });
  it("matches a number as a whole word: episode 8 is not episode 80", () => {
    expect(toFtsQuery("Episode 8")).toBe('"episode"* AND "8"');
    expect(toFtsQuery("chapter 123-A")).toBe('"chapter"* AND "123" AND "a"*');
    expect(toFtsQuery("第１２話")).toBe('("第12話"* OR "第12 12話"*)');
  });
  it("matches a word ending in a number whole: ランタンフォール1 is not ランタンフォール10", () => {
    expect(toFtsQuery("ランタンフォール10")).toBe(
      '("ランタンフォール10" OR "らん んた たん んふ ふぉ ぉー ーる る10")',
    );
    expect(toFtsQuery("ランタンフォールEX2")).toBe(
      '("ランタンフォールex2" OR "らん んた たん んふ ふぉ ぉー ーる るex2")',
    );
    expect(toFtsQuery("lanternfall 10")).toBe('"lanternfall"* AND "10"');
  });
  it("matches a number with a dot whole, its parts in the order typed: 5.7 is not 7.5", () => {
    // FTS5 reads "5.7" as the phrase "5 7", as the index holds "Volume 5.7".
    expect(toFtsQuery("vol 5.7")).toBe('"vol"* AND "5.7"');
    expect(toFtsQuery("vol5.7")).toBe('("vol5.7" OR ("vol"* AND "5.7"))');
    expect(toWholeWordFtsQuery("vol5.7")).toBe('("vol5.7" OR ("vol" AND "5.7"))');
    expect(toPhraseFtsQuery("vol5.7")).toBe('"vol"* + "5.7"');
    // In a word of Chinese, Japanese or Korean letters it is one letter of the pairs, as a number is.
    expect(toFtsQuery("第7.5巻")).toBe('("第7.5巻"* OR "第7.5 7.5巻"*)');
    expect(unspacedPairs("第7.5巻")).toBe("第7.5 7.5巻 巻");
  });
  it("finds letters and a number written together also as the two words the index holds", () => {
    expect(toFtsQuery("lanternfall10")).toBe('("lanternfall10" OR ("lanternfall"* AND "10"))');
    expect(toFtsQuery("Vol4")).toBe('("vol4" OR ("vol"* AND "4"))');
    expect(toFtsQuery("chapter 123a")).toBe('"chapter"* AND ("123a"* OR ("123" AND "a"*))');
    expect(toWholeWordFtsQuery("ch45")).toBe('("ch45" OR ("ch" AND "45"))');
    expect(toPhraseFtsQuery("Arc1 chapter 1")).toBe('"arc"* + "1" + "chapter"* + "1"');
    // A place before its number is its start too, so "ep3" is side by side in "Episode 3"; other words whole.
    expect(toPhraseFtsQuery("ep3")).toBe('"ep"* + "3"');
    expect(toPhraseFtsQuery("ash ward 3")).toBe('"ash" + "ward" + "3"');
    expect(toPhraseFtsQuery('"')).toBeNull();
    // One letter and a number stay one word: "s" would find nearly everything.
    expect(toFtsQuery("s2")).toBe('"s2"');
    // An ISBN is its digits, one word, as before; a word of Chinese, Japanese or Korean letters is read by its pairs.
    expect(toFtsQuery("978-4-04-000000-8")).toBe('"9784040000008"');
    expect(toFtsQuery("第2話")).toBe('("第2話"* OR "第2 2話"*)');
  });
  it("reads a number typed in another script's digits as that number, in a Chinese, Japanese or Korean word too", () => {
    expect(toFtsQuery("chapter ٣")).toBe(toFtsQuery("chapter 3"));
    expect(toFtsQuery("ch３")).toBe(toFtsQuery("ch3"));
    expect(toFtsQuery("第۱۲話")).toBe('("第12話"* OR "第12 12話"*)');
    expect(unspacedPairs("第१२話")).toBe(unspacedPairs("第12話"));
  });
  it("treats FTS syntax as plain text", () => {
    expect(toFtsQuery('name:"x" OR NEAR(a b) -c *')).toBe(
      '"name"* AND "x"* AND "or"* AND "near"* AND "a"* AND "b"* AND "c"*',
    );
    expect(toFtsQuery('"')).toBeNull();
    expect(toFtsQuery("   ")).toBeNull();
  });
  it("keeps letters of every script", () => {
    expect(toFtsQuery("灰の番人 Élise")).toBe('("灰の番人"* OR "灰の の番 番人"*) AND "élise"*');
  });
  it("finds a Chinese, Japanese or Korean word inside a longer run, by its pairs of letters", () => {
    expect(toFtsQuery("灯芯")).toBe('("灯芯"* OR "灯芯"*)');
    expect(toFtsQuery("ｶﾞﾗｽ")).toBe('("ガラス"* OR "がら らす"*)');
    expect(toFtsQuery("마법사")).toBe('("마법사"* OR "마법 법사"*)');
    // One letter is a prefix: the index has a pair starting at every letter, and the last one alone.
    expect(toFtsQuery("灯")).toBe('"灯"*');
  });
});

describe("toHitFtsQuery", () => {
  it("finds the words anywhere in names, and in text only with a place's number beside the place", () => {
    expect(toHitFtsQuery("vol4")).toBe('{title aliases}: (("vol4" OR ("vol"* AND "4"))) OR (("vol4" OR "vol"* + "4"))');
    expect(toHitFtsQuery("ep 3")).toBe('{title aliases}: ("ep"* AND "3") OR ("ep"* + "3")');
    expect(toHitFtsQuery("tiny tale vol 7.5")).toBe(
      '{title aliases}: ("tiny"* AND "tale"* AND "vol"* AND "7.5") OR ("tiny"* AND "tale"* AND "vol"* + "7.5")',
    );
    expect(toHitFtsQuery("arc 1 ch2")).toBe(
      '{title aliases}: ("arc"* AND "1" AND ("ch2" OR ("ch"* AND "2"))) OR ("arc"* + "1" AND ("ch2" OR "ch"* + "2"))',
    );
  });
  it("finds the words anywhere where no place's number follows it", () => {
    // A number alone or after another number, after other words (an arc's or a collection's name), after
    // one letter or a Chinese, Japanese or Korean word.
    for (const words of [
      "3",
      "2016 01",
      "cinder academy 3",
      "lanternfall10",
      "123a",
      "s 2",
      "in 3",
      "ランタンフォール 3",
    ])
      expect(toHitFtsQuery(words), words).toBe(`${toNameFtsQuery(words)} OR (${toFtsQuery(words)})`);
    expect(toHitFtsQuery(" - ")).toBeNull();
  });
});

describe("toTextFtsQuery", () => {
  it("finds the words in a text, a place's number side by side with the place typed before it", () => {
    expect(toTextFtsQuery("vol 3")).toBe('"vol"* + "3"');
    expect(toTextFtsQuery("the chapter 12 sword")).toBe('"the"* AND "chapter"* + "12" AND "sword"*');
    expect(toTextFtsQuery("ch12")).toBe('("ch12" OR "ch"* + "12")');
    expect(toTextFtsQuery("sword 3")).toBe(toFtsQuery("sword 3"));
    expect(toHitFtsQuery("vol 3")).toBe(`${toNameFtsQuery("vol 3")} OR (${toTextFtsQuery("vol 3")})`);
    expect(toTextFtsQuery(" - ")).toBeNull();
  });
});

describe("cleanQuery", () => {
  it("trims and bounds the query", () => {
    expect(cleanQuery("  vell ")).toBe("vell");
    expect(cleanQuery(null)).toBe("");
    expect(cleanQuery("x".repeat(500))).toHaveLength(100);
  });
});

describe("toNameFtsQuery", () => {
  it("asks for the same words in names and aliases only", () => {
    expect(toNameFtsQuery("Ilse mar")).toBe('{title aliases}: ("ilse"* AND "mar"*)');
    expect(toNameFtsQuery(" - ")).toBeNull();
  });
});

describe("toTitleFtsQuery", () => {
  it("asks for the same words in titles only", () => {
    expect(toTitleFtsQuery("Ash ward")).toBe('{title}: ("ash"* AND "ward"*)');
    expect(toTitleFtsQuery(" - ")).toBeNull();
  });
});

describe("parseSearchKind", () => {
  it("takes every kind the results page offers and ignores anything else", () => {
    for (const kind of searchKinds) expect(parseSearchKind(kind)).toBe(kind);
    expect(searchKinds).toEqual([
      "character",
      "arc",
      "chapter",
      "volume",
      "side_story",
      "season",
      "episode",
      "break_time",
      "anime_special",
      "manga_series",
      "manga_chapter",
      "translation_note",
    ]);
    for (const other of [null, undefined, "", "Character", "toString", "__proto__", "episode "])
      expect(parseSearchKind(other)).toBeNull();
  });
  it("names each kind", () => {
    expect(Object.keys(searchKindLabels)).toEqual(searchKinds);
  });
});

describe("unspacedPairs", () => {
  it("gives every pair of letters of each Chinese, Japanese or Korean word, and its last letter alone", () => {
    expect(unspacedPairs("燃えない灯芯")).toBe("燃え えな ない い灯 灯芯 芯");
    expect(unspacedPairs("The Wick", "イルゼ・マロウ", "第１２話")).toBe("いる るぜ ぜ まろ ろう う 第12 12話 話");
    // A number or a run of Latin letters in such a word is one letter of its pairs, kept whole, and no
    // word of its own: "12" is not episode 12, nor "1" the start of it.
    expect(unspacedPairs("ランタンフォール12", "灯ex", "EX2巻")).toBe(
      "らん んた たん んふ ふぉ ぉー ーる る12 灯ex ex2巻 巻",
    );
    expect(unspacedPairs("Ilse Marrow", "")).toBe("");
  });
  it("holds a number's pairs whole, so a word ending in another number is not found in them", () => {
    const tenth = unspacedPairs("ランタンフォール10").split(" ");
    expect(tenth).not.toContain("る1");
    expect(toFtsQuery("ランタンフォール1")).toBe('("ランタンフォール1" OR "らん んた たん んふ ふぉ ぉー ーる る1")');
  });
  it("pairs katakana as hiragana, so a name typed in either finds it, one letter too", () => {
    const indexed = unspacedPairs("パックの灯").split(" ");
    expect(indexed).toEqual(["ぱっ", "っく", "くの", "の灯", "灯"]);
    expect(toFtsQuery("ぱっく")).toBe('("ぱっく"* OR "ぱっ っく"*)');
    expect(toFtsQuery("パック")).toBe('("パック"* OR "ぱっ っく"*)');
    // One letter is a prefix of the pairs: "ぱ" finds "ぱっ", as "パ" finds "パック" itself.
    expect(indexed.some((pair) => pair.startsWith("ぱ"))).toBe(true);
    // The prolonged sound mark and the katakana without a hiragana stay as they are.
    expect(unspacedPairs("ヴァーヷ")).toBe("ゔぁ ぁー ーヷ ヷ");
  });
  it("holds, one after another, the pairs every part of a word is searched as", () => {
    const indexed = unspacedPairs("燃えない灯芯").split(" ");
    for (const part of ["灯芯", "えない", "ない灯", "燃えない灯芯"]) {
      const pairs = /"([^"]+)"\*?\)$/.exec(toFtsQuery(part)!)![1]!.split(" ");
      const at = indexed.indexOf(pairs[0]!);
      expect(indexed.slice(at, at + pairs.length)).toEqual(pairs);
    }
  });
});

describe("searchWords", () => {
  const bytes = (text: string) => new TextEncoder().encode(text).length;
  it("keeps every word within D1's LIKE pattern limit once wrapped in % signs, whole characters only", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: "grapheme", maxLength: 200 }), fc.string({ unit: "binary", maxLength: 200 })),
        (input) => {
          for (const word of searchWords(input, 50)) {
            expect(bytes(`%${word}%`)).toBeLessThanOrEqual(50);
            // Letters and digits, and dots only between digits ("7.5").
            expect(word).toMatch(/^(?:[\p{L}\p{N}\p{M}]|(?<=\p{N})\.(?=\p{N}))+$/u);
          }
        },
      ),
    );
  });
  it("reads an ISBN written with hyphens as one word, and nothing else that has hyphens", () => {
    expect(searchWords("978-4-04-000000-8")).toEqual(["9784040000008"]);
    expect(searchWords("isbn 0-8044-2957-X")).toEqual(["isbn", "080442957x"]);
    expect(searchWords("9784040000008")).toEqual(["9784040000008"]);
    // A chapter's number, a date and digits too few or too many for an ISBN stay apart.
    expect(searchWords("3-12")).toEqual(["3", "12"]);
    expect(searchWords("2016-01-10")).toEqual(["2016", "01", "10"]);
    expect(searchWords("978-4-04-000000-8-1")).toEqual(["978", "4", "04", "000000", "8", "1"]);
  });
  it("reads a number with a dot between its digits as one word, that number", () => {
    expect(searchWords("vol 7.5")).toEqual(["vol", "7.5"]);
    expect(searchWords("Vol7.5, 1.2.3")).toEqual(["vol7.5", "1.2.3"]);
    // A dot that is no decimal point parts words as before.
    expect(searchWords("vol. 7. .5 7..5 a.b")).toEqual(["vol", "7", "5", "7", "5", "a", "b"]);
  });

  it("reads a text for the index as it reads what is typed: a number's dot kept, every other dot a space", () => {
    expect(asSearchedText("Lanternfall 7.5 · Volume 7.5")).toBe("Lanternfall 7.5 · Volume 7.5");
    expect(asSearchedText("Blu-ray Vol. 2 booklet, chapter 5. J.R. Hale... 1.2.3.")).toBe(
      "Blu-ray Vol  2 booklet, chapter 5  J R  Hale    1.2.3 ",
    );
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 100 }), (text) => {
        // Whatever the text, the index reads the words search reads in it: no word keeps a dot that is no number's.
        for (const word of asSearchedText(text)
          .split(/[^\p{L}\p{N}.]+/u)
          .filter(Boolean))
          expect(word).not.toMatch(/(?<!\p{N})\.|\.(?!\p{N})/u);
      }),
    );
  });

  it("reads an episode written in one word, as viewers write it, as its season and its episode", () => {
    for (const written of ["s1e7", "S01E07", "s1ep7", "1x07", "S1E07"])
      expect(searchWords(written), written).toEqual(["season", "1", "episode", "7"]);
    expect(searchWords("lanternfall s2e13.5")).toEqual(["lanternfall", "season", "2", "episode", "13.5"]);
    expect(searchWords("S00E00")).toEqual(["season", "0", "episode", "0"]);
    // Side by side as "Season 1 · Episode 7" holds them, so it ranks first.
    expect(toPhraseFtsQuery("s1e7")).toBe('"season"* + "1" + "episode"* + "7"');
    // Nothing else: a lone season, a screen's size.
    for (const word of ["s1", "1920x1080", "s1e", "x07", "sx1e7"]) expect(searchWords(word), word).toEqual([word]);
  });

  it("reads an episode's number as its label writes it, without a leading zero, whatever is glued before it", () => {
    for (const written of ["e7", "E07", "episode 07", "Episode 7"])
      expect(toFtsQuery(written), written).toBe('"episode"* AND "7"');
    // "ep" stays as typed, the start of "Episode" and a text's "ep 7" alike.
    for (const written of ["ep07", "ep7", "Ep007"]) expect(searchWords(written), written).toEqual(["ep7"]);
    for (const written of ["EP 07", "ep 7"]) expect(toFtsQuery(written), written).toBe('"ep"* AND "7"');
    expect(searchWords("episode07 e13.5 season 01")).toEqual(["episode7", "episode", "13.5", "season", "1"]);
    // Plain words and other numbers stay as they are.
    for (const words of ["epilogue", "episode", "e", "ep", "Epona 07", "e 07", "ex2", "chapter 07", "2016 01"])
      expect(searchWords(words), words).toEqual(words.toLowerCase().split(" "));
  });

  it("reads a season and then its episode, in two words or more, as one place", () => {
    for (const written of [
      "s1 e7",
      "s1 ep7",
      "S1 E07",
      "s01 episode 07",
      "s1 ep 7",
      "season 1 episode 7",
      "season 1 e7",
    ])
      expect(searchWords(written), written).toEqual(["season", "1", "episode", "7"]);
    expect(searchWords("lanternfall s2 e13.5 recap")).toEqual([
      "lanternfall",
      "season",
      "2",
      "episode",
      "13.5",
      "recap",
    ]);
    expect(toPhraseFtsQuery("s1 e7")).toBe(toPhraseFtsQuery("s1e7"));
    // A season with no episode after it stays as typed.
    expect(searchWords("s1 epilogue")).toEqual(["s1", "epilogue"]);
    expect(searchWords("s1 7")).toEqual(["s1", "7"]);
  });

  it("reads the digits of every script as the digits 0 to 9, and nothing else as digits", () => {
    for (const digits of [
      "٠١٢٣٤٥٦٧٨٩",
      "۰۱۲۳۴۵۶۷۸۹",
      "०१२३४५६७८९",
      "০১২৩৪৫৬৭৮৯",
      "๐๑๒๓๔๕๖๗๘๙",
      "０１２３４５６７８９",
      "𝟎𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗",
      "𝟶𝟷𝟸𝟹𝟺𝟻𝟼𝟽𝟾𝟿",
    ])
      expect(searchWords(`chapter ${digits}`), digits).toEqual(["chapter", "0123456789"]);
    expect(searchWords("Chapter ٣ ch３ vol٧.٥")).toEqual(["chapter", "3", "ch3", "vol7.5"]);
    // Numbers written in words, Chinese numerals among them, are letters, not digits: 第三話 stays as written.
    expect(searchWords("第三話 〇 Ⅻ")).toEqual(["第三話", "〇", "xii"]);
  });

  it("reads every decimal digit Unicode has as one of 0 to 9, as its script's digits run whole sets of ten", () => {
    const digit = /\p{Nd}/u;
    const runs: string[] = [];
    for (let at = 0; at <= 0x10ffff; at += 1) {
      if (at >= 0xd800 && at <= 0xdfff) continue;
      const character = String.fromCodePoint(at);
      if (!digit.test(character)) continue;
      if (digit.test(String.fromCodePoint(at - 1))) runs[runs.length - 1] += character;
      else runs.push(character);
    }
    expect(runs.length).toBeGreaterThan(50);
    for (const run of runs) {
      const sets = [...run].length / 10;
      expect(Number.isInteger(sets), run).toBe(true);
      // Mathematical digits run 50 long, past the longest word kept.
      expect(searchWords(run), run).toEqual(["0123456789".repeat(sets).slice(0, SEARCH_WORD_MAX_BYTES)]);
    }
  });

  it("cuts a long word at its last whole character and keeps short ones", () => {
    expect(searchWords("灯".repeat(17))).toEqual(["灯".repeat(16)]);
    expect(searchWords("a".repeat(48) + " b".repeat(2))).toEqual(["a".repeat(48), "b", "b"]);
    expect(searchWords("a".repeat(49))).toEqual(["a".repeat(48)]);
    expect(searchWords("😀".repeat(13) + "x")).toEqual(["x"]);
    expect(searchWords("é".repeat(30))).toEqual(["é".repeat(24)]);
    expect(searchWords("ab%_cd")).toEqual(["ab", "cd"]);
  });
});
