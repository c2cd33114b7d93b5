/**
 * A light novel volume without a title (announced by its number and date months before its title), over
 * the tiny pack with ln:main-2's title left out (the main line's latest volume, with a translation note and
 * chapters) and Oren Vale first appearing in it: every page, list and API answer names it by its place
 * ("Tiny Tale 2"), says its title is not announced where a title would stand, and tells no reader, whatever
 * they have read, that a title is hidden from them.
 */
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { releaseName, releaseTitle } from "~/lib/feeds/releases";
import { encodeKnowledge, type Knowledge, knowledgeOfUnits, noKnowledge } from "~/lib/shield/knowledge";
import { gated } from "~/lib/shield/gated";
import { getCharacter } from "~/models/character-profile.server";
import { getLnCollectionMistakes, getLnMistakeIndex } from "~/models/light-novel-mistakes.server";
import { getReleases } from "~/models/releases.server";
import { getTimeline } from "~/models/timeline.server";
import { getStoryUnit } from "~/models/units.server";
import { loader as lightNovelsLoader } from "~/routes/light-novels";
import { importTestPack } from "../support/packs";
import { searchedAs } from "../support/search";
import { fetchDeployed } from "../support/site";
import { load, present } from "../support/workers-context";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

/** Leaves ln:main-2's title out, as a pack does for a volume announced by its number. */
const untitled = (files: Record<string, any>) => {
  delete files["light-novels.json"].collections[0].volumes[1].title;
  files["light-novels.json"].collections[0].volumes[1].isbn = "978-4-04-000002-2";
  files["characters.json"].characters[1].firstAppearances.lightNovel = "ln:main-2";
};

beforeAll(() => importTestPack("tiny", { edit: untitled }));
afterAll(() => importTestPack("tiny"));

const readers: Knowledge[] = [
  noKnowledge,
  { ...noKnowledge, unreachedTitles: "show" },
  knowledgeOfUnits(["wn:1-3"]),
  knowledgeOfUnits(["ln:main-2"]),
  knowledgeOfUnits(["wn:2-2"]),
];
/** Those who read the volume or the chapter where Oren Vale first appears. */
const metOren = readers.slice(3);
const reveal = (knowledge: Knowledge) => encodeURIComponent(encodeKnowledge(knowledge));
const stated = (path: string, knowledge: Knowledge) =>
  knowledge === noKnowledge ? path : `${path}${path.includes("?") ? "&" : "?"}reveal=${reveal(knowledge)}`;

/** The part of a page's HTML from `from` to the first `to` after it. */
function between(html: string, from: string, to: string) {
  const start = html.indexOf(from);
  expect(start, from).toBeGreaterThan(-1);
  const end = html.indexOf(to, start);
  return html.slice(start, end === -1 ? undefined : end);
}

