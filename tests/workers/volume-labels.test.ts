import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as formLoader } from "~/routes/feedback-hub.form";
import { loader as homeLoader } from "~/routes/home";
import { loader as lightNovelsLoader } from "~/routes/light-novels";
import { loader as searchLoader } from "~/routes/search";
import { loader as statisticsLoader } from "~/routes/statistics";
import { loader as volumeNotesLoader } from "~/routes/translation-meta.ln-page";
import { loader as unitLoader } from "~/routes/api.v1.unit";
import { unitName } from "~/lib/progress/tracker-units";
import { getTimeline } from "~/models/timeline.server";
import { importTestPack } from "../support/packs";
import { callAsReader as call, readerCookie } from "../support/readers";
import { load, pageOfKind, present, settle } from "../support/workers-context";

/*
 * A volume the series numbers otherwise than its place in its collection (decision 70): the tiny pack's
 * second volume, labelled "1.5" as a series writes the volume between 1 and 2. Its key stays ln:main-2;
 * every page, form and answer that names it says "Tiny Tale 1.5".
 */
describe("a light novel volume with a label", () => {
  beforeAll(() =>
    importTestPack("tiny", { edit: (files) => (files["light-novels.json"].collections[0].volumes[1].label = "1.5") }),
  );
  afterAll(() => importTestPack("tiny"));

  it("is named by its label on the light novels page and in the API, and keeps its key", async () => {
    const page = await load(lightNovelsLoader, "/light_novels");
    expect(page.volumes.map((volume) => [volume.key, volume.number, volume.label])).toEqual([
      ["ln:main-1", 1, null],
      ["ln:main-2", 2, "1.5"],
    ]);
    const answer = (await settle(unitLoader, "/api/v1/units/ln:main-2", { params: { key: "ln:main-2" } })) as Response;
    expect(await answer.json()).toMatchObject({ key: "ln:main-2", label: "Tiny Tale 1.5" });
  });

  it("is named by its label on its translation notes, in the report form and in the statistics", async () => {
    const notes = pageOfKind(
      await load(volumeNotesLoader, "/translation_meta/ln_mistls/main_v2?reveal=ln:main-2", { slug: "main_v2" }),
      "volume",
    );
    expect(notes.volume).toMatchObject({ key: "ln:main-2", number: 2, label: "1.5" });
    const form = await call(formLoader, "/feedback_hub/report_ln_mistl", {
      cookie: await readerCookie("reader-labelled-volume"),
      params: { form: "report_ln_mistl" },
    });
    expect(form.data?.choices.volumes).toContainEqual(
      expect.objectContaining({ value: "ln:main-2", label: "Tiny Tale 1.5" }),
    );
    const statistics = await load(statisticsLoader, "/statistics");
    expect(statistics.mistakes.rows.map((row) => row.label)).toContain("Tiny Tale 1.5");
  });

  it("is found by its label as readers write it, never by its place", async () => {
    for (const words of ["vol 1.5", "tiny tale volume 1.5"]) {
      const volumes = await load(searchLoader, `/search?q=${encodeURIComponent(words)}&reveal=all&kind=volume`);
      expect(
        volumes.results.map((result) => result.content?.subtitle),
        words,
      ).toEqual(["Tiny Tale 1.5"]);
    }
    const byPlace = await load(searchLoader, "/search?q=vol%202&reveal=all&kind=volume");
    expect(byPlace.results).toEqual([]);
    // Its label is one number: "1.5" typed the other way round is no volume of the collection.
    for (const words of ["vol 5.1", "vol5.1", "tiny tale 5.1"]) {
      const volumes = await load(searchLoader, `/search?q=${encodeURIComponent(words)}&reveal=all&kind=volume`);
      expect(volumes.results, words).toEqual([]);
    }
    const shortened = await load(searchLoader, "/search?q=vol1.5&reveal=all&kind=volume");
    expect(shortened.results.map((result) => result.content?.subtitle)).toEqual(["Tiny Tale 1.5"]);
  });

  it("is what home tells a reader of the volume before it to go on to, and what the tracker offers", async () => {
    const home = await load(homeLoader, "/");
    expect(present(home.spans.collections.find((span) => span.group === "main")).named).toEqual([[2, "1.5"]]);
    const { units } = await getTimeline(env.DB);
    expect(units.filter((unit) => unit.collection === "main").map(unitName)).toEqual(["Volume 1", "Volume 1.5"]);
  });
});
