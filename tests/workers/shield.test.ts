/**
 * The spoiler shield's promise as a property, over random reader knowledge and the demo pack: for every
 * kind of public response (a page's HTML with its hydration data, its `.data`, search suggestions, the
 * feed, similar entries), what a requester who states their knowledge (`?reveal=`) gets holds no gated
 * text beyond it, and a requester who states nothing gets none at all. The gated texts and the units
 * that reveal each are the importer's own rows. A failure prints its seed.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { PackRows } from "../../pack/rows";
import { isRecutEpisodeKey, media } from "~/lib/content/units";
import { recutOf } from "~/lib/progress/record";
import {
  encodeKnowledge,
  hasConsumed,
  type Knowledge,
  knowledgeOfUnits,
  MAX_REVEAL_LENGTH,
  noKnowledge,
  parseKnowledge,
  revealLength,
} from "~/lib/shield/knowledge";
import { RUNS } from "../support/arbitraries";
import { importTestPack, testPackRows } from "../support/packs";
import { fetchDeployed, fetchSite } from "../support/site";
import type { GatedText } from "../support/gated-texts";
import {
  episodesOfOtherShapes,
  knowledgeArbitrary,
  leaks as leaksBeyond,
  mangaOnlyKnowledgeArbitrary,
  packGatedTexts,
  unitsInOrder,
} from "../support/reader-knowledge";

vi.setConfig({ testTimeout: 600_000, hookTimeout: 120_000 });

let rows: PackRows;
let gatedTexts: GatedText[];
/** Every gated text, short ones too: what a requester knows may hold another's words. */
let allGatedTexts: GatedText[];
let pages: string[];

beforeAll(async () => {
  rows = await importTestPack("demo");
  ({ all: allGatedTexts, distinctive: gatedTexts } = packGatedTexts(rows));
  pages = [
    "/",
    "/web_novel",
    ...rows.arcs.map((arc) => `/web_novel?arc=${arc.number}`),
    ...rows.ln_collections.map((collection) => `/light_novels?collection=${collection.code}`),
    "/side_stories",
    ...rows.anime_seasons.flatMap((season) => [
      `/anime?season=${season.number}`,
      `/break_time?season=${season.number}`,
    ]),
    "/anime/specials",
    "/manga",
    ...rows.manga_series.map((series) => `/manga?series=${series.code}`),
    "/characters",
    ...[
      ...new Set(
        [...rows.character_facts, ...rows.character_relationships]
          .filter((row) => row.revealed_by !== null)
          .map((row) => row.character_slug),
      ),
    ].map((slug) => `/characters/${slug}`),
    "/translation_meta",
    "/translation_meta/ln_mistls",
    "/translation_meta/anime_mistls",
    ...rows.ln_volumes.map((volume) => `/translation_meta/ln_mistls/${volume.collection_code}_v${volume.number}`),
    "/translation_meta/feed.xml",
    "/releases",
    "/releases?page=2",
    ...media.map((medium) => `/releases?medium=${medium}`),
    "/releases/feed.xml",
    ...media.map((medium) => `/releases/${medium}/feed.xml`),
    "/releases/calendar.ics",
    "/reading_tracker",
    "/resources/timeline",
    "/statistics",
    "/search?q=the",
    "/search?q=lantern&suggest=1",
    "/search?q=corvin&suggest=1",
    // A true name kept secret: found, listed and named only by those who know it.
    "/search?q=briony",
    "/search?q=briony&suggest=1",
    "/characters?q=briony",
    "/api/v1/characters?per_page=100",
    "/api/v1/characters/grey-lantern",
    "/api/v1/characters/fen-oakhart",
    // A name a medium says only later (the anime's "Nyx"): found and named only by those who know it.
    "/search?q=nyx",
    "/search?q=nyx&suggest=1",
    "/characters?q=nyx",
    "/characters/nix",
    "/characters/ferris-dunmore",
    "/api/v1/characters/nix",
    // What an episode adapts, or that it is anime-original, with the anime's note on what it made up.
    ...episodesOfOtherShapes(rows).map((key) => `/api/v1/units/${key}`),
    "/api/v1/units?medium=anime&per_page=100",
    "/resources/similar-mistakes?side=ln&q=lantern",
    "/resources/similar-mistakes?side=anime&q=name",
  ];
});

/** The gated texts in a response beyond what a requester with this knowledge has seen. */
const leaks = (body: string, knowledge: Knowledge) =>
  leaksBeyond(body, knowledge, { all: allGatedTexts, distinctive: gatedTexts });

