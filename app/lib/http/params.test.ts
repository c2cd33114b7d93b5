import { describe, expect, it } from "vitest";
import { parseOptionalNumber, parsePageParam } from "./params";

describe("query parameters that pick what a page shows", () => {
  it("an optional number is undefined when absent, the number when whole, null (a 404) otherwise", () => {
    const params = new URLSearchParams("season=2&arc=01&page=x");
    expect(parseOptionalNumber(params, "season")).toBe(2);
    expect(parseOptionalNumber(params, "collection")).toBeUndefined();
    for (const value of ["01", "0", "-1", "1.5", "", "one", "1e3", " 1"]) {
      expect(parseOptionalNumber(new URLSearchParams({ season: value }), "season"), value).toBeNull();
    }
  });

  it("a page is 1 when absent and null when not a page number", () => {
    expect(parsePageParam(new URLSearchParams())).toBe(1);
    expect(parsePageParam(new URLSearchParams("page=3"))).toBe(3);
    expect(parsePageParam(new URLSearchParams("page=x"))).toBeNull();
  });
});
