import { describe, expect, it } from "vitest";
import {
  fieldShown,
  formByKind,
  formBySlug,
  reportForms,
  reportLengthErrors,
  reportPlace,
  unitChoice,
  validateReport,
} from "./report-forms";

describe("report forms", () => {
  it("has the five forms at their addresses", () => {
    expect(reportForms.map((form) => form.slug)).toEqual([
      "report_bug",
      "report_content",
      "report_ln_mistl",
      "suggest_feature",
      "report_anime_mistl",
    ]);
    expect(formBySlug("nope")).toBeNull();
  });

  it("reports each missing required field next to it, and keeps optional ones optional", () => {
    const bug = formBySlug("report_bug")!;
    expect(validateReport(bug, { happened: "  ", expected: "", page: "/x" }).errors).toEqual({
      happened: "This is needed.",
      expected: "This is needed.",
    });
    expect(validateReport(bug, { happened: "It broke", expected: "It works", page: "/x" }).values).toEqual({
      happened: "It broke",
      expected: "It works",
      page: "/x",
      steps: "",
      browser: "",
    });
  });

  it("keeps reader-written text as a comment's: nothing invisible counts, no text that reads backwards", () => {
    const bug = formBySlug("report_bug")!;
    // A blank Braille cell, zero-width spaces and a Hangul filler show nothing.
    expect(validateReport(bug, { happened: "\u2800", expected: "\u200b\u200b\u3164", page: "/x" }).errors).toEqual({
      happened: "This is needed.",
      expected: "This is needed.",
    });
    // A right-to-left override would make the text read otherwise to moderators than it says.
    expect(
      validateReport(bug, { happened: "Harmless \u202eenil", expected: "It works\r\n\r\n\r\n\r\nfine", page: "/x" })
        .values,
    ).toMatchObject({ happened: "Harmless enil", expected: "It works\n\nfine" });
  });

  it("checks lengths, patterns and fixed choices", () => {
    const anime = formBySlug("report_anime_mistl")!;
    const base = {
      episode: "anime:1-1",
      timestamp: "12:34",
      platform: "Netflix",
      track: "dub",
      official: "a",
      suggested: "b",
      why: "c",
    };
    expect(validateReport(anime, base).errors).toBeNull();
    expect(validateReport(anime, { ...base, timestamp: "twelve" }).errors).toEqual({
      timestamp: "Write minutes:seconds, or hours:minutes:seconds past an hour.",
    });
    // Full-width digits and colon, as a Japanese keyboard writes them, are the time they say.
    expect(validateReport(anime, { ...base, timestamp: "１２：３４" })).toMatchObject({
      errors: null,
      values: { timestamp: "12:34" },
    });
    expect(validateReport(anime, { ...base, timestamp: "1：04：30" }).values?.timestamp).toBe("1:04:30");
    expect(validateReport(anime, { ...base, track: "radio" }).errors).toEqual({
      track: "Choose one of the listed options.",
    });
    // Too long for a timestamp: how to write one says more than a count of characters, before sending too.
    expect(validateReport(anime, { ...base, timestamp: "12 min 34 sec" }).errors).toEqual({
      timestamp: "Write minutes:seconds, or hours:minutes:seconds past an hour.",
    });
    expect(reportLengthErrors(anime, { ...base, timestamp: "12 min 34 sec" })).toEqual({
      timestamp: "Write minutes:seconds, or hours:minutes:seconds past an hour.",
    });
    expect(validateReport(anime, { ...base, official: "x".repeat(1001) }).errors).toEqual({
      official: "Keep it to 1,000 characters (this is 1,001).",
    });
    expect(validateReport(anime, { ...base, episode: "" }).errors).toEqual({
      episode: "Choose the episode, OVA, special or film.",
    });
  });

  it("counts characters as a reader does: a tab or an emoji is one, so text under the limit is never refused as over it", () => {
    const bug = formBySlug("report_bug")!;
    // A pasted stack trace: 3,600 characters, 800 of them tabs.
    const trace = "Step\tone\t".repeat(400);
    const kept = validateReport(bug, { happened: trace, expected: "It works", page: "/x" });
    expect(kept.errors).toBeNull();
    expect(kept.values?.happened).toBe(trace.trimEnd());
    expect(validateReport(bug, { happened: "😀".repeat(4000), expected: "It works", page: "/x" }).errors).toBeNull();
    expect(validateReport(bug, { happened: "😀".repeat(4001), expected: "It works", page: "/x" }).errors).toEqual({
      happened: "Keep it to 4,000 characters (this is 4,001).",
    });
  });

  it("refuses a text past its field's limit before sending with the very message the server gives, and nothing else", () => {
    const ln = formBySlug("report_ln_mistl")!;
    const base = { volume: "", chapter: "", official: "a", suggested: "灯".repeat(6000), why: " \u200b" };
    // The page checks lengths only: a missing volume or an empty field is for the whole check.
    expect(reportLengthErrors(ln, base)).toEqual({ suggested: "Keep it to 2,000 characters (this is 6,000)." });
    expect(validateReport(ln, base).errors?.suggested).toBe(reportLengthErrors(ln, base)?.suggested);
    // Counted as it will be kept: spaces at the ends go first.
    expect(reportLengthErrors(ln, { ...base, suggested: ` ${"a".repeat(2000)} ` })).toBeNull();
  });

  it("takes a light novel report's location only as a page, a percentage or a Kindle location", () => {
    const ln = formBySlug("report_ln_mistl")!;
    const base = { volume: "ln:main-1", chapter: "3", official: "a", suggested: "b", why: "c" };
    for (const location of ["", "p. 112", "112", "43%", "loc. 1234"])
      expect(validateReport(ln, { ...base, location }).errors, location).toBeNull();
    for (const location of ["p. 112, where Corvin's sister dies", "the bridge scene", "150%"])
      expect(validateReport(ln, { ...base, location }).errors, location).toEqual({
        location: "Write a page (p. 112), a percentage (43%) or a Kindle location (loc. 1234).",
      });
  });
});