describe("a light novel volume without a title", () => {
  it("is named by its place on /light_novels, its title not announced, to every reader", async () => {
    for (const knowledge of readers) {
      const { volumes } = await load(lightNovelsLoader, stated("/light_novels", knowledge));
      const [first, second] = volumes;
      expect(second?.key).toBe("ln:main-2");
      expect(second?.title).toBeNull();
      // The titled volume before it is untouched.
      expect(first?.title).not.toBeNull();
      const html = await (await fetchDeployed(stated("/light_novels", knowledge))).text();
      expect(html.match(/Title not announced/g)).toHaveLength(1);
      // Its card, from its name to its dates: the place, then "Title not announced", never "Title hidden".
      const heading = between(html, 'id="ln-main-2"', "<dl");
      expect(heading).toContain("Tiny Tale 2");
      expect(heading).toContain("Title not announced");
      expect(heading).not.toContain("Title hidden");
    }
  });

  it("hides nothing in the tracker, releases, the units API, profiles and translation notes", async () => {
    const { units } = await getTimeline(env.DB);
    // Public and empty: the tracker names it by its place ("Volume 2"), and has no title to hold back.
    expect(present(units.find((unit) => unit.key === "ln:main-2")).title).toEqual(gated(null, ""));
    expect(present(units.find((unit) => unit.key === "ln:main-1")).title.content).toBe("The Door");

    // Both its editions, the original and the English, are named by its place, once, and hide nothing.
    const { recent } = await getReleases(env.DB, { medium: "light_novels", today: "2030-01-01" });
    const releases = recent.filter((found) => found.key === "ln:main-2");
    expect(releases.map((release) => release.edition).sort()).toEqual(["en", "jp"]);
    for (const release of releases) {
      expect(release.title).toEqual(gated(null, release.label));
      expect(releaseTitle(release)).toBeNull();
      expect(releaseName(release)).toBe("Tiny Tale 2");
    }
    // Announced, it is coming up under the same name.
    const { upcoming } = await getReleases(env.DB, { medium: "light_novels", today: "2016-03-01" });
    expect(present(upcoming.find((found) => found.key === "ln:main-2")).title).toEqual(gated(null, "Tiny Tale 2"));

    // The units API names it by its label, as it names a manga chapter or an episode without a title.
    const unit = present(await getStoryUnit(env.DB, "ln:main-2"));
    expect(unit.named).toEqual(gated(null, { title: "Tiny Tale 2", originalTitle: null }));

    const oren = present(await getCharacter(env.DB, "oren-vale")).content;
    expect(present(oren?.firstAppearances.find((first) => first.key === "ln:main-2")).title).toBeNull();

    // The translation notes' tables list it by its link alone.
    const { volumes } = await getLnMistakeIndex(env.DB, "", 1, noKnowledge);
    expect(present(volumes.find((volume) => volume.key === "ln:main-2")).title).toBeNull();
    expect(present(volumes.find((volume) => volume.key === "ln:main-1")).title).not.toBeNull();
    const main = present(await getLnCollectionMistakes(env.DB, "main", 1, noKnowledge));
    expect(present(main.volumes.find((volume) => volume.key === "ln:main-2")).title).toBeNull();
  });

  it("is found by its name and its ISBN by every reader, whatever they have read, as the line over the results counts it", async () => {
    const volume = {
      ref: "volume:ln:main-2",
      title: "Tiny Tale 2",
      subtitle: "Tiny Tale 2",
      path: "/light_novels?collection=main#ln-main-2",
    };
    for (const knowledge of readers)
      for (const words of ["Tiny Tale 2", "tiny tale vol 2", "978-4-04-000002-2", "9784040000022"]) {
        const found = await searchedAs(words, knowledge);
        expect(found.results, words).toContainEqual(volume);
        expect(found.status, words).toMatch(/^\d+ results? for/);
      }
    // By its ISBN alone, the one hit, counted once.
    const byIsbn = await searchedAs("9784040000022", noKnowledge);
    expect(byIsbn).toMatchObject({ results: [volume], total: 1, counts: { volume: 1 } });
    expect(byIsbn.status).toBe("1 result for “9784040000022”");
    // Its chapters' titles wait for its title: a reader who has not read it does not find it by them.
    expect((await searchedAs("corridor", noKnowledge)).results.map((result) => result.ref)).not.toContain(volume.ref);
  });

  it("says no title is hidden on the radar, the translation notes' tables and the tracker's timeline", async () => {
    for (const knowledge of readers) {
      const radar = await (await fetchDeployed(stated("/releases?medium=light_novels", knowledge))).text();
      const row = between(radar, 'href="/light_novels?collection=main#ln-main-2"', "</a>");
      expect(row).toContain("Tiny Tale 2");
      expect(row).not.toMatch(/title hidden/i);
      const notes = await (await fetchDeployed(stated("/translation_meta/ln_mistls", knowledge))).text();
      expect(between(notes, 'href="/translation_meta/ln_mistls/main_v2"', "</th>")).not.toMatch(/title hidden/i);
    }
    const feed = await (await fetchDeployed("/releases/light_novels/feed.xml")).text();
    // Its entries say its place, and not that its title is left out, as a titled volume's do.
    for (const edition of ["jp", "en"]) {
      const entry = between(feed, `release/ln:main-2/${edition}<`, "</entry>");
      expect(entry).toContain(": Tiny Tale 2</title>");
      expect(entry).not.toContain("title is left out");
    }
    expect(between(feed, "release/ln:main-1/jp<", "</entry>")).toContain("title is left out");
  });

  it("answers every page and API that names it, for every reader", async () => {
    const paths = [
      "/",
      "/light_novels",
      "/light_novels.data",
      "/releases?medium=light_novels",
      "/releases/light_novels/feed.xml",
      "/releases/calendar.ics",
      "/translation_meta/ln_mistls",
      "/translation_meta/ln_mistls/main",
      "/translation_meta/ln_mistls/main_v2",
      "/discuss/ln:main-2",
      "/characters/oren-vale",
      "/statistics",
      "/search?q=tiny",
      "/resources/timeline",
      "/api/v1/units/ln:main-2",
      "/api/v1/units?medium=light_novels",
      "/api/v1/series",
      "/api/v1/releases",
      "/api/v1/translation-notes?unit=ln:main-2",
      "/api/v1/characters/oren-vale",
    ];
    let client = 0;
    for (const path of paths)
      for (const knowledge of readers) {
        const headers = new Headers({ "CF-Connecting-IP": `198.51.100.${++client % 250}` });
        const response = await fetchDeployed(stated(path, knowledge), { headers });
        // A character the reader has not met is not found, as anywhere else.
        const met = !path.includes("oren-vale") || metOren.includes(knowledge);
        expect([path, knowledge, response.status]).toEqual([path, knowledge, met ? 200 : 404]);
      }
  });
});
