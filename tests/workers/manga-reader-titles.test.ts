/**
 * The title of an episode, a recut's episode or a light novel volume the pack does not flag, shown to a
 * reader who reached its place through the manga (decision 49), over the tiny pack with its manga's
 * first chapter adapting wn:1-1 to wn:1-3: so anime:1-1 (wn:1-1 to wn:1-2, held by the recut's
 * anime:1r1-1, dated) and ln:main-1 (wn:1-1 to wn:1-3) reach chapters manga:door-1 covers. Each has a change
 * note, which is what it reveals. The manga chapter is not among their revealers, so what they reveal
 * stays hidden from its reader; their titles are shown on every page and list that names them, as to a
 * reader of the chapter they reach. The flagged title of the short that aired with anime:1-1 stays behind
 * what reveals it.
 */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeKnowledge, type Knowledge, knowledgeOfUnits, knows, noKnowledge } from "~/lib/shield/knowledge";
import type { Gated } from "~/lib/shield/gated";
import { getReleases } from "~/models/releases.server";
import { getTimeline } from "~/models/timeline.server";
import { getStoryUnit } from "~/models/units.server";
import { searchSite } from "~/models/search.server";
import { loader as animeLoader } from "~/routes/anime";
import { loader as lightNovelsLoader } from "~/routes/light-novels";
import { importTestPack } from "../support/packs";
import { load, present } from "../support/workers-context";

beforeAll(async () => {
  await importTestPack("tiny", {
    edit: (files) => {
      files["manga.json"].series[0].volumes[0].chapters[0].adapts.chapters[0].to = "wn:1-3";
      const [episode] = files["anime.json"].seasons[0].episodes;
      episode.changes = [{ kind: "added", note: "A porch scene the anime made up." }];
      files["anime.json"].seasons[0].recuts[0].episodes[0].airedOn = "2021-01-06";
      const [volume] = files["light-novels.json"].collections[0].volumes;
      volume.changes = [
        { kind: "changed", chapters: { from: "wn:1-1", to: "wn:1-1" }, note: "The porch is a garden." },
      ];
    },
  });
});
afterAll(() => importTestPack("tiny"));

const reveal = (units: string[]) => encodeURIComponent(encodeKnowledge(knowledgeOfUnits(units)));
const mangaReader = ["manga:door-1"];
/** A later chapter of the same series: its reader has read the one before. */
const laterMangaReader = ["manga:door-2"];
const knownTo = (knowledge: Knowledge, title: Gated<unknown>) => knows(knowledge, title.revealedBy);

describe("an unflagged title reached through the manga", () => {
  it("shows the episode's and the recut episode's titles on /anime, not what the episode reveals nor a flagged short's title", async () => {
    for (const units of [mangaReader, laterMangaReader]) {
      const anime = await load(animeLoader, `/anime?reveal=${reveal(units)}`);
      const episode = present(anime.episodes[0]);
      expect([units, episode.title?.content?.title]).toEqual([units, "Knock Knock"]);
      expect([units, present(anime.recuts[0]).episodes[0]?.title.content?.title]).toEqual([units, "Encore"]);
      // What the episode reveals is the chapter's readers' and its viewers', not the manga's.
      expect([units, episode.changes[0]?.note?.content ?? null]).toEqual([units, null]);
      expect([units, episode.discussion.content]).toEqual([units, null]);
      expect([units, episode.shorts[0]?.title?.content ?? null]).toEqual([units, null]);
    }
    // Not to a reader who has not reached the place, nor to one before it on the web novel.
    for (const units of [[], ["wn:1-1"]]) {
      const anime = await load(animeLoader, `/anime?reveal=${reveal(units)}`);
      expect([units, present(anime.episodes[0]).title?.content]).toEqual([units, null]);
    }
    // A viewer of the episode sees all of it, as before.
    const viewer = await load(animeLoader, `/anime?reveal=${reveal(["anime:1-1"])}`);
    expect(present(viewer.episodes[0]).changes[0]?.note?.content).toBe("A porch scene the anime made up.");
  });

  it("shows the volume's title on /light_novels, not what the volume reveals", async () => {
    const lightNovels = await load(lightNovelsLoader, `/light_novels?reveal=${reveal(mangaReader)}`);
    const volume = present(lightNovels.volumes.find((each) => each.key === "ln:main-1"));
    expect(volume.title?.content?.title).toBe("The Door");
    expect(volume.changes.content).toBeNull();
    const before = await load(lightNovelsLoader, `/light_novels?reveal=${reveal(["wn:1-2"])}`);
    expect(present(before.volumes.find((each) => each.key === "ln:main-1")).title?.content).toBeNull();
    const reader = await load(lightNovelsLoader, `/light_novels?reveal=${reveal(["ln:main-1"])}`);
    expect(present(reader.volumes.find((each) => each.key === "ln:main-1")).changes.content).not.toBeNull();
  });

  it("gates the titles by the same units in releases, the tracker's timeline, the units API and search", async () => {
    const knowledge = knowledgeOfUnits(mangaReader);
    const [anime, lightNovels] = await Promise.all([
      getReleases(env.DB, { medium: "anime", today: "2030-01-01" }),
      getReleases(env.DB, { medium: "light_novels", today: "2030-01-01" }),
    ]);
    const { units } = await getTimeline(env.DB);
    for (const [key, search, kind] of [
      ["anime:1-1", "Knock Knock", "episode"],
      ["anime:1r1-1", "Encore", "episode"],
      ["ln:main-1", "The Door", "volume"],
    ] as const) {
      const release = present(
        [...anime.recent, ...lightNovels.recent].find((found) => found.key === key),
        key,
      );
      const tracked = present(
        units.find((unit) => unit.key === key),
        key,
      );
      const unit = present(await getStoryUnit(env.DB, key), key);
      for (const title of [release.title, tracked.title, unit.named]) {
        expect([key, knownTo(knowledge, title)]).toEqual([key, true]);
        expect([key, knownTo(knowledgeOfUnits(["wn:1-1"]), title)]).toEqual([key, false]);
        expect([key, knownTo({ ...noKnowledge, unreachedTitles: "show" }, title)]).toEqual([key, true]);
      }
      const found = await searchSite(env.DB, search, knowledge, { kind, limit: 10, offset: 0 });
      // A volume's entry holds its chapters' titles, which wait for what reveals the volume (its chapters
      // may name one the manga skipped): search finds it no earlier than they show.
      expect([key, found.results.map((result) => result.ref).includes(`${kind}:${key}`)]).toEqual([
        key,
        kind !== "volume",
      ]);
      // What the tracker's crossings read stays the unit's revealers, which the manga chapter is not among.
      expect([key, [...tracked.coveredBy].includes("manga:door-1")]).toEqual([key, false]);
    }
    // The flagged short's title waits for what reveals it, wherever it is named.
    const short = present(units.find((unit) => unit.key === "bt:1-1"));
    expect(knownTo(knowledge, short.title)).toBe(false);
    expect(knownTo(knowledge, present(await getStoryUnit(env.DB, "bt:1-1")).named)).toBe(false);
    const shorts = await searchSite(env.DB, "Snack Time", knowledge, { kind: "break_time", limit: 10, offset: 0 });
    expect(shorts.results).toEqual([]);
  });
});
