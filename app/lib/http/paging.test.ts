import { describe, expect, it } from "vitest";
import { nouns } from "../words";
import { pageExists, pageInfo, pageOffset, showingRange } from "./paging";
import { parsePageParam } from "./params";
import { unitPath } from "../content/units";
import { lnMistakePath } from "../mistakes/rules";

describe("paging", () => {
  it("places a page in the list", () => {
    expect(pageOffset(1, 50)).toBe(0);
    expect(pageOffset(3, 50)).toBe(100);
    expect(pageInfo(2, 50, 812)).toEqual({ page: 2, perPage: 50, total: 812, pageCount: 17 });
    expect(pageInfo(1, 50, 0).pageCount).toBe(1);
    expect(pageExists(pageInfo(17, 50, 812))).toBe(true);
    expect(pageExists(pageInfo(18, 50, 812))).toBe(false);
  });

  it("says which items a page shows, and only the total when one page holds them all", () => {
    expect(showingRange(pageInfo(1, 50, 812), nouns.entry)).toBe("Showing 1–50 of 812 entries");
    expect(showingRange(pageInfo(17, 50, 812), nouns.entry)).toBe("Showing 801–812 of 812 entries");
    expect(showingRange(pageInfo(1, 50, 12), nouns.volume)).toBe("12 volumes");
    expect(showingRange(pageInfo(1, 50, 1), nouns.volume)).toBe("1 volume");
    expect(showingRange(pageInfo(2, 1000, 1500), nouns.volume)).toBe("Showing 1,001–1,500 of 1,500 volumes");
  });

  it("reads ?page= strictly: absent is the first page, anything but a page number is none", () => {
    const page = (search: string) => parsePageParam(new URLSearchParams(search));
    expect(page("")).toBe(1);
    expect(page("page=3")).toBe(3);
    for (const bad of ["page=0", "page=-1", "page=01", "page=1.5", "page=", "page=x", "page=1e3"])
      expect(page(bad)).toBeNull();
  });
});

describe("links into paged lists", () => {
  it("a light novel volume opens the page of its collection that holds it", () => {
    expect(unitPath("ln:main-1")).toBe("/light_novels?collection=main#ln-main-1");
    expect(unitPath("ln:main-12")).toBe("/light_novels?collection=main#ln-main-12");
    expect(unitPath("ln:main-13")).toBe("/light_novels?collection=main&page=2#ln-main-13");
    expect(unitPath("ln:ssc-140")).toBe("/light_novels?collection=ssc&page=12#ln-ssc-140");
  });

  it("a light novel entry opens the page of its volume that holds it", () => {
    expect(lnMistakePath("ln:main-3", "a", 0)).toBe("/translation_meta/ln_mistls/main_v3#entry-a");
    expect(lnMistakePath("ln:main-3", "a", 49)).toBe("/translation_meta/ln_mistls/main_v3#entry-a");
    expect(lnMistakePath("ln:main-3", "a", 50)).toBe("/translation_meta/ln_mistls/main_v3?page=2#entry-a");
  });
});
