/**
 * A recut's episode whose title the pack flags as a spoiler, over the tiny pack with anime:1r1-2 (which
 * holds anime:1-2, adapting wn:2-1, where Oren Vale is met) titled after him: its title and original are
 * revealed by what reveals the recut episode, never by the reader's choice to see titles of what they
 * have not reached, on /anime, in releases, the tracker's timeline, the units API and search.
 */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { encodeKnowledge, type Knowledge, knowledgeOfUnits, knows, noKnowledge } from "~/lib/shield/knowledge";
import { getReleases } from "~/models/releases.server";
import { getTimeline } from "~/models/timeline.server";
import { getStoryUnit } from "~/models/units.server";
import { searchSite } from "~/models/search.server";
import { loader as animeLoader } from "~/routes/anime";
import { importTestPack, resolveTestPack } from "../support/packs";
import { fetchDeployed } from "../support/site";
import { load, present } from "../support/workers-context";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const TITLE = "Oren Vale at the Hall Door";
const ORIGINAL = "扉の前のオレン";
const flagged = (files: Record<string, any>, titleIsSpoiler = true) => {
  Object.assign(files["anime.json"].seasons[0].recuts[0].episodes[1], {
    title: TITLE,
    originalTitle: ORIGINAL,
    titleIsSpoiler,
    airedOn: "2021-01-13",
  });
};

beforeAll(() => importTestPack("tiny", { edit: (files) => flagged(files) }));
afterAll(() => importTestPack("tiny"));

const showsTitles: Knowledge = { ...noKnowledge, unreachedTitles: "show" };
const shortOfIt: Knowledge[] = [
  showsTitles,
  { ...knowledgeOfUnits(["anime:1r1-1", "wn:1-3"]), unreachedTitles: "show" },
];
const reveal = (knowledge: Knowledge) => encodeURIComponent(encodeKnowledge(knowledge));

describe("a recut's episode with a flagged title", () => {
  it("is left out of /anime, its data and the APIs for a reader short of it, even one who shows titles", async () => {
    for (const knowledge of shortOfIt) {
      const anime = await load(animeLoader, `/anime?reveal=${reveal(knowledge)}`);
      const recut = present(anime.recuts[0]);
      expect(recut.episodes[1]?.title.content).toBeNull();
      // The unflagged recut episode before it is shown to a reader who shows such titles.
      expect(recut.episodes[0]?.title.content?.title).toBe("Encore");
      for (const path of [`/anime?reveal=${reveal(knowledge)}`, `/anime.data?reveal=${reveal(knowledge)}`]) {
        const body = await (await fetchDeployed(path)).text();
        expect([path, body.includes(TITLE), body.includes(ORIGINAL)]).toEqual([path, false, false]);
      }
    }
    for (const path of ["/api/v1/units?medium=anime", "/api/v1/units/anime:1r1-2", "/releases"]) {
      const body = await (await fetchDeployed(`${path}${path.includes("?") ? "&" : "?"}reveal=titles`)).text();
      expect([path, body.includes(TITLE)]).toEqual([path, false]);
    }
  });

  it("is shown to whoever watched it or reached what reveals it", async () => {
    for (const units of [["anime:1r1-2"], ["anime:1-2"], ["wn:2-1"]]) {
      const anime = await load(animeLoader, `/anime?reveal=${reveal(knowledgeOfUnits(units))}`);
      expect([units, present(anime.recuts[0]).episodes[1]?.title.content?.title]).toEqual([units, TITLE]);
    }
  });

  it("gates it by its flag in the tracker's timeline, releases, the unit and search", async () => {
    const { units } = await getTimeline(env.DB);
    const tracked = present(units.find((unit) => unit.key === "anime:1r1-2"));
    const unit = present(await getStoryUnit(env.DB, "anime:1r1-2"));
    const { recent } = await getReleases(env.DB, { medium: "anime", today: "2030-01-01" });
    const release = present(recent.find((found) => found.key === "anime:1r1-2"));
    for (const title of [tracked.title, unit.named, release.title]) {
      expect(knows(showsTitles, title.revealedBy)).toBe(false);
      expect(knows(knowledgeOfUnits(["anime:1r1-2"]), title.revealedBy)).toBe(true);
    }
    const search = (knowledge: Knowledge) =>
      searchSite(env.DB, "oren hall door", knowledge, { kind: "episode", limit: 10, offset: 0 });
    expect(JSON.stringify(await search(showsTitles))).not.toContain(TITLE);
    expect((await search(knowledgeOfUnits(["anime:1r1-2"]))).results.map((found) => found.content?.title)).toEqual([
      TITLE,
    ]);
  });

  it("lets the content check read its names from where it is revealed, and refuses it repeated elsewhere", () => {
    const problems = (titleIsSpoiler: boolean) =>
      resolveTestPack("tiny", { edit: (files) => flagged(files, titleIsSpoiler) }).problems.map(
        (problem) => `${problem.path}: ${problem.message}`,
      );
    expect(problems(false).some((problem) => problem.includes("recuts[0].episodes[1].title"))).toBe(true);
    expect(problems(true)).toEqual([]);
  });
});
