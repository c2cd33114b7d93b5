/**
 * What a season's episode adapts, on the pages and in the API, over the demo pack: season 2's episode 3
 * intercuts wn:3-12 to wn:3-13 and wn:3-15 to wn:3-16, passing over wn:3-14 ("A Classmate's Empty Bed"),
 * and season 1's episode 13 is anime-original (a recap around a new scene). An anime-only viewer past
 * episode 3 has not read wn:3-14: its title waits for them, and nothing says an episode adapts it.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { PackRows } from "../../pack/rows";
import { loader as animeLoader } from "~/routes/anime";
import { loader as webNovelLoader } from "~/routes/web-novel";
import { importTestPack } from "../support/packs";
import { fetchDeployed } from "../support/site";
import { load } from "../support/workers-context";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const INTERCUT = "anime:2-3";
const ORIGINAL = "anime:1-13";
let rows: PackRows;
let client = 0;

const chapterTitle = (key: string) => rows.chapters.find((chapter) => chapter.key === key)!.title;
const episodeRow = (key: string) => rows.anime_episodes.find((episode) => episode.key === key)!;

/** A page or an API answer as the site serves it. */
async function get(path: string) {
  const headers = new Headers({ "CF-Connecting-IP": `198.51.100.${++client % 250}` });
  const response = await fetchDeployed(path, { headers });
  expect(response.status, path).toBe(200);
  return response;
}

beforeAll(async () => {
  rows = await importTestPack("demo");
});

describe("an episode that intercuts two runs of chapters", () => {
  it("is listed on /anime with both runs, the chapter between them skipped by it", async () => {
    const { episodes } = await load(animeLoader, "/anime?season=2");
    const episode = episodes.find((each) => each.key === INTERCUT)!;
    expect(episode.adapts).toEqual({
      chapters: [
        {
          from: { key: "wn:3-12", label: "Arc 3 · Chapter 11" },
          to: { key: "wn:3-13", label: "Arc 3 · Chapter 12" },
        },
        {
          from: { key: "wn:3-15", label: "Arc 3 · Chapter 14" },
          to: { key: "wn:3-16", label: "Arc 3 · Chapter 15" },
        },
      ],
      sideStories: [],
    });
    expect(episode.original).toBeNull();
    expect(episode.volumes.map((volume) => volume.key)).toEqual(["ln:main-5"]);
    expect(episode.changes).toContainEqual(
      expect.objectContaining({
        kind: "skipped",
        computed: true,
        chapters: expect.objectContaining({ from: expect.objectContaining({ key: "wn:3-14" }), count: 1 }),
      }),
    );
  });

  it("lists no episode beside the chapter it passed over on /web_novel, and keeps that chapter's title from its viewers", async () => {
    const { chapters } = await load(webNovelLoader, `/web_novel?arc=3&reveal=anime:2-4`);
    const chapter = (key: string) => chapters.find((each) => each.key === key)!;
    expect(chapter("wn:3-13").episodes.map((episode) => episode.key)).toEqual([INTERCUT]);
    expect(chapter("wn:3-14").episodes).toEqual([]);
    expect(chapter("wn:3-15").episodes.map((episode) => episode.key)).toEqual([INTERCUT]);
    // An anime-only viewer past the episode has seen 3-13 and 3-15 adapted, and not 3-14.
    expect(chapter("wn:3-13").title.content?.title).toBe(chapterTitle("wn:3-13"));
    expect(chapter("wn:3-15").title.content?.title).toBe(chapterTitle("wn:3-15"));
    expect(chapter("wn:3-14").title.content).toBeNull();
  });

  it("lists no episode beside a chapter its changes say it skipped, nor a volume beside one it cut, though their ranges hold it", async () => {
    const { chapters } = await load(webNovelLoader, `/web_novel?arc=3&reveal=anime:2-7`);
    const episodesOf = (key: string) => chapters.find((each) => each.key === key)!.episodes.map((each) => each.key);
    // Season 2's first episode adapts wn:3-1 to wn:3-5 and skips wn:3-2 (the entrance trial, a montage).
    expect(episodesOf("wn:3-1")).toEqual(["anime:2-1"]);
    expect(episodesOf("wn:3-2")).toEqual([]);
    expect(episodesOf("wn:3-3")).toEqual(["anime:2-1"]);
    // Volume 3 adapts arc 2 up to wn:2-16 and cuts it (volume 4 tells it as a memory).
    const arcTwo = (await load(webNovelLoader, `/web_novel?arc=2&reveal=ln:main-4`)).chapters;
    const volumesOf = (key: string) => arcTwo.find((each) => each.key === key)!.volumes.map((each) => each.key);
    expect(volumesOf("wn:2-16")).not.toContain("ln:main-3");
    expect(volumesOf("wn:2-15")).toContain("ln:main-3");
  });

  it("is given by the API with both runs, by key", async () => {
    const body = await (await get(`/api/v1/units/${INTERCUT}`)).json();
    expect(body).toMatchObject({
      adapts: {
        chapters: [
          { from: "wn:3-12", to: "wn:3-13" },
          { from: "wn:3-15", to: "wn:3-16" },
        ],
        side_stories: [],
        anime_original: false,
        original_note: null,
      },
    });
  });
});

