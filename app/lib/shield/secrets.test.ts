import { describe, expect, it } from "vitest";
import {
  comparedWords,
  namePattern,
  namesSecret,
  readingsOf,
  revealedBeforeSecret,
  secretNamedEarly,
  secretPattern,
  type StorySecret,
} from "./secrets";

const units = (revealedBy: string) => revealedBy.split(" ");

describe("secretPattern", () => {
  it("matches whole words and phrases only, across spaces and apostrophes", () => {
    const pattern = secretPattern(["built the door", "Mira's secret"]);
    expect(pattern.test("She built  the\ndoor.")).toBe(true);
    expect(pattern.test("Mira’s secret is out")).toBe(true);
    expect(pattern.test("She rebuilt the doorway.")).toBe(false);
    expect(pattern.test("She built the doors.")).toBe(false);
  });

  it("reads the words as text, never as a pattern of their own", () => {
    const pattern = secretPattern(["a (b)*", "c.d"]);
    expect(pattern.test("says a (b)* here")).toBe(true);
    expect(pattern.test("says a bbb here")).toBe(false);
    expect(pattern.test("cxd")).toBe(false);
  });
});

describe("namePattern", () => {
  const pattern = namePattern(["Sable", "Gilt Flame", "Aurélie d'Arc", "Wick-Eye"]);

  it("matches a name as a secret's words are matched, in any case but a capital where the name has one", () => {
    for (const text of ["Sable", "SABLE's lamp", "the Gilt  Flame", "GILT FLAME", "Aurelie d’Arc", "Ѕable", "Wick-Eye"])
      expect(namesSecret(pattern, text), text).not.toBeNull();
  });

  it("leaves the common word the name also is, and the name inside another word", () => {
    for (const text of [
      "a sable coat",
      "the gilt flame of a candle",
      "Sables",
      "Gilt Flames",
      "aurélie d'arc",
      "wick-eye",
    ])
      expect(namesSecret(pattern, text), text).toBeNull();
  });
});

describe("namesSecret", () => {
  const pattern = secretPattern(["Corvin's sister", "Aurélie"]);

  it("reads the text as it shows: nothing invisible or look-alike hides the words", () => {
    for (const text of [
      "The Saint is Cor\u200Bvin's sister.", // a zero-width space
      "Cor\u200Dvin's sister", // a zero-width joiner
      "Cor\u00ADvin's sister", // a soft hyphen
      "Cor\u2060vin's sister", // a word joiner
      "Corvin\u2018s sister", // other apostrophes
      "Corvin\u02BCs sister",
      "Corvin\uFF07s sister", // full-width
      "\uFF23\uFF4F\uFF52\uFF56\uFF49\uFF4E's sister",
      "Aurélie is the queen".normalize("NFD"), // an accent written as a letter and a mark
      "Aurelie is the queen", // and left out
      "\u0421\u043Ervin's sister", // a Cyrillic "С" and "о"
      "C\u03BFrvin's sister", // a Greek omicron
      "AUR\u0415LIE", // a Cyrillic capital "Е"
      "The Saint is \u202Eretsis s'nivroC\u202C.", // a right-to-left override shows it the right way round
      "\u202Deilèrua", // and a left-to-right one, to the end of the text
    ])
      expect(namesSecret(pattern, text), JSON.stringify(text)).not.toBeNull();
  });

  it("keeps kana's voicing marks, which make other letters, and says the words as written", () => {
    const vincent = secretPattern(["ヴィンセント・ヴォラキア"]);
    expect(namesSecret(vincent, "皇帝「ヴィンセント・ヴォラキア」")).toBe("ヴィンセント・ヴォラキア");
    // Half-width, and a voicing mark written apart, are the same letters.
    expect(namesSecret(vincent, "「ｳﾞｨﾝｾﾝﾄ・ｳﾞｫﾗｷｱ」")).toBe("ヴィンセント・ヴォラキア");
    expect(namesSecret(vincent, "「ウ\u3099ィンセント・ウ\u3099ォラキア」")).toBe("ヴィンセント・ヴォラキア");
    expect(namesSecret(secretPattern(["ガラス"]), "「カ゛ラス」")).toBe("ガラス");
    expect(namesSecret(secretPattern(["パン"]), "「ハ゜ン」")).toBe("パン");
    // Without them, another name.
    expect(namesSecret(vincent, "「ウィンセント・ウォラキア」")).toBeNull();
    expect(namesSecret(secretPattern(["ガル"]), "「カル」")).toBeNull();
  });

  it("reads a modifier letter apostrophe as an apostrophe: a word before it ends there", () => {
    expect(namesSecret(secretPattern(["Corvin"]), "Corvin\u02BCs sister")).toBe("Corvin");
    expect(namesSecret(secretPattern(["Corvin\u02BCs sister"]), "Corvin's sister")).toBe("Corvin's sister");
    expect(comparedWords(readingsOf("Corvin\u02BCs sister")[0]!)).toEqual(["corvin", "s", "sister"]);
  });

  it("folds case letter by letter, as the patterns do: a final sigma, a capital sigma and a small one alike", () => {
    expect(namesSecret(secretPattern(["θύρασ"]), "ΘΎΡΑΣ")).not.toBeNull();
    // (υ and ρ are look-alikes, read as the Latin u and p.)
    expect(comparedWords(readingsOf("ΘΎΡΑΣ θύρας")[0]!)).toEqual(["θupaσ", "θupaσ"]);
    expect(comparedWords("\u1C81\u0414")).toEqual(["\u0434\u0434"]);
  });

  it("names nothing where the words are not there", () => {
    expect(namesSecret(pattern, "Corvin's sisterhood")).toBeNull();
    expect(namesSecret(pattern, "Aurelian")).toBeNull();
    // Words in other scripts stay themselves: only look-alikes are read as Latin.
    expect(namesSecret(pattern, "Корвин's sister")).toBeNull();
    expect(namesSecret(secretPattern(["Иван"]), "Ивaн ушёл")).not.toBeNull();
  });
});

