import { describe, expect, it } from "vitest";
import { cleanCommentText, commentTextProblem, textLength, textParts, writerName } from "./comment-text";

describe("a comment's text", () => {
  it("is normalised, loses bidirectional and invisible characters, and keeps emoji sequences", () => {
    expect(cleanCommentText("Cafe\u0301")).toBe("Café");
    expect(cleanCommentText("evil\u202egnp.exe\u2066x\u2069")).toBe("evilgnp.exex");
    expect(cleanCommentText("zero\u200bwidth\ufeff\u00ad soft")).toBe("zerowidth soft");
    expect(cleanCommentText("family 👩\u200d👩\u200d👧")).toBe("family 👩\u200d👩\u200d👧");
    expect(cleanCommentText("bell\u0007 and\u0000 nul")).toBe("bell and nul");
  });

  it("keeps line breaks, trims each line's end and runs of blank lines", () => {
    expect(cleanCommentText("  one  \r\ntwo\r\r\n\n\n\nthree \n")).toBe("one\ntwo\n\nthree");
  });

  it("counts characters, not UTF-16 units, and says what is wrong with its length", () => {
    expect(textLength("🏮🏮")).toBe(2);
    expect(commentTextProblem("🏮🏮")).toBeNull();
    expect(commentTextProblem(" \u200b\u202e ")).toBe("Write at least two characters.");
    expect(commentTextProblem("🏮".repeat(4000))).toBeNull();
    expect(commentTextProblem("🏮".repeat(4001))).toBe("Keep it to 4,000 characters (this is 4,001).");
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

  it("gives a writer's name cleaned, on one line, cut between characters, or 'A reader'", () => {
    expect(writerName(" Zo\u00eb\u202e\n the\u200b ")).toBe("Zoë the");
    expect(Array.from(writerName("a" + "😀".repeat(80)))).toHaveLength(60);
    expect(writerName("a" + "😀".repeat(80))).not.toContain("\ufffd");
    expect(writerName(null)).toBe("A reader");
    expect(writerName("\u200b\u202e")).toBe("A reader");
  });
});
