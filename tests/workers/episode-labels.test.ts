import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as animeLoader } from "~/routes/anime";
import { loader as breakTimeLoader } from "~/routes/break-time";
import { loader as formLoader } from "~/routes/feedback-hub.form";
import { loader as homeLoader } from "~/routes/home";
import { loader as searchLoader } from "~/routes/search";
import { loader as hubLoader } from "~/routes/translation-meta";
import { loader as animeNotesLoader } from "~/routes/translation-meta.anime";
import { loader as feedLoader } from "~/routes/translation-meta.feed";
import { loader as unitLoader } from "~/routes/api.v1.unit";
import { loader as seriesLoader } from "~/routes/api.v1.series";
import { unitName } from "~/lib/progress/tracker-units";
import { getTimeline } from "~/models/timeline.server";
import { findSimilarMistakes } from "~/models/similar-mistakes.server";
import { importTestPack } from "../support/packs";
import { callAsReader as call, readerCookie } from "../support/readers";
import { load, present, settle } from "../support/workers-context";

/*
 * An episode the series numbers otherwise than its place in its season (decision 71): the tiny pack's
 * second episode, labelled "1.5" as a series numbers a recap between its episodes 1 and 2. It is the
 * whole of the season's second part and the recut's second episode holds it. Its key stays anime:1-2;
 * every page, form, feed and answer that names it says "Episode 1.5".
 */
describe("a season's episode with a label", () => {
  beforeAll(() =>
    importTestPack("tiny", { edit: (files) => (files["anime.json"].seasons[0].episodes[1].label = "1.5") }),
  );
  afterAll(() => importTestPack("tiny"));

  it("is named by its label on the anime page, its part's heading and the recut, and keeps its key", async () => {
    const anime = await load(animeLoader, "/anime?reveal=all");
    expect(anime.episodes.map((episode) => [episode.key, episode.number, episode.label])).toEqual([
      ["anime:1-1", 1, null],
      ["anime:1-2", 2, "1.5"],
    ]);
    expect(present(anime.season).parts.map((part) => part.episodes)).toEqual(["Episode 1", "Episode 1.5"]);
    const held = anime.recuts[0]?.episodes[1]?.contents.map((content) => content.episode);
    expect(held).toEqual([{ key: "anime:1-2", label: "Season 1 · Episode 1.5" }]);
    const breakTime = await load(breakTimeLoader, "/break_time");
    expect(breakTime.episodes.map((episode) => episode.label)).toEqual([null, "1.5"]);
  });

  it("is named by its label in the API, the report form, the translation notes and their feed", async () => {
    const answer = (await settle(unitLoader, "/api/v1/units/anime:1-2", { params: { key: "anime:1-2" } })) as Response;
    expect(await answer.json()).toMatchObject({ key: "anime:1-2", label: "Season 1 · Episode 1.5" });
    const series = (await settle(seriesLoader, "/api/v1/series")) as Response;
    const { anime_seasons } = (await series.json()) as { anime_seasons: Array<{ parts: Array<{ episodes: string }> }> };
    expect(anime_seasons[0]?.parts.map((part) => part.episodes)).toEqual(["Episode 1", "Episode 1.5"]);
    const form = await call(formLoader, "/feedback_hub/report_anime_mistl", {
      cookie: await readerCookie("reader-labelled-episode"),
      params: { form: "report_anime_mistl" },
    });
    expect(form.data?.choices.episodes).toContainEqual(
      expect.objectContaining({ value: "anime:1-2", label: "Season 1 · Episode 1.5" }),
    );
    const notes = await load(animeNotesLoader, "/translation_meta/anime_mistls?season=1&reveal=all");
    expect(notes.entries.map((entry) => entry.episode.label)).toEqual([null, "1.5"]);
    const hub = await load(hubLoader, "/translation_meta?reveal=all");
    expect(hub.newest.map((entry) => entry.content?.where)).toContainEqual(
      expect.stringMatching(/^Anime season 1 · episode 1\.5 at /),
    );
    const feed = await (await load(feedLoader, "/translation_meta/feed.xml")).text();
    expect(feed).toContain("<title>Season 1 · Episode 1.5: ");
    const similar = await findSimilarMistakes(env.DB, "anime", "anime:1-2", "never lied");
    expect(similar.map((entry) => entry.where)).toContain("Season 1 · Episode 1.5");
  });

  it("is found by its label as viewers write it, never by its place", async () => {
    for (const words of ["episode 1.5", "ep 1.5", "season 1 episode 1.5"]) {
      const episodes = await load(searchLoader, `/search?q=${encodeURIComponent(words)}&reveal=all&kind=episode`);
      expect(
        episodes.results.map((result) => result.content?.subtitle),
        words,
      ).toContain("Season 1 · Episode 1.5");
    }
    const byPlace = await load(searchLoader, "/search?q=episode%202&reveal=all&kind=episode");
    expect(byPlace.results.map((result) => result.content?.subtitle)).not.toContain("Season 1 · Episode 1.5");
  });

  it("is what home tells a viewer of the episode before it to go on to, and what the tracker offers", async () => {
    const home = await load(homeLoader, "/");
    expect(present(home.spans.seasons.find((span) => span.group === 1)).named).toEqual([[2, "1.5"]]);
    const { units } = await getTimeline(env.DB);
    expect(units.filter((unit) => unit.medium === "anime" && !unit.key.includes("r")).map(unitName)).toEqual([
      "Episode 1",
      "Episode 1.5",
    ]);
  });
});