describe("revealedBeforeSecret", () => {
  it("names the first unit whose readers may not know the secret, '' for a public text, null when none", () => {
    expect(revealedBeforeSecret(null, units("wn:1-3"))).toBe("");
    expect(revealedBeforeSecret(null, null)).toBeNull();
    expect(revealedBeforeSecret(units("wn:2-1 ln:main-2"), units("wn:1-3 ln:main-1"))).toBeNull();
    expect(revealedBeforeSecret(units("wn:2-1 anime:1-2"), units("wn:1-3 ln:main-1"))).toBe("anime:1-2");
    expect(revealedBeforeSecret(units("ss:blog-1"), units("wn:1-3"))).toBe("ss:blog-1");
    expect(revealedBeforeSecret(units("ss:blog-1"), units("wn:1-3 ss:blog-1"))).toBeNull();
    expect(revealedBeforeSecret([], units("wn:1-3"))).toBeNull();
  });
});

describe("secretNamedEarly", () => {
  const secrets: StorySecret[] = [
    { id: "mira-built-the-door", words: ["built the door"], revealedBy: units("wn:1-3 ln:main-1") },
    { id: "the-hall-remembers", words: ["the hall remembers", "Hall's memory"], revealedBy: units("wn:2-2 ln:main-2") },
  ];

  it("names the secret, the words that give it away and a unit that shows the text too early", () => {
    expect(secretNamedEarly("Here the HALL’S memory wakes.", units("ln:main-1 wn:1-3"), secrets)).toEqual({
      secret: "the-hall-remembers",
      words: "HALL’S memory",
      before: "ln:main-1",
    });
    expect(secretNamedEarly("She built the door.", null, secrets)).toEqual({
      secret: "mira-built-the-door",
      words: "built the door",
      before: "",
    });
  });

  it("lets a text name what every reader who can see it already knows", () => {
    expect(secretNamedEarly("She built the door; the hall remembers.", units("ln:main-2 wn:2-2"), secrets)).toBeNull();
    expect(secretNamedEarly("She built the door.", units("ln:main-1"), secrets)).toBeNull();
    expect(secretNamedEarly("", null, secrets)).toBeNull();
    expect(secretNamedEarly("The hall remembers.", units("ln:main-2"), [])).toBeNull();
    // A secret stored without words (the pack refuses one; a damaged row) names nothing.
    const wordless = [{ id: "wordless", words: ["", "  "], revealedBy: units("wn:9-9") }];
    expect(secretNamedEarly("Any text at all.", units("ln:main-1"), wordless)).toBeNull();
  });

  it("judges every unit that shows the text: one early unit is enough to refuse it", () => {
    // An episode that covers the volume's chapters but reached the secret's chapter without it.
    expect(secretNamedEarly("built the door", units("ln:main-1 anime:1-2"), secrets)?.before).toBe("anime:1-2");
  });
});
