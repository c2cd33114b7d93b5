import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isDeeperThanEveryPage, pathDepth } from "./addresses";

describe("address limits", () => {
  it("counts segments as route matching does", () => {
    expect(pathDepth("/")).toBe(0);
    expect(pathDepth("")).toBe(0);
    expect(pathDepth("/web_novel")).toBe(1);
    expect(pathDepth("//a///b/")).toBe(2);
    expect(pathDepth("/translation_meta/ln_mistls/main_v1")).toBe(3);
  });

  it("counts like split-and-filter for any path", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("/", "a", "%2F", ".", "é"), { maxLength: 60 }), (parts) => {
        const path = parts.join("");
        expect(pathDepth(path)).toBe(path.split("/").filter(Boolean).length);
      }),
    );
  });

  it("tells the not-found page's depth from a page's", () => {
    expect(isDeeperThanEveryPage("/translation_meta/ln_mistls/main_v1")).toBe(false);
    expect(isDeeperThanEveryPage("/a/b/c/d")).toBe(true);
  });
});
