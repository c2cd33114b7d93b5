import { describe, expect, it } from "vitest";
import { formatSite } from "./format";

describe("formatSite", () => {
  it("names the site a link leads to by its host, without www", () => {
    expect(formatSite("https://lanternfall.example/wn/1/1")).toBe("lanternfall.example");
    expect(formatSite("https://www.example.org/fiction/12?chapter=3")).toBe("example.org");
  });

  it("leaves what is not an address as it is", () => {
    expect(formatSite("not an address")).toBe("not an address");
  });
});
