/**
 * An OVA, special or film and a Break Time short without a title (announced by their number and date
 * before their titles), over the tiny pack with the film sp:film-1's title left out (watched after
 * anime:1-2, so its season lists it) and the short bt:1-1's too (aired with anime:1-1): every page, list
 * and API answer names each by its place, says its title is not announced where a title would stand, and
 * tells no reader, whatever they have seen, that a title is hidden from them.
 */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { encodeKnowledge, type Knowledge, knowledgeOfUnits, noKnowledge } from "~/lib/shield/knowledge";
import { gated } from "~/lib/shield/gated";
import { getReleases } from "~/models/releases.server";
import { getTimeline } from "~/models/timeline.server";
import { getStoryUnit } from "~/models/units.server";
import { loader as animeLoader } from "~/routes/anime";
import { loader as animeSpecialsLoader } from "~/routes/anime.specials";
import { loader as breakTimeLoader } from "~/routes/break-time";
import { importTestPack } from "../support/packs";
import { searchedAs } from "../support/search";
import { fetchDeployed } from "../support/site";
import { load, present } from "../support/workers-context";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const FILM = "sp:film-1";
const SHORT = "bt:1-1";

/** Leaves the film's and the short's titles out, as a pack does for what is announced by its number. */
const untitled = (files: Record<string, any>) => {
  const anime = files["anime.json"];
  delete anime.specials[0].title;
  anime.specials[0].watchAfter = "anime:1-2";
  delete anime.breakTime[0].title;
  delete anime.breakTime[0].titleIsSpoiler;
  anime.breakTime[0].airedOn = "2020-04-02";
};

beforeAll(() => importTestPack("tiny", { edit: untitled }));
afterAll(() => importTestPack("tiny"));

/** Short of both, one who shows titles of what they have not reached, a viewer of each alone, and one past the season. */
const readers: Knowledge[] = [
  noKnowledge,
  { ...noKnowledge, unreachedTitles: "show" },
  knowledgeOfUnits([FILM]),
  knowledgeOfUnits([SHORT]),
  knowledgeOfUnits(["anime:1-2"]),
];
const reveal = (knowledge: Knowledge) => encodeURIComponent(encodeKnowledge(knowledge));
let client = 0;

/** A page or an API answer as the site serves it to a reader who states this knowledge, its body as text. */
async function text(path: string, knowledge: Knowledge) {
  const stated = knowledge === noKnowledge ? "" : `${path.includes("?") ? "&" : "?"}reveal=${reveal(knowledge)}`;
  const headers = new Headers({ "CF-Connecting-IP": `198.51.100.${++client % 250}` });
  const response = await fetchDeployed(`${path}${stated}`, { headers });
  expect([path, stated, response.status]).toEqual([path, stated, 200]);
  return response.text();
}

/** The radar's rows that link to a page, as HTML. */
const releaseRows = (html: string, page: string) => {
  const rows = [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gs)].filter(([, href]) =>
    href!.startsWith(page),
  );
  expect(rows.length, page).toBeGreaterThan(0);
  return rows.map(([row]) => row);
};

const notAnnounced = (html: string) => html.match(/title not announced/gi)?.length ?? 0;

