import { describe, expect, it } from "vitest";
import { parseSiteIdentity, siteIdentityOf } from "./site-identity";

describe("the site's identity", () => {
  it("is what the pack says, or made from the series' title where it says nothing", () => {
    expect(
      siteIdentityOf({ title: "Lanternfall", site: { name: "Lamp Notes", shortName: "Lamps", description: "D." } }),
    ).toEqual({ name: "Lamp Notes", shortName: "Lamps", description: "D." });
    const made = siteIdentityOf({ title: "Lanternfall" });
    expect(made.name).toBe("Lanternfall Companion");
    expect(made.shortName).toBe("Lanternfall");
    expect(made.description).toContain("Lanternfall");
    expect(siteIdentityOf({ title: "Lanternfall", site: { name: "Lamp Notes" } }).shortName).toBe("Lanternfall");
  });

  it("fits the short name under an icon: the title's first word, else the title cut", () => {
    expect(siteIdentityOf({ title: "Re:Zero − Starting Life in Another World" }).shortName).toBe("Re:Zero");
    expect(siteIdentityOf({ title: "Overwhelmingly" }).shortName).toBe("Overwhelming");
    expect([...siteIdentityOf({ title: "ランタンフォール～夜が生きる街の灯守り～" }).shortName]).toHaveLength(12);
  });

  it("reads back only a whole identity", () => {
    const site = { name: "A", shortName: "B", description: "C" };
    expect(parseSiteIdentity(JSON.stringify(site))).toEqual(site);
    for (const raw of [
      null,
      "",
      "not json",
      "null",
      "[]",
      JSON.stringify({ name: "A" }),
      JSON.stringify({ ...site, name: "" }),
    ])
      expect(parseSiteIdentity(raw), String(raw)).toBeNull();
  });
});
