/**
 * A recut of a season behind the shield (decision 45), over the demo pack: season 1's twelve episodes
 * recut into six, each holding two (episode 10 split across the recut's episodes 5 and 6), with a new
 * scene in its episode 3. A viewer of the recut's episode N has seen exactly the season's episodes it
 * and the recut's episodes before it hold, and its new scenes: never the season's later episodes, nor a
 * later season.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { PackRows } from "../../pack/rows";
import { episodeKey, recutEpisodeKey } from "~/lib/content/units";
import { encodeKnowledge, type Knowledge, knowledgeOfUnits, knows, readRevealers } from "~/lib/shield/knowledge";
import { loader as animeLoader } from "~/routes/anime";
import { loader as charactersLoader } from "~/routes/characters";
import { loader as searchLoader } from "~/routes/search";
import { loader as discussLoader } from "~/routes/discuss";
import { importTestPack } from "../support/packs";
import { fetchSite } from "../support/site";
import type { GatedText } from "../support/gated-texts";
import { leaks as leaksBeyond, packGatedTexts } from "../support/reader-knowledge";
import { load, present, status } from "../support/workers-context";
import { recutHolderIn } from "~/models/anime-recuts.server";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let rows: PackRows;
let texts: { all: GatedText[]; distinctive: GatedText[] };

beforeAll(async () => {
  rows = await importTestPack("demo");
  texts = packGatedTexts(rows);
});

/** The last of the season's episodes the recut's episodes 1 to N hold to their end. */
const watchedThrough = [2, 4, 6, 8, 9, 12];
const recutViewer = (episode: number) => knowledgeOfUnits([recutEpisodeKey(1, 1, episode)]);
const reveal = (knowledge: Knowledge) => encodeKnowledge(knowledge);

