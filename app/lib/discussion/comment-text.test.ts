import { describe, expect, it } from "vitest";
import { cleanCommentText, commentTextProblem, textParts, writerName } from "./comment-text";

describe("a comment's text", () => {
  it("is normalised, loses bidirectional and invisible characters, and keeps emoji sequences", () => {
    expect(cleanCommentText("Cafe\u0301")).toBe("Café");
    expect(cleanCommentText("evil\u202egnp.exe\u2066x\u2069")).toBe("evilgnp.exex");
    expect(cleanCommentText("zero\u200bwidth\ufeff\u00ad soft")).toBe("zerowidth soft");
    expect(cleanCommentText("family 👩\u200d👩\u200d👧")).toBe("family 👩\u200d👩\u200d👧");
    expect(cleanCommentText("bell\u0007 and\u0000 nul")).toBe("bell and nul");
  });

  it("keeps four marks on a character and no more, so a stack of them never draws over the page", () => {
    // Z and the first accent are one character once composed: Ź.
    expect(cleanCommentText("Z" + "\u0301\u0302\u0303\u0304\u0305\u0306".repeat(65))).toBe(
      "\u0179\u0302\u0303\u0304\u0305",
    );
    expect(cleanCommentText("Việt Nam, हिन्दी, ภาษาไทย")).toBe("Việt Nam, हिन्दी, ภาษาไทย");
  });

  it("keeps line breaks, trims each line's end and runs of blank lines", () => {
    expect(cleanCommentText("  one  \r\ntwo\r\r\n\n\n\nthree \n")).toBe("one\ntwo\n\nthree");
  });

  it("says what is wrong with its length, in characters", () => {
    expect(commentTextProblem("🏮🏮")).toBeNull();
    expect(commentTextProblem(" \u200b\u202e ")).toBe("Write at least two characters.");
    // Characters that show nothing of themselves are not what a reader wrote.
    for (const invisible of [
      "\u200d\u200d",
      "\ufe0f\ufe0f",
      "\u{e0020}\u{e0020}",
      "\u0301\u0301",
      "\u2800\u2800",
      "a\u0301\u0301",
    ])
      expect(commentTextProblem(invisible), JSON.stringify(invisible)).toBe("Write at least two characters.");
    expect(commentTextProblem("é!")).toBeNull();
    expect(commentTextProblem("🏮".repeat(4000))).toBeNull();
    expect(commentTextProblem("🏮".repeat(4001))).toBe("Keep it to 4,000 characters (this is 4,001).");
    expect(commentTextProblem(Array(60).fill("a line").join("\n"))).toBeNull();
    expect(commentTextProblem(Array(2000).fill(".").join("\n"))).toBe("Keep it to 60 lines (this is 2,000).");
  });

  it("picks out http and https addresses, leaving trailing punctuation and other schemes as text", () => {
    expect(textParts("see https://example.com/a?b=1. and javascript:alert(1) or http://x.test)")).toEqual([
      { kind: "text", text: "see " },
      { kind: "link", text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
      { kind: "text", text: ". and javascript:alert(1) or " },
      { kind: "link", text: "http://x.test", href: "http://x.test/" },
      { kind: "text", text: ")" },
    ]);
    expect(textParts('<a href="https://x.test">x</a>')).toEqual([
      { kind: "text", text: '<a href="' },
      { kind: "link", text: "https://x.test", href: "https://x.test/" },
      { kind: "text", text: '">x</a>' },
    ]);
  });

  it("draws a link whose host is not the one it goes to as where it goes, never as the site's own page", () => {
    const link = (text: string) => textParts(text).find((part) => part.kind === "link");
    // A fraction slash is a letter of the host, not a path's slash.
    expect(link("https://lanternfall.example\u2044translation_meta\u2044ln.evil.example read it")).toEqual({
      kind: "link",
      text: "https://lanternfall.xn--exampletranslation_metaln-ev6oqa.evil.example/",
      href: "https://lanternfall.xn--exampletranslation_metaln-ev6oqa.evil.example/",
    });
    // Look-alike letters read as the host's ASCII form.
    expect(link("https://\u0430pple.com/login")).toEqual({
      kind: "link",
      text: "https://xn--pple-43d.com/login",
      href: "https://xn--pple-43d.com/login",
    });
    // A name before "@" is not the host; a backslash ends the host as the browser reads it (that link goes
    // to the host written first).
    expect(link("https://lanternfall.example@evil.example/x")).toMatchObject({
      text: "https://evil.example/x",
      href: "https://evil.example/x",
    });
    expect(link("https://lanternfall.example\\@evil.example")).toMatchObject({
      href: "https://lanternfall.example/@evil.example",
    });
    // An address written as it goes stays as written, a path in any letters too.
    expect(link("https://ja.wikipedia.org/wiki/灯")).toEqual({
      kind: "link",
      text: "https://ja.wikipedia.org/wiki/灯",
      href: "https://ja.wikipedia.org/wiki/%E7%81%AF",
    });
    expect(link("HTTPS://Example.COM/A")).toMatchObject({
      text: "HTTPS://Example.COM/A",
      href: "https://example.com/A",
    });
  });

  it("gives a writer's name cleaned, on one line, cut between characters, or 'A reader'", () => {
    expect(writerName(" Zo\u00eb\u202e\n the\u200b ")).toBe("Zoë the");
    expect(Array.from(writerName("a" + "😀".repeat(80)))).toHaveLength(60);
    expect(writerName("a" + "😀".repeat(80))).toBe(`a${"😀".repeat(58)}…`);
    expect(writerName("x".repeat(60))).toBe("x".repeat(60));
    expect(writerName("a" + "😀".repeat(80))).not.toContain("\ufffd");
    expect(writerName(null)).toBe("A reader");
    expect(writerName("\u200b\u202e")).toBe("A reader");
  });
});
