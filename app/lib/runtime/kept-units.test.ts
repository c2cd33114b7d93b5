import { describe, expect, it } from "vitest";
import {
  afterKnowledge,
  arcToKeep,
  formatBytes,
  keptAddresses,
  type KeptUnit,
  MAX_KEPT_PAGES,
  removedAddresses,
  routeOfPage,
  seasonToKeep,
  unitToKeep,
  volumeToKeep,
} from "./kept-units";

const origin = "https://companion.test";

describe("which pages a keep holds", () => {
  it("an arc: its page of the web novel and its chapters' discussion threads, named by its place", () => {
    expect(arcToKeep(3, ["wn:3-1", "wn:3-2"])).toEqual({
      unit: "arc:3",
      place: "Arc 3",
      pages: ["/web_novel?arc=3", "/discuss/wn:3-1", "/discuss/wn:3-2"],
    });
  });

  it("a season: its anime page, its Break Time shorts and its episodes' threads", () => {
    expect(seasonToKeep(2, ["anime:2-1"]).pages).toEqual([
      "/anime?season=2",
      "/break_time?season=2",
      "/discuss/anime:2-1",
    ]);
    expect(seasonToKeep(2, []).place).toBe("Season 2");
  });

  it("a season that names specials: the page each of its links asks for, and the list of them all, before the threads", () => {
    const specials = { named: ["sp:embers-of-the-bridge", "sp:lantern-night"], any: true };
    expect(seasonToKeep(2, ["anime:2-1"], specials).pages).toEqual([
      "/anime?season=2",
      "/break_time?season=2",
      "/anime/specials?special=embers-of-the-bridge",
      "/anime/specials?special=lantern-night",
      "/anime/specials",
      "/discuss/anime:2-1",
    ]);
    // A season that names none still links to the list of them all, while the anime has any.
    expect(seasonToKeep(1, [], { named: [], any: true }).pages).toContain("/anime/specials");
    // A kept specials page is revealed as the page itself asks: with its own route.
    expect(keptAddresses("/anime/specials?special=lantern-night", "wn:5-30", "https://example.org")).toContain(
      "https://example.org/anime/specials.data?special=lantern-night&reveal=wn%3A5-30&_routes=routes%2Fanime.specials",
    );
  });

  it("a volume: the light novels page that lists it, its notes when it has any, and its thread", () => {
    expect(volumeToKeep("ln:main-3", "Main story 3", true)).toEqual({
      unit: "volume:main-3",
      place: "Main story 3",
      pages: ["/light_novels?collection=main", "/translation_meta/ln_mistls/main_v3", "/discuss/ln:main-3"],
    });
    // Volume 13 is on the collection's second page; without notes there is no notes page to keep.
    expect(volumeToKeep("ln:main-13", "Main story 13", false).pages).toEqual([
      "/light_novels?collection=main&page=2",
      "/discuss/ln:main-13",
    ]);
  });

  it("the unit a page offers, from the facts it has", () => {
    expect(unitToKeep({ arc: 3, chapters: ["wn:3-1"] })).toEqual(arcToKeep(3, ["wn:3-1"]));
    expect(unitToKeep({ season: 1, episodes: [], specials: { named: [], any: false } })).toEqual(seasonToKeep(1, []));
    expect(unitToKeep({ volume: "ln:main-3", place: "Main story 3", hasNotes: false })).toEqual(
      volumeToKeep("ln:main-3", "Main story 3", false),
    );
  });

  it("holds no more than MAX_KEPT_PAGES pages, the unit's own page first, each once", () => {
    const chapters = Array.from({ length: 120 }, (_, index) => `wn:9-${index + 1}`);
    const kept = arcToKeep(9, [...chapters, "wn:9-1"]);
    expect(kept.pages).toHaveLength(MAX_KEPT_PAGES);
    expect(kept.pages[0]).toBe("/web_novel?arc=9");
    expect(new Set(kept.pages).size).toBe(kept.pages.length);
  });
});

