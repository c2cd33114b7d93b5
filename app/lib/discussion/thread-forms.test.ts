import { describe, expect, it } from "vitest";
import { commentTextProblem } from "./comment-text";
import { threadLengthErrors } from "./thread-forms";

describe("a thread's forms before they are sent", () => {
  it("refuse a comment or a report's note past its limit with its true length, as the action does", () => {
    const text = "🏮".repeat(15_000);
    expect(threadLengthErrors({ text })).toEqual({ text: commentTextProblem(text) });
    expect(threadLengthErrors({ text })?.text).toBe("Keep it to 4,000 characters (this is 15,000).");
    expect(threadLengthErrors({ note: "n".repeat(501) })).toEqual({ note: "Keep it to 500 characters (this is 501)." });
    // A moderator's reason to the writer too.
    expect(threadLengthErrors({ reason: "r".repeat(900) })).toEqual({
      reason: "Keep it to 500 characters (this is 900).",
    });
  });

  it("leave everything else to the action: a short comment, an empty one, a text of many lines", () => {
    expect(threadLengthErrors({ text: "Good chapter." })).toBeNull();
    expect(threadLengthErrors({ text: "" })).toBeNull();
    expect(threadLengthErrors({ text: Array(200).fill("a").join("\n") })).toBeNull();
  });
});
