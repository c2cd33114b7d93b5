/**
 * A season's episode without a title (announced by its number, or a series that never titles them), over
 * the tiny pack with anime:1-2's title left out and Oren Vale first appearing in it: every page, list and
 * API answer names it by its place, says its title is not announced where a title would stand, and tells
 * no reader, whatever they have seen, that a title is hidden from them.
 */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { encodeKnowledge, type Knowledge, knowledgeOfUnits, noKnowledge } from "~/lib/shield/knowledge";
import { gated } from "~/lib/shield/gated";
import { getAnimeMistakes } from "~/models/anime-mistakes.server";
import { getCharacter } from "~/models/character-profile.server";
import { getReleases } from "~/models/releases.server";
import { getTimeline } from "~/models/timeline.server";
import { getStoryUnit } from "~/models/units.server";
import { loader as animeLoader } from "~/routes/anime";
import { importTestPack } from "../support/packs";
import { searchedAs } from "../support/search";
import { fetchDeployed } from "../support/site";
import { load, present } from "../support/workers-context";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

/** Leaves anime:1-2's title out, as a pack does for an episode announced by its number. */
const untitled = (files: Record<string, any>) => {
  delete files["anime.json"].seasons[0].episodes[1].title;
  files["characters.json"].characters[1].firstAppearances.anime = "anime:1-2";
};

beforeAll(() => importTestPack("tiny", { edit: untitled }));
afterAll(() => importTestPack("tiny"));

const readers: Knowledge[] = [
  noKnowledge,
  { ...noKnowledge, unreachedTitles: "show" },
  knowledgeOfUnits(["anime:1-2"]),
  knowledgeOfUnits(["wn:2-1"]),
];
/** Those who watched the episode or read the chapter where Oren Vale first appears. */
const metOren = readers.slice(2);
const reveal = (knowledge: Knowledge) => encodeURIComponent(encodeKnowledge(knowledge));

describe("a season's episode without a title", () => {
  it("is named by its place on /anime, its title not announced, to every reader", async () => {
    for (const knowledge of readers) {
      const anime = await load(animeLoader, `/anime?reveal=${reveal(knowledge)}`);
      const [first, second] = anime.episodes;
      expect(second?.title).toBeNull();
      // The titled episode before it is untouched.
      expect(first?.title).not.toBeNull();
      const html = await (await fetchDeployed(`/anime?reveal=${reveal(knowledge)}`)).text();
      expect(html.match(/Title not announced/g)).toHaveLength(1);
    }
  });

  it("hides nothing in the tracker, releases, the units API, profiles and mistakes", async () => {
    const { units } = await getTimeline(env.DB);
    // Public and empty: the tracker names it by its place, and has no title to hold back.
    expect(present(units.find((unit) => unit.key === "anime:1-2")).title).toEqual(gated(null, ""));

    const { recent } = await getReleases(env.DB, { medium: "anime", today: "2030-01-01" });
    const release = present(recent.find((found) => found.key === "anime:1-2"));
    expect(release.title).toEqual(gated(null, release.label));

    // The units API names it by its label, as it names a manga chapter without a title.
    const unit = present(await getStoryUnit(env.DB, "anime:1-2"));
    expect(unit.named).toEqual(gated(null, { title: unit.label, originalTitle: null }));

    const oren = present(await getCharacter(env.DB, "oren-vale")).content;
    expect(present(oren?.firstAppearances.find((first) => first.key === "anime:1-2")).title).toBeNull();

    const { entries } = await getAnimeMistakes(
      env.DB,
      { category: null, severity: null, status: null },
      1,
      noKnowledge,
    );
    expect(present(entries.find((entry) => entry.episode.key === "anime:1-2")).episode.title).toBeNull();
  });

  it("is found by its place by every reader, whatever they have seen", async () => {
    const episode = {
      ref: "episode:anime:1-2",
      title: "Season 1 · Episode 2",
      subtitle: "Season 1 · Episode 2",
      path: "/anime?season=1#s1e2",
    };
    for (const knowledge of readers)
      for (const words of ["Season 1 Episode 2", "episode 2", "ep2"]) {
        const found = await searchedAs(words, knowledge);
        expect(found.results, words).toContainEqual(episode);
        expect(found.status, words).toMatch(/^\d+ results? for/);
      }
    // So is a manga chapter without a title (manga:door-2, the extra 1.5).
    const extra = {
      ref: "manga_chapter:manga:door-2",
      title: "Manga 1 · Chapter 1.5",
      subtitle: "Manga 1 · Chapter 1.5",
      path: "/manga?series=door#manga-door-2",
    };
    for (const knowledge of readers)
      expect((await searchedAs("manga 1 chapter 1.5", knowledge)).results).toContainEqual(extra);
    // Its season's title waits for a title of its own: it finds the titled episodes alone.
    const bySeason = (await searchedAs("Tiny Tale", knowledgeOfUnits(["anime:1-2"]))).results.map(({ ref }) => ref);
    expect(bySeason).toContain("episode:anime:1-1");
    expect(bySeason).not.toContain(episode.ref);
  });

  it("hides nothing in the tracker of a manga chapter without a title either (manga:door-2, the extra 1.5)", async () => {
    const { units } = await getTimeline(env.DB);
    // As the episode: named by its place ("Manga 1 · Chapter 1.5"), no "Title hidden" where there is none.
    expect(present(units.find((unit) => unit.key === "manga:door-2")).title).toEqual(gated(null, ""));
    expect(present(units.find((unit) => unit.key === "manga:door-1")).title.content).toBe("A Quiet Porch");
  });

  it("answers every page and API that names it, for every reader", async () => {
    const paths = [
      "/anime",
      "/anime.data",
      "/break_time",
      "/releases?medium=anime",
      "/releases/anime/feed.xml",
      "/releases/calendar.ics",
      "/translation_meta/anime_mistls",
      "/discuss/anime:1-2",
      "/characters/oren-vale",
      "/resources/timeline",
      "/api/v1/units/anime:1-2",
      "/api/v1/series",
      "/api/v1/characters/oren-vale",
    ];
    let client = 0;
    for (const path of paths)
      for (const knowledge of readers) {
        const stated = knowledge === noKnowledge ? "" : `${path.includes("?") ? "&" : "?"}reveal=${reveal(knowledge)}`;
        const headers = new Headers({ "CF-Connecting-IP": `198.51.100.${++client % 250}` });
        const response = await fetchDeployed(`${path}${stated}`, { headers });
        // A character the reader has not met is not found, as anywhere else.
        const met = !path.includes("oren-vale") || metOren.includes(knowledge);
        expect([path, stated, response.status]).toEqual([path, stated, met ? 200 : 404]);
      }
  });
});
