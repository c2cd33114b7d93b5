import { describe, expect, it } from "vitest";
import { parseSiteIdentity, siteIdentityOf } from "./site-identity";

describe("the site's identity", () => {
  it("is what the pack says, or made from the series' title where it says nothing", () => {
    expect(
      siteIdentityOf({ title: "Lanternfall", site: { name: "Lamp Notes", shortName: "Lamps", description: "D." } }),
    ).toEqual({ name: "Lamp Notes", shortName: "Lamps", description: "D.", originalLanguage: "ja" });
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

  it("says the series' original language, Japanese where the pack does not say", () => {
    expect(siteIdentityOf({ title: "Omniscient", originalLanguage: "ko" }).originalLanguage).toBe("ko");
    expect(siteIdentityOf({ title: "Grandmaster", originalLanguage: "zh-Hans" }).originalLanguage).toBe("zh-Hans");
    expect(siteIdentityOf({ title: "Lanternfall" }).originalLanguage).toBe("ja");
  });

  it("reads back only a whole identity", () => {
    const site = { name: "A", shortName: "B", description: "C", originalLanguage: "zh-Hant" };
    expect(parseSiteIdentity(JSON.stringify(site))).toEqual(site);
    // Published before the identity said its language, or with one that is no language tag: Japanese.
    for (const originalLanguage of [undefined, 7, "", 'ja" onmouseover=', "a".repeat(40)])
      expect(parseSiteIdentity(JSON.stringify({ ...site, originalLanguage }))?.originalLanguage).toBe("ja");
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
