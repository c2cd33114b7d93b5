/**
 * A season's episode whose title the pack flags as a spoiler, over the tiny pack with anime:1-2 (adapting
 * wn:2-1, where Oren Vale is met; held by the recut's anime:1r1-2; in ln:main-2) titled after him, dated,
 * and Oren first appearing in it: its title and original are revealed by what reveals the episode, never
 * by the reader's choice to see titles of what they have not reached, on every page, list, search and
 * API answer that names it. anime:1-1 stays unflagged, shown to such a reader.
 */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { encodeKnowledge, type Knowledge, knowledgeOfUnits, knows, noKnowledge } from "~/lib/shield/knowledge";
import type { Gated } from "~/lib/shield/gated";
import { getAnimeMistakes } from "~/models/anime-mistakes.server";
import { getCharacter } from "~/models/character-profile.server";
import { getReleases } from "~/models/releases.server";
import { getTimeline } from "~/models/timeline.server";
import { getStoryUnit } from "~/models/units.server";
import { searchSite } from "~/models/search.server";
import { loader as animeLoader } from "~/routes/anime";
import { loader as breakTimeLoader } from "~/routes/break-time";
import { importTestPack } from "../support/packs";
import { fetchDeployed } from "../support/site";
import { load, present } from "../support/workers-context";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const TITLE = "Oren Vale Keeps the Hall";
const ORIGINAL = "広間の番人オレン";

beforeAll(async () => {
  await importTestPack("tiny", {
    edit: (files) => {
      Object.assign(files["anime.json"].seasons[0].episodes[1], {
        title: TITLE,
        originalTitle: ORIGINAL,
        titleIsSpoiler: true,
      });
      files["characters.json"].characters[1].firstAppearances.anime = "anime:1-2";
    },
  });
});
afterAll(() => importTestPack("tiny"));

const showsTitles: Knowledge = { ...noKnowledge, unreachedTitles: "show" };
/** Readers who have not watched the episode nor reached what reveals it, one of them showing such titles. */
const shortOfIt: Knowledge[] = [showsTitles, { ...knowledgeOfUnits(["anime:1-1", "wn:1-3"]), unreachedTitles: "show" }];
/** Readers who watched it, in the season or the recut, or reached its chapter or volume. */
const revealedTo = [["anime:1-2"], ["anime:1r1-2"], ["wn:2-1"], ["ln:main-2"]];
const reveal = (knowledge: Knowledge) => encodeURIComponent(encodeKnowledge(knowledge));
const knownTo = (knowledge: Knowledge, title: Gated<unknown>) => knows(knowledge, title.revealedBy);

describe("a season's episode with a flagged title", () => {
  it("shows it on /anime and /break_time only to whoever watched the episode or reached what reveals it", async () => {
    for (const knowledge of shortOfIt) {
      const anime = await load(animeLoader, `/anime?reveal=${reveal(knowledge)}`);
      expect(anime.episodes[1]?.title?.content).toBeNull();
      // The unflagged episode before it is shown to a reader who shows such titles.
      expect(anime.episodes[0]?.title?.content?.title).toBe("Knock Knock");
      const breakTime = await load(breakTimeLoader, `/break_time?reveal=${reveal(knowledge)}`);
      expect(breakTime.episodes[1]?.title?.content).toBeNull();
    }
    for (const units of revealedTo) {
      const anime = await load(animeLoader, `/anime?reveal=${reveal(knowledgeOfUnits(units))}`);
      expect([units, anime.episodes[1]?.title?.content]).toEqual([units, { title: TITLE, originalTitle: ORIGINAL }]);
    }
  });

  it("is gated by the same units in releases, the tracker's timeline, the units API, search, mistakes and profiles", async () => {
    const { recent } = await getReleases(env.DB, { medium: "anime", today: "2030-01-01" });
    const release = present(recent.find((found) => found.key === "anime:1-2"));
    const { units } = await getTimeline(env.DB);
    const tracked = present(units.find((unit) => unit.key === "anime:1-2"));
    const unit = present(await getStoryUnit(env.DB, "anime:1-2"));
    const oren = present(await getCharacter(env.DB, "oren-vale")).content;
    const appearance = present(oren?.firstAppearances.find((first) => first.key === "anime:1-2"));
    const titles = [release.title, tracked.title, unit.named, present(appearance.title)];
    for (const knowledge of shortOfIt) {
      for (const title of titles) expect(knownTo(knowledge, title)).toBe(false);
      const found = await searchSite(env.DB, "Hall", knowledge, { kind: "episode", limit: 10, offset: 0 });
      expect(found.results).toEqual([]);
      const { entries } = await getAnimeMistakes(
        env.DB,
        { category: null, severity: null, status: null },
        1,
        knowledge,
      );
      const entry = present(entries.find((found) => found.episode.key === "anime:1-2"));
      expect(knownTo(knowledge, present(entry.episode.title))).toBe(false);
    }
    for (const units of revealedTo) {
      const knowledge = knowledgeOfUnits(units);
      for (const title of titles) expect([units, knownTo(knowledge, title)]).toEqual([units, true]);
      const found = await searchSite(env.DB, "Hall", knowledge, { kind: "episode", limit: 10, offset: 0 });
      expect([units, found.results.map((result) => result.ref)]).toEqual([units, ["episode:anime:1-2"]]);
    }
  });

  it("leaves it out of every response the site serves to whoever has not reached it", async () => {
    const paths = [
      "/anime",
      "/anime.data",
      "/break_time",
      "/break_time.data",
      "/releases?medium=anime",
      "/releases/anime/feed.xml",
      "/releases/calendar.ics",
      "/translation_meta/anime_mistls",
      "/translation_meta/feed.xml",
      "/discuss/anime:1-2",
      "/resources/timeline",
      "/search?q=Oren%20Vale%20Keeps",
      "/search.data?q=Hall&suggest=1",
      "/api/v1/units",
      "/api/v1/units/anime:1-2",
      "/api/v1/releases",
      "/api/v1/translation-notes",
    ];
    let client = 0;
    for (const path of paths)
      for (const knowledge of [null, ...shortOfIt]) {
        const stated = knowledge ? `${path.includes("?") ? "&" : "?"}reveal=${reveal(knowledge)}` : "";
        const headers = new Headers({ "CF-Connecting-IP": `198.51.100.${++client % 250}` });
        const response = await fetchDeployed(`${path}${stated}`, { headers });
        const body = await response.text();
        expect([path, stated, response.status]).toEqual([path, stated, 200]);
        for (const text of [TITLE, ORIGINAL])
          expect([path, stated, body.includes(text)]).toEqual([path, stated, false]);
      }
    // And in them to whoever watched it.
    const watched = await (await fetchDeployed(`/anime.data?reveal=anime:1-2`)).text();
    expect(watched).toContain(TITLE);
  });
});
