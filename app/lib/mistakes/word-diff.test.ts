import { describe, expect, it } from "vitest";
import { diffWords } from "./word-diff";

const marked = (segments: Array<{ text: string; changed: boolean }>) =>
  segments.map((segment) => (segment.changed ? `[${segment.text}]` : segment.text)).join("");

describe("diffWords", () => {
  it("marks the changed word on each side", () => {
    const diff = diffWords("Knock on the door once.", "Knock on the door twice.");
    expect(marked(diff.official)).toBe("Knock on the door [once].");
    expect(marked(diff.suggested)).toBe("Knock on the door [twice].");
  });

  it("marks added and dropped phrases as one change", () => {
    const diff = diffWords("I never lied.", "I never lied to you.");
    expect(marked(diff.official)).toBe("I never lied.");
    expect(marked(diff.suggested)).toBe("I never lied[ to you].");
  });

  it("keeps identical text unmarked and handles empty text", () => {
    expect(marked(diffWords("Same line", "Same line").suggested)).toBe("Same line");
    expect(marked(diffWords("", "New").suggested)).toBe("[New]");
  });
});
