/**
 * How many translation notes each OVA, special or film has, on /anime/specials, as each episode's on /anime
 * (decision 84), over the tiny pack: its film (sp:film-1, telling the side story ss:blog-1) given two
 * notes, and an OVA given none. The count is public, as an episode's is, and links to where the notes are
 * listed; the notes' words and the film's title stay where they were, behind the shield.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { animeMistakesPath } from "~/lib/content/anime";
import { loader as specialsLoader } from "~/routes/anime.specials";
import { allAnimeSpecials, getAnimeSpecials } from "~/models/anime-specials.server";
import { countRoundTrips, roundTrips } from "~/server/d1-round-trips.server";
import { importTestPack } from "../support/packs";
import { fetchDeployed } from "../support/site";
import { load } from "../support/workers-context";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const FILM = "sp:film-1";
const OVA = "sp:ova-1";
const FILM_TITLE = "Lamp Oil: The Film";
/** The words of the film's notes: none of them is anywhere else in the tiny pack. */
const OFFICIAL = ["The wicks are rationed.", "Keep the lamp low."];

const note = (id: string, official: string, start: string) => ({
  id,
  episode: FILM,
  start,
  end: start.replace(/0$/, "4"),
  platform: "StreamCo",
  track: "subtitles",
  official,
  suggested: `${official} (as said)`,
  explanation: "The original says more.",
  category: "omission",
  severity: "minor",
  status: "confirmed",
  credits: ["subwatch"],
  addedOn: "2021-08-01",
});

beforeAll(() =>
  importTestPack("tiny", {
    edit: (files) => {
      files["anime.json"].specials.push({
        slug: "ova-1",
        kind: "ova",
        title: "A Quiet OVA",
        releasedOn: "2021-09-01",
        runtime: 24,
        original: "An anime-original evening at the guild.",
        watchAfter: "anime:1-1",
      });
      files["mistranslations.json"].anime.push(
        note("film-rations", OFFICIAL[0]!, "12:40"),
        note("film-lamp-low", OFFICIAL[1]!, "1:02:10"),
      );
    },
  }),
);

describe("translation notes on /anime/specials", () => {
  it("counts each special's notes, none for one without, the same for every reader", async () => {
    for (const path of ["/anime/specials", `/anime/specials?reveal=${FILM}`]) {
      const { specials } = await load(specialsLoader, path);
      expect(specials.map((special) => [special.key, special.mistakeCount])).toEqual([
        [FILM, 2],
        [OVA, 0],
      ]);
    }
  });

  it("links the count to the film's notes and says when there are none, giving a signed-out reader no gated text", async () => {
    const response = await fetchDeployed("/anime/specials");
    expect(response.status).toBe(200);
    const html = await response.text();
    const film = html.slice(html.indexOf(`id="sp-film-1"`), html.indexOf(`id="sp-ova-1"`));
    const ova = html.slice(html.indexOf(`id="sp-ova-1"`));
    expect(animeMistakesPath(FILM)).toBe("/translation_meta/anime_mistls?season=specials#episode-sp:film-1");
    expect(film).toContain(`href="${animeMistakesPath(FILM)}"`);
    expect(film).toMatch(/>2 translation notes<span class="sr-only"> for Film<\/span><\/a>/);
    expect(ova).toContain("No translation notes yet");
    expect(ova).not.toContain(animeMistakesPath(OVA));
    // Named by its label only: the title and the notes' words wait where they did.
    for (const words of [FILM_TITLE, ...OFFICIAL]) expect(html).not.toContain(words);
  });

  it("reads the counts in the page's one round trip, through the notes' index", async () => {
    const db = countRoundTrips(env.DB);
    const { specials } = await getAnimeSpecials(db, { page: 1, special: null });
    expect(specials.map((special) => special.mistakeCount)).toEqual([2, 0]);
    expect(roundTrips(db)).toBe(1);
    // Each special's count is one search of anime_mistakes_episode, never a read of every note.
    const { sql, parameters } = allAnimeSpecials.compile();
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...parameters)
      .all<{ detail: string }>();
    const plan = results.map((row) => row.detail);
    expect(plan).toContainEqual(expect.stringMatching(/^SEARCH m USING (COVERING )?INDEX anime_mistakes_episode /));
    expect(plan.filter((step) => /^SCAN m\b/.test(step))).toEqual([]);
  });
});
