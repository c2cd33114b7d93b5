import { describe, expect, it } from "vitest";
import { mediumOf, unitAnchor, unitPath } from "./units";

describe("units", () => {
  it("knows each unit's medium, anchor and page", () => {
    expect(mediumOf("ln:ssc-2")).toBe("light_novels");
    expect(unitAnchor("wn:2-14")).toBe("wn-2-14");
    expect(unitPath("wn:2-14")).toBe("/web_novel?arc=2#wn-2-14");
    expect(unitPath("ln:main-3")).toBe("/light_novels?collection=main#ln-main-3");
    expect(unitPath("ss:festival-night")).toBe("/side_stories#ss-festival-night");
    expect(unitPath("anime:1-5")).toBe("/break_time#anime-1-5");
    expect(unitPath("bt:2-1")).toBe("/break_time#bt-2-1");
  });
});