describe("the forms' words for the original", () => {
  const labelOf = (form: ReturnType<typeof formByKind>, name: string) =>
    form.fields.find((field) => field.name === name)?.label;

  it("name the series' original language on a page: Japanese, Korean or Chinese", () => {
    const japanese = formBySlug("report_ln_mistl", "ja")!;
    expect(japanese.summary).toBe("The official English light novel says something the Japanese does not.");
    expect(labelOf(japanese, "japanese")).toBe("The Japanese text, if you know it");
    const korean = formBySlug("report_ln_mistl", "ko")!;
    expect(korean.summary).toBe("The official English light novel says something the Korean does not.");
    expect(labelOf(korean, "japanese")).toBe("The Korean text, if you know it");
  });

  it("say the original for the anime, which may be made in another language than the series was written in", () => {
    expect(formByKind("anime_mistl", "ko").summary).toBe("A subtitle, dub or caption line differs from the original.");
  });

  it("say the original, in no language, where no page shows them", () => {
    expect(labelOf(formByKind("ln_mistl"), "japanese")).toBe("The original text, if you know it");
    expect(formByKind("anime_mistl").summary).toBe("A subtitle, dub or caption line differs from the original.");
  });
});

describe("where a report points", () => {
  it("names a light novel report's volume by its label, then the chapter and the page as the reader wrote them", () => {
    expect(
      reportPlace({
        kind: "ln_mistl",
        unitLabel: "Lanternfall 3",
        fields: { volume: "ln:main-3", chapter: "3", location: "p. 112" },
      }),
    ).toBe("Lanternfall 3 · chapter 3 · p. 112");
    expect(
      reportPlace({ kind: "ln_mistl", unitLabel: "Lanternfall 3", fields: { chapter: "The Smuggler's Lamp" } }),
    ).toBe("Lanternfall 3 · The Smuggler's Lamp");
    expect(reportPlace({ kind: "ln_mistl", unitLabel: "Lanternfall 3", fields: { chapter: "123-A" } })).toBe(
      "Lanternfall 3 · chapter 123-A",
    );
    // A volume no longer in the content keeps the key the reader chose.
    expect(reportPlace({ kind: "ln_mistl", unitLabel: null, fields: { volume: "ln:main-30", chapter: "" } })).toBe(
      "ln:main-30",
    );
  });

  it("names an anime report's episode and the time in it, and nothing for a report about the site", () => {
    expect(
      reportPlace({ kind: "anime_mistl", unitLabel: "Season 1 · Episode 3", fields: { timestamp: "12:34" } }),
    ).toBe("Season 1 · Episode 3 at 12:34");
    expect(reportPlace({ kind: "bug", unitLabel: null, fields: { page: "/anime" } })).toBeNull();
  });

  it("shows a moderator each answer as the reader chose it: a unit by its label, a fixed choice by its words", () => {
    const field = (name: string) => formByKind("anime_mistl").fields.find((each) => each.name === name)!;
    expect(fieldShown(field("episode"), "sp:ova-1", "Anime · OVA")).toBe("Anime · OVA");
    expect(fieldShown(field("track"), "subtitles", "Anime · OVA")).toBe("Subtitles");
    expect(fieldShown(field("timestamp"), "3:12", "Anime · OVA")).toBe("3:12");
    // An episode no longer in the content keeps the key the reader chose.
    expect(fieldShown(field("episode"), "anime:9-1", null)).toBe("anime:9-1");
    const volume = formByKind("ln_mistl").fields.find((each) => each.name === "volume")!;
    expect(fieldShown(volume, "ln:main-3", "Lanternfall 3")).toBe("Lanternfall 3");
  });

  it("names each volume and episode of a choice by its place, never by a title that could spoil", () => {
    expect(unitChoice({ key: "ln:ex-1", label: "Lanternfall EX 1" })).toEqual({
      value: "ln:ex-1",
      label: "Lanternfall EX 1",
    });
    expect(unitChoice({ key: "anime:1-3", label: "Season 1 · Episode 3" })).toEqual({
      value: "anime:1-3",
      label: "Season 1 · Episode 3",
    });
  });
});