describe("keptAddresses: what a keep stores for a page at a knowledge", () => {
  it("the document, the data a navigation asks for, and the reveal answer the page asks for with that knowledge", () => {
    expect(keptAddresses("/web_novel?arc=3", "wn:5-30", origin)).toEqual([
      `${origin}/web_novel?arc=3`,
      `${origin}/web_novel.data?arc=3`,
      // As the page asks (app/browser/follow-up.ts): its query, the reveal, then its route.
      `${origin}/web_novel.data?arc=3&reveal=wn%3A5-30&_routes=routes%2Fweb-novel`,
    ]);
    expect(keptAddresses("/discuss/wn:3-1", "all", origin)[2]).toBe(
      `${origin}/discuss/wn:3-1.data?reveal=all&_routes=routes%2Fdiscuss`,
    );
    expect(keptAddresses("/translation_meta/ln_mistls/main_v3", "titles", origin)[2]).toBe(
      `${origin}/translation_meta/ln_mistls/main_v3.data?reveal=titles&_routes=routes%2Ftranslation-meta.ln-page`,
    );
  });

  it("no reveal answer for a reader who knows nothing (the page asks none), nor for a page of no known route", () => {
    expect(keptAddresses("/anime?season=1", "", origin)).toEqual([
      `${origin}/anime?season=1`,
      `${origin}/anime.data?season=1`,
    ]);
    expect(keptAddresses("/releases", "wn:1-1", origin)).toHaveLength(2);
    expect(routeOfPage("/break_time?season=2")).toBe("routes/break-time");
    expect(routeOfPage("/web_novel/extra")).toBeNull();
  });
});

const unit = (name: string, knowledge: string, pages: string[], state: KeptUnit["state"] = "kept"): KeptUnit => ({
  unit: name,
  place: name,
  pages,
  knowledge,
  addresses: pages.flatMap((page) => keptAddresses(page, knowledge, origin)),
  bytes: 1000,
  keptAt: 1,
  state,
});

describe("afterKnowledge: what a change of the reader's knowledge takes away", () => {
  it("every reveal answer made for other knowledge, set back or moved on; documents and plain data stay", () => {
    const arc = unit("arc:5", "wn:5-30", ["/web_novel?arc=5", "/discuss/wn:5-1"]);
    const season = unit("season:1", "wn:5-30", ["/anime?season=1"]);
    const { drop, units } = afterKnowledge([arc, season], "wn:1-3");
    expect(drop.sort()).toEqual(
      [
        `${origin}/web_novel.data?arc=5&reveal=wn%3A5-30&_routes=routes%2Fweb-novel`,
        `${origin}/discuss/wn:5-1.data?reveal=wn%3A5-30&_routes=routes%2Fdiscuss`,
        `${origin}/anime.data?season=1&reveal=wn%3A5-30&_routes=routes%2Fanime`,
      ].sort(),
    );
    for (const each of units) {
      expect(each.state).toBe("refresh");
      expect(each.knowledge).toBe("wn:1-3");
      expect(each.addresses.some((address) => address.includes("reveal="))).toBe(false);
      expect(each.addresses).toContain(`${origin}${each.pages[0]}`);
    }
    // Moving on takes them away just the same: they are kept again at the new knowledge.
    expect(afterKnowledge([arc], "wn:6-1").drop).toHaveLength(2);
  });

  it("nothing when the knowledge is the same; a unit that could not be kept again stays lost", () => {
    const arc = unit("arc:5", "wn:5-30", ["/web_novel?arc=5"]);
    expect(afterKnowledge([arc], "wn:5-30")).toEqual({ drop: [], units: [arc] });
    const lost = { ...unit("arc:4", "wn:5-30", []), state: "lost" as const };
    expect(afterKnowledge([lost], "").units[0]!.state).toBe("lost");
  });

  it("removing one unit keeps what another kept unit holds", () => {
    const a = unit("volume:main-3", "", ["/light_novels?collection=main", "/discuss/ln:main-3"]);
    const b = unit("volume:main-4", "", ["/light_novels?collection=main", "/discuss/ln:main-4"]);
    expect(removedAddresses([a, b], "volume:main-3")).toEqual([
      `${origin}/discuss/ln:main-3`,
      `${origin}/discuss/ln:main-3.data`,
    ]);
    expect(removedAddresses([a], "volume:main-9")).toEqual([]);
  });
});

describe("formatBytes", () => {
  it("says a size as the list shows it", () => {
    expect([0, 999, 1000, 120_400, 999_499, 1_400_000].map(formatBytes)).toEqual([
      "0 B",
      "999 B",
      "1 KB",
      "120 KB",
      "999 KB",
      "1.4 MB",
    ]);
  });
});