/** The page's own address and its data's (`.data`, as the browser asks for it), with the knowledge stated. */
function addresses(path: string, knowledge: Knowledge | null) {
  const url = new URL(path, "https://companion.test");
  if (knowledge) url.searchParams.set("reveal", encodeKnowledge(knowledge));
  const page = `${url.pathname}${url.search}`;
  const isResource =
    /^\/(resources|api)\//.test(url.pathname) || /\.(xml|ics)$/.test(url.pathname) || url.searchParams.has("suggest");
  return isResource ? [page] : [page, `${url.pathname === "/" ? "/_root" : url.pathname}.data${url.search}`];
}

describe("the spoiler shield over every kind of public response", () => {
  it("the pack gates enough text for the property to mean something", () => {
    expect(gatedTexts.length).toBeGreaterThan(150);
    // Anime viewers are drawn at an episode that intercuts runs of chapters and at an anime-original one.
    const shaped = episodesOfOtherShapes(rows);
    const adapted = (key: string) => JSON.parse(rows.anime_episodes.find((row) => row.key === key)!.adapts_chapters);
    expect(shaped.some((key) => adapted(key).length > 1)).toBe(true);
    expect(shaped.some((key) => adapted(key).length === 0)).toBe(true);
    expect(gatedTexts.some((text) => text.where.endsWith("made up"))).toBe(true);
  });

  it("a requester who states nothing gets no gated text at all", async () => {
    const problems: string[] = [];
    for (const path of pages) {
      for (const address of addresses(path, null)) {
        const response = await fetchSite(address);
        problems.push(...leaks(await response.text(), noKnowledge).map((leak) => `${address} carries ${leak}`));
      }
    }
    expect(problems).toEqual([]);
  });

  it("a requester who states their knowledge gets nothing beyond it, on any page", async () => {
    await fc.assert(
      fc.asyncProperty(knowledgeArbitrary(rows), fc.constantFrom(...pages), async (knowledge, path) => {
        for (const address of addresses(path, knowledge)) {
          const response = await fetchSite(address);
          expect(response.status, address).toBeLessThan(500);
          expect(leaks(await response.text(), knowledge), address).toEqual([]);
        }
      }),
      { numRuns: RUNS.normal },
    );
  });

  it("a reader of the manga alone gets nothing beyond the chapters they have read, on any page", async () => {
    await fc.assert(
      fc.asyncProperty(mangaOnlyKnowledgeArbitrary(rows), fc.constantFrom(...pages), async (knowledge, path) => {
        for (const address of addresses(path, knowledge)) {
          const response = await fetchSite(address);
          expect(response.status, address).toBeLessThan(500);
          expect(leaks(await response.text(), knowledge), address).toEqual([]);
        }
      }),
      { numRuns: RUNS.normal },
    );
  });

  it("a reader of the manga sees what the web novel chapters it adapts reveal, and nothing a chapter it left out does", async () => {
    // wick-6 adapts wn:1-16 to wn:1-17 and wn:1-19, leaving wn:1-18 out (content/demo/manga.json).
    const reader = knowledgeOfUnits(["manga:wick-8"]);
    const revealedAt = (key: string) => rows.story_units.find((unit) => unit.key === key)!.revealed_by.split(" ");
    expect(revealedAt("wn:1-19")).toContain("manga:wick-6");
    expect(revealedAt("wn:1-18")).not.toContain("manga:wick-6");
    expect(hasConsumed(reader, "manga:wick-6")).toBe(true);
    expect(hasConsumed(reader, "manga:wick-9")).toBe(false);
    // The other series is a line of its own.
    expect(hasConsumed(reader, "manga:tallow-1")).toBe(false);
    // Flagged web novel titles: wn:1-8 (in wick-3's range) and wn:1-19 (wick-6's) are seen; wn:1-25 (wick-9's) is not.
    const title = (key: string) => rows.chapters.find((row) => row.key === key)!;
    for (const key of ["wn:1-8", "wn:1-19", "wn:1-25"]) expect(title(key).title_revealed_by, key).not.toBeNull();
    const [, data] = addresses("/web_novel?arc=1", reader);
    const page = await (await fetchSite(data!)).text();
    expect(page).toContain(title("wn:1-8").title);
    expect(page).toContain(title("wn:1-19").title);
    expect(page).not.toContain(title("wn:1-25").title);
    // The manga's own flagged title, of a chapter read, and its extra's note.
    const [, manga] = addresses("/manga?series=wick", reader);
    const mangaPage = await (await fetchSite(manga!)).text();
    const chapter = (key: string) => rows.manga_chapters.find((row) => row.key === key)!;
    expect(mangaPage).toContain(chapter("manga:wick-3").title);
    expect(mangaPage).toContain(chapter("manga:wick-7").original);
    const [, sealed] = addresses("/manga?series=wick", knowledgeOfUnits(["manga:wick-2"]));
    const sealedPage = await (await fetchSite(sealed!)).text();
    expect(sealedPage).not.toContain(chapter("manga:wick-3").title);
    expect(sealedPage).not.toContain(chapter("manga:wick-7").original);
  });

  it("an answer for a stated knowledge is never indexed; a page without one may be", async () => {
    expect((await fetchDeployed("/characters/ilse-marrow.data?reveal=all")).headers.get("X-Robots-Tag")).toBe(
      "noindex",
    );
    expect((await fetchDeployed("/characters/ilse-marrow?reveal=wn:1-2")).headers.get("X-Robots-Tag")).toBe("noindex");
    expect((await fetchDeployed("/characters/ilse-marrow")).headers.get("X-Robots-Tag")).toBeNull();
  });

  it("what the requester has seen is in the answer: a character's facts for a reader past them", async () => {
    const fact = rows.character_facts.find((row) => row.revealed_by !== null && row.value.length >= 12)!;
    const reader = knowledgeOfUnits(fact.revealed_by!.split(" ").slice(0, 1));
    const [, data] = addresses(`/characters/${fact.character_slug}`, reader);
    expect(await (await fetchSite(data!)).text()).toContain(fact.value);
    const [, sealed] = addresses(`/characters/${fact.character_slug}`, null);
    expect(await (await fetchSite(sealed!)).text()).not.toContain(fact.value);
  });

  it("a reader of a series ten times the demo asks with an address the site reads, every place, skip and short in it", async () => {
    const scaled = testPackRows("demo", { scale: 10 });
    const [chapters, volumes, stories, allEpisodes, shorts] = media.map((medium) => unitsInOrder(scaled, medium));
    // The seasons' own episodes on one line; each recut's on its own, which a viewer of all reached too.
    const episodes = allEpisodes!.filter((key) => !isRecutEpisodeKey(key));
    const lastOfRecuts = [
      ...new Map(allEpisodes!.filter(isRecutEpisodeKey).map((key) => [recutOf(key), key])).values(),
    ];
    // A viewer of every episode who crosses into the web novel has skipped every chapter no episode adapts.
    const at = new Map(chapters!.map((key, index) => [key, index]));
    const adapted = new Set(
      scaled.anime_episodes.flatMap((episode) =>
        (JSON.parse(episode.adapts_chapters) as { from: string; to: string }[]).flatMap((run) => {
          const [from, to] = [at.get(run.from)!, at.get(run.to)!];
          return Array.from({ length: to - from + 1 }, (_, index) => from + index);
        }),
      ),
    );
    const furthest = Math.max(...adapted);
    const skipped = chapters!.filter((_, index) => index < furthest && !adapted.has(index));
    expect(skipped.length).toBeGreaterThan(800);
    const crossed = knowledgeOfUnits([chapters![furthest + 1]!, episodes.at(-1)!, ...shorts!], skipped);
    const lastVolumes = new Map<string, string>();
    for (const volume of [...scaled.ln_volumes].sort((a, b) => a.number - b.number))
      lastVolumes.set(volume.collection_code, volume.key);
    const everything = knowledgeOfUnits([
      chapters!.at(-1)!,
      ...lastVolumes.values(),
      episodes.at(-1)!,
      ...lastOfRecuts,
      ...shorts!,
      ...stories!,
    ]);
    // The crosser is sent whole; the reader of every unit loses only side stories to the bound.
    expect(parseKnowledge(encodeKnowledge(crossed))).toEqual(crossed);
    const sent = parseKnowledge(encodeKnowledge(everything))!;
    for (const key of [...chapters!, ...volumes!, ...allEpisodes!, ...shorts!])
      expect(hasConsumed(sent, key), key).toBe(true);
    expect(stories!.filter((key) => !hasConsumed(sent, key)).length).toBeGreaterThan(0);
    for (const knowledge of [crossed, everything]) {
      expect(revealLength(encodeKnowledge(knowledge))).toBeLessThanOrEqual(MAX_REVEAL_LENGTH);
      const api = `/api/v1/units?${new URLSearchParams({ reveal: encodeKnowledge(knowledge) })}`;
      for (const address of [...addresses("/side_stories", knowledge), api])
        expect((await fetchSite(address)).status, address).toBe(200);
    }
  });
});
