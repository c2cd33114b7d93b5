import { describe, expect, it } from "vitest";
import { displayPath, statusText } from "./status";

describe("displayPath", () => {
  it("decodes percent-escapes for display and keeps malformed ones as they are", () => {
    expect(displayPath("/caf%C3%A9/%3Cb%3E")).toBe("/café/<b>");
    expect(displayPath("/bad%E0%A4%A")).toBe("/bad%E0%A4%A");
  });
});

describe("statusText", () => {
  it("names known statuses and falls back for the rest", () => {
    expect(statusText(503)).toBe("Service Unavailable");
    expect(statusText(599)).toBe("Internal Server Error");
    expect(statusText(418)).toBe("Error");
  });
});