describe("an OVA, special or film and a Break Time short without a title", () => {
  it("say their titles are not announced on /anime/specials, /anime and /break_time, to every reader", async () => {
    for (const knowledge of readers) {
      const { specials } = await load(animeSpecialsLoader, `/anime/specials?reveal=${reveal(knowledge)}`);
      expect(present(specials[0]).title).toBeNull();
      const specialsPage = await text("/anime/specials", knowledge);
      expect(notAnnounced(specialsPage)).toBe(1);
      // The page's only special hides nothing.
      expect(specialsPage).not.toMatch(/title hidden/i);

      const anime = await load(animeLoader, `/anime?reveal=${reveal(knowledge)}`);
      expect(present(anime.seasonSpecials[0]).title).toBeNull();
      expect(present(present(anime.episodes[0]).shorts[0]).title).toBeNull();
      // The short under its episode, and the film among the season's specials.
      expect(notAnnounced(await text("/anime", knowledge))).toBe(2);

      const breakTime = await load(breakTimeLoader, `/break_time?reveal=${reveal(knowledge)}`);
      expect(present(present(breakTime.episodes[0]).shorts[0]).title).toBeNull();
      expect(notAnnounced(await text("/break_time", knowledge))).toBe(1);
    }
  });

  it("hides nothing in the tracker, releases and the units API", async () => {
    const { units } = await getTimeline(env.DB);
    // Public and empty: the tracker names each by its place, and has no title to hold back.
    for (const key of [FILM, SHORT])
      expect(present(units.find((unit) => unit.key === key)).title).toEqual(gated(null, ""));

    for (const [medium, key] of [
      ["anime", FILM],
      ["break_time", SHORT],
    ] as const) {
      const { recent } = await getReleases(env.DB, { medium, today: "2030-01-01" });
      const release = present(recent.find((found) => found.key === key));
      expect(release.title).toEqual(gated(null, release.label));
      // The units API names it by its label, as it names an episode without a title.
      const unit = present(await getStoryUnit(env.DB, key));
      expect(unit.named).toEqual(gated(null, { title: unit.label, originalTitle: null }));
    }
  });

  it("are found by their places by every reader, whatever they have seen", async () => {
    const film = {
      ref: `anime_special:${FILM}`,
      title: "Anime · Film",
      subtitle: "Anime · Film",
      path: "/anime/specials?special=film-1#sp-film-1",
    };
    const short = {
      ref: `break_time:${SHORT}`,
      title: "Season 1 · Break Time 1",
      subtitle: "Season 1 · Break Time 1, airs with episode 1",
      path: "/break_time?season=1#bt-1-1",
    };
    for (const knowledge of readers)
      for (const [words, hit] of [
        ["anime film", film],
        ["film", film],
        ["break time 1", short],
        ["season 1 break time", short],
      ] as const) {
        const found = await searchedAs(words, knowledge);
        expect(found.results, words).toContainEqual(hit);
        expect(found.status, words).toMatch(/^\d+ results? for/);
      }
  });

  it("is named by its label in the API, for every reader, and the series' list of specials gives no title", async () => {
    for (const knowledge of readers) {
      const film = JSON.parse(await text(`/api/v1/units/${FILM}`, knowledge));
      expect(film).toMatchObject({ label: "Anime · Film", title: "Anime · Film", original_title: null });
      const short = JSON.parse(await text(`/api/v1/units/${SHORT}`, knowledge));
      expect(short).toMatchObject({ label: "Season 1 · Break Time 1", title: "Season 1 · Break Time 1" });
      const series = JSON.parse(await text("/api/v1/series", knowledge));
      expect(series.anime_specials[0]).toMatchObject({ key: FILM, title: null, original_title: null });
    }
  });

  it("answers every page that names them, for every reader, and none says their title is hidden", async () => {
    const paths = [
      "/anime.data",
      "/break_time.data",
      "/anime/specials.data",
      "/releases?medium=anime",
      "/releases?medium=break_time",
      "/releases/anime/feed.xml",
      "/releases/break_time/feed.xml",
      "/releases/calendar.ics",
      `/discuss/${FILM}`,
      `/discuss/${SHORT}`,
      "/resources/timeline",
      "/statistics",
      "/",
    ];
    for (const path of paths)
      for (const knowledge of readers) {
        const body = await text(path, knowledge);
        // The radar says "title hidden until you reach it" of a release whose title waits: not of these.
        if (path.startsWith("/releases?"))
          for (const row of releaseRows(
            body,
            path.includes("anime") ? "/anime/specials?special=" : "/break_time?season=",
          ))
            expect([path, row]).not.toEqual([path, expect.stringMatching(/title hidden/i)]);
      }
  });
});
