import { describe, expect, it } from "vitest";
import { releaseEvent, releaseKind } from "./releases";

describe("releaseKind", () => {
  it("names a light novel edition by its language, the Japanese as the English", () => {
    expect(releaseKind({ medium: "light_novels", edition: "jp" })).toBe("Light novel, Japanese");
    expect(releaseKind({ medium: "light_novels", edition: "en" })).toBe("Light novel, English");
    expect(releaseKind({ medium: "anime", edition: null })).toBe("Anime");
    expect(releaseEvent({ medium: "light_novels", edition: "jp" })).toBe("On sale in Japan");
  });
});
