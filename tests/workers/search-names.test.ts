/**
 * Search finds an arc, an anime season, a titled part of a season and a manga series by its name
 * (decision 60), on the demo pack: arc 3 is "Cinder Academy", season 2 "Lanternfall Season 2: Cinder
 * Academy", its part 2 (episodes 8 to 13) "The Second Term". Each name is gated as the pages gate it: an
 * arc's and a season's are public (the web novel and anime pages name them to everyone); a part's title is
 * a unit's title, and a reader who has not reached it and hides such titles finds nothing by it, nor is
 * told it anywhere in the answer, the suggestions or the page's HTML.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { loader as searchLoader } from "~/routes/search";
import { importTestPack } from "../support/packs";
import { visitor } from "../support/readers";
import { load } from "../support/workers-context";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

beforeAll(async () => {
  await importTestPack("demo");
});

/** The answer of the results page and of the header's suggestions for some words and what the reader knows. */
async function answers(words: string, reveal: string | null) {
  const params = new URLSearchParams({ q: words });
  if (reveal) params.set("reveal", reveal);
  const results = await load(searchLoader, `/search?${params}`);
  params.set("suggest", "1");
  const suggestions = await load(searchLoader, `/search?${params}`);
  return [results, suggestions] as const;
}

/** The search page as the server renders it, scripts (the page's data) included. */
const page = async (address: string) => (await visitor.fetch(address)).text();

describe("search by the name of an arc, a season or a manga series", () => {
  it("finds arc 3 by its name for every reader, first, named by its place and linking to its arc", async () => {
    // The web novel page and the tracker's arc picker name every arc to everyone: so does search.
    for (const reveal of [null, "wn:1-1", "wn:3-1", "titles", "junk"])
      for (const answer of await answers("Cinder Academy", reveal)) {
        expect(answer.results[0], String(reveal)).toMatchObject({
          ref: "arc:3",
          kind: "arc",
          content: { title: "Cinder Academy", subtitle: "Arc 3", path: "/web_novel?arc=3" },
        });
        expect(answer.counts.arc, String(reveal)).toBe(1);
      }
    expect(await page("/web_novel")).toContain("Cinder Academy");
  });

  it("finds a season by its name, and a part by its own title once the reader reached it, each linking to its place on the anime page", async () => {
    const [season] = await answers("lanternfall season 2", null);
    expect(season.results[0]).toMatchObject({
      ref: "season:2",
      kind: "season",
      content: { title: "Lanternfall Season 2: Cinder Academy", subtitle: "Season 2", path: "/anime?season=2" },
    });
    const [part] = await answers("second term", "anime:2-8");
    expect(part.results[0]).toMatchObject({
      ref: "season:2-part-2",
      kind: "season",
      content: { title: "The Second Term", subtitle: "Season 2 · Part 2", path: "/anime?season=2#part-2" },
    });
    // A viewer still in part 1 has not reached the part's title.
    for (const answer of await answers("second term", "anime:2-7")) {
      expect(answer.results.map((result) => result.ref)).not.toContain("season:2-part-2");
      expect(JSON.stringify(answer)).not.toContain("The Second Term");
    }
    expect(await page("/search?q=second+term&reveal=anime:2-7")).not.toContain("The Second Term");
  });

  it("finds a manga series by its name for its readers, and narrows the results to each new kind", async () => {
    const [series] = await answers("tallow market", null);
    expect(series.results.find((result) => result.kind === "manga_series")).toMatchObject({
      ref: "manga_series:tallow",
      content: { title: "Lanternfall: The Tallow Market", subtitle: "Manga 2", path: "/manga?series=tallow" },
    });
    const all = await load(searchLoader, "/search?q=cinder+academy&reveal=titles");
    expect(all.counts).toMatchObject({ arc: 1, season: 1 });
    const arcs = await load(searchLoader, "/search?q=cinder+academy&kind=arc&reveal=titles");
    expect(arcs.results.map((result) => result.ref)).toEqual(["arc:3"]);
    const seasons = await load(searchLoader, "/search?q=cinder+academy&kind=season&reveal=titles");
    expect(seasons.results.map((result) => result.ref)).toEqual(["season:2"]);
    // The chips name the kinds in the site's words.
    const html = await page("/search?q=cinder+academy&reveal=titles");
    expect(html).toMatch(/Web novel arcs\s*(<!-- -->)?\s*<span[^>]*>1</);
    expect(html).toMatch(/Anime seasons\s*(<!-- -->)?\s*<span[^>]*>1</);
  });
});
