import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirect("/feedback_hub/report_bug?x=1#y")).toBe("/feedback_hub/report_bug?x=1#y");
  });
  it.each(["https://evil.example", "//evil.example", "/\\evil.example", "\\\\evil", "javascript:alert(1)", "/a\nb", "", null, 42, "feedback_hub"])(
    "refuses %j",
    (value) => expect(safeRedirect(value)).toBe("/"),
  );
});