describe("a viewer of the recut alone", () => {
  it("knows at its episode N exactly what a viewer of the season's episodes it holds knows, and from episode 3 what its scene from wn:2-10 tells", () => {
    expect(texts.all.length).toBeGreaterThan(150);
    // What is revealed at wn:2-10 itself: the chapter the scene brought forward from later comes from.
    const atScene = (text: GatedText) =>
      knows(knowledgeOfUnits(["wn:2-10"]), text.revealedBy) && !knows(knowledgeOfUnits(["wn:2-9"]), text.revealedBy);
    expect(texts.all.filter(atScene).length).toBeGreaterThan(0);
    for (const [index, through] of watchedThrough.entries()) {
      const recut = recutViewer(index + 1);
      const season = knowledgeOfUnits([episodeKey(1, through)]);
      const differ = texts.all
        .filter((text) => !text.where.startsWith("new scene of"))
        .filter((text) => !(index + 1 >= 3 && atScene(text) && knows(recut, text.revealedBy)))
        .filter((text) => knows(recut, text.revealedBy) !== knows(season, text.revealedBy))
        .map(
          (text) => `${text.where}: recut ${knows(recut, text.revealedBy)}, season ${knows(season, text.revealedBy)}`,
        );
      expect(differ, `recut episode ${index + 1} against episode ${through}`).toEqual([]);
    }
  });

  it("met in the anime the characters of the season's episodes the recut showed them, those everyone knows from the start too", async () => {
    // Saint Orla is known from the start and first seen in the anime in the season's episode 5, which the
    // recut's episode 3 holds.
    const inAnime = async (episode: number) =>
      (await load(charactersLoader, `/characters?medium=anime&reveal=${reveal(recutViewer(episode))}`)).characters.map(
        (character) => character.content?.slug,
      );
    expect(await inAnime(2)).not.toContain("saint-orla");
    expect(await inAnime(3)).toContain("saint-orla");
    const met = await load(charactersLoader, `/characters?reveal=${reveal(recutViewer(6))}`);
    const metInAnime = await load(charactersLoader, `/characters?medium=anime&reveal=${reveal(recutViewer(6))}`);
    expect(met.media).toEqual([{ medium: "anime", count: metInAnime.total }]);
    expect(metInAnime.total).toBeGreaterThan(20);
  });

  it("sees on /anime the titles of the season's episodes 1 and 2 and of the recut's episode 1, and nothing past them", async () => {
    const viewer = recutViewer(1);
    const { episodes, recuts } = await load(animeLoader, `/anime?season=1&reveal=${reveal(viewer)}`);
    const titleOf = (number: number) => episodes.find((episode) => episode.number === number)?.title?.content?.title;
    expect(titleOf(1)).toBe("The Unburnt Wick");
    expect(titleOf(2)).toBe("The Man Who Writes His Own Name");
    expect(titleOf(3)).toBeUndefined();
    const [recut] = recuts;
    expect(present(recut).title).toBe("Lanternfall: Recut");
    const [first, second, third] = present(recut).episodes;
    expect(first).toMatchObject({
      key: "anime:1r1-1",
      title: { content: { title: "Lanternlight" } },
      contents: [
        { number: 1, part: null, episode: { key: "anime:1-1", label: "Season 1 · Episode 1" } },
        { number: 2, part: null, episode: { key: "anime:1-2", label: "Season 1 · Episode 2" } },
      ],
    });
    expect(second?.title.content).toBeNull();
    // Its new scenes wait for the recut's episode 3; the one brought forward from wn:2-10 says where it comes from.
    expect(third?.newScenes).toEqual([
      { note: { revealedBy: expect.arrayContaining(["anime:1r1-3"]), content: null }, chapters: null },
      {
        note: { revealedBy: expect.arrayContaining(["anime:1r1-3", "wn:2-10"]), content: null },
        chapters: {
          from: { key: "wn:2-10", label: expect.any(String) },
          to: { key: "wn:2-10", label: expect.any(String) },
        },
      },
    ]);
    const split = present(recut).episodes[4]!;
    expect(split.contents.map((content) => [content.number, content.part])).toEqual([
      [9, null],
      [10, { number: 1, of: 2 }],
    ]);
  });

  it("shows a scene brought forward from a later chapter to the recut's viewers and that chapter's readers, not to all who reached its place", async () => {
    const notesSeenBy = async (knowledge: Knowledge) => {
      const { recuts } = await load(animeLoader, `/anime?season=1&reveal=${reveal(knowledge)}`);
      return present(recuts[0]).episodes[2]!.newScenes.map((scene) => scene.note.content !== null);
    };
    // The season's viewer at episode 6 has reached the recut's episode 3: its own scene, not the later one.
    expect(await notesSeenBy(knowledgeOfUnits([episodeKey(1, 6)]))).toEqual([true, false]);
    expect(await notesSeenBy(recutViewer(3))).toEqual([true, true]);
    expect(await notesSeenBy(knowledgeOfUnits(["wn:2-10"]))).toEqual([true, true]);
  });

  it("gets no gated text beyond episodes 1 and 2 on any page of the anime, the tracker's timeline or search", async () => {
    for (const episode of [1, 3, 5]) {
      const viewer = recutViewer(episode);
      for (const path of [
        "/anime?season=1",
        "/anime?season=2",
        "/break_time?season=1",
        "/resources/timeline",
        "/search?q=the",
      ]) {
        const url = `${path}${path.includes("?") ? "&" : "?"}reveal=${encodeURIComponent(reveal(viewer))}`;
        const response = await fetchSite(url);
        expect(response.status, url).toBe(200);
        const body = await response.text();
        expect(leaksBeyond(body, viewer, texts), url).toEqual([]);
      }
    }
  });

  it("is told in search what the season's episodes it holds would tell, and finds the recut's episodes it reached", async () => {
    const viewer = recutViewer(1);
    const found = await load(searchLoader, `/search?q=lanternlight&reveal=${reveal(viewer)}`);
    expect(JSON.stringify(found)).toContain("anime:1r1-1");
    const unaware = await load(searchLoader, `/search?q=paper%20lanterns&reveal=${reveal(viewer)}`);
    expect(JSON.stringify(unaware)).not.toContain("Paper Lanterns");
    // A season 2 text is not revealed to the recut's viewer at its last episode.
    const last = recutViewer(6);
    const seasonTwo = rows.story_units.find((unit) => unit.key === "anime:2-1")!;
    expect(knows(last, readRevealers(seasonTwo.revealed_by))).toBe(false);
  });

  it("is told which recut episode holds a season's episode: the one with it whole or its last part, as its revealers say", () => {
    const holder = (episode: string) =>
      recutHolderIn(rows.story_units!.find((unit) => unit.key === episode)?.revealed_by ?? null);
    expect(holder("anime:1-3")).toEqual({ key: "anime:1r1-2", label: "Season 1 Recut · Episode 2" });
    // Episode 10 is split across the recut's episodes 5 and 6: seen where its last part is.
    expect(holder("anime:1-10")?.key).toBe("anime:1r1-6");
    expect(holder("anime:2-1")).toBeNull();
  });

  it("has a discussion thread for each recut episode, named by its place", async () => {
    const key = recutEpisodeKey(1, 1, 2);
    const sealed = await load(discussLoader, `/discuss/${key}`, { unit: key });
    expect(JSON.stringify(sealed)).toContain("Season 1 Recut · Episode 2");
    expect(JSON.stringify(sealed)).not.toContain("Bread and Bridges");
    const unknown = "anime:1r1-9";
    expect(await status(discussLoader, `/discuss/${unknown}`, { unit: unknown })).toBe(404);
  });
});