describe("an anime-original episode", () => {
  it("is imported adapting nothing, just after the season's last episode", () => {
    expect(episodeRow(ORIGINAL)).toMatchObject({ adapts_from: null, adapts_to: null, adapts_chapters: "[]" });
    const position = (key: string) => rows.story_units.find((unit) => unit.key === key)!.position;
    expect(position(ORIGINAL)).toBeGreaterThan(position("anime:1-12"));
    expect(position(ORIGINAL)).toBeLessThan(position("wn:3-1"));
    // It reveals to its own viewers only: no chapter, volume or other episode reveals what it does.
    expect(rows.story_units.find((unit) => unit.key === ORIGINAL)!.revealed_by).toBe(ORIGINAL);
  });

  it("is labelled anime-original on /anime, its note for its viewers only", async () => {
    const note = episodeRow(ORIGINAL).original!;
    const episodeOf = async (reveal: string) =>
      (await load(animeLoader, `/anime?season=1${reveal}`)).episodes.find((each) => each.key === ORIGINAL)!;
    const unseen = await episodeOf("");
    expect(unseen.adapts).toEqual({ chapters: [], sideStories: [] });
    expect(unseen.volumes).toEqual([]);
    expect(unseen.original).toMatchObject({ revealedBy: [ORIGINAL], content: null });
    // A web novel reader far past the season has not watched it.
    expect((await episodeOf("&reveal=wn:7-31")).original?.content).toBeNull();
    expect((await episodeOf(`&reveal=${ORIGINAL}`)).original?.content).toBe(note);
    const page = await (await get("/anime")).text();
    expect(page).toContain("Anime-original");
    expect(page).not.toContain(note);
  });

  it("is marked anime-original in the tracker's timeline, and only it", async () => {
    const { units } = (await (await get("/resources/timeline")).json()) as {
      units: { key: string; animeOriginal?: boolean }[];
    };
    expect(units.filter((unit) => unit.animeOriginal).map((unit) => unit.key)).toEqual([ORIGINAL]);
  });

  it("is given by the API as anime-original, its note for its viewers only", async () => {
    const unit = async (query: string) => (await (await get(`/api/v1/units/${ORIGINAL}${query}`)).json()) as object;
    expect(await unit("")).toMatchObject({
      adapts: { chapters: [], side_stories: [], anime_original: true, original_note: null },
    });
    expect(await unit(`?reveal=${ORIGINAL}`)).toMatchObject({
      adapts: { anime_original: true, original_note: episodeRow(ORIGINAL).original },
    });
  });
});
