/**
 * A titled unit found by its place (decision 79), over the demo pack: Lanternfall 5 ("Lanternfall 5: A
 * Flame With No Colour") and season 1's episode 7 ("Stolen Lullabies"), which /light_novels and /anime
 * show to everyone by their places with their titles hidden. A newcomer, or a viewer at episode 5, finds
 * each by its name, its number, its ISBN or its episode, named by its label alone, on the results page,
 * in the suggestions and in the HTML; a reader who has read it finds it once, by its title. So too a web
 * novel chapter, a side story and a recut's episode (decision 80), and a volume numbered "7.5" by that
 * number alone, never by its "5" or its "7".
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { encodeKnowledge, type Knowledge, knowledgeOfUnits, noKnowledge } from "~/lib/shield/knowledge";
import { loader as searchLoader } from "~/routes/search";
import { importTestPack } from "../support/packs";
import { searchedAs } from "../support/search";
import { fetchDeployed } from "../support/site";
import { load } from "../support/workers-context";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

beforeAll(() => importTestPack("demo"));

const volume = {
  ref: "place:volume:ln:main-5",
  title: "Lanternfall 5",
  subtitle: "Lanternfall 5",
  path: "/light_novels?collection=main#ln-main-5",
};
/** Lanternfall 5's title, original title and chapters' titles: nothing a newcomer may be sent. */
const volumeSecrets = ["A Flame With No Colour", "色のない炎", "Gilt and Soot", "Embers Hill"];
const episode = {
  ref: "place:episode:anime:1-7",
  title: "Season 1 · Episode 7",
  subtitle: "Season 1 · Episode 7",
  path: "/anime?season=1#s1e7",
};
const viewerAtEpisode5 = knowledgeOfUnits(["anime:1-5"]);

/** Everything a requester is sent for the words: the results page's and the suggestions' data, and the page's HTML. */
async function everythingSent(words: string, knowledge: Knowledge) {
  const reveal = knowledge === noKnowledge ? "" : `&reveal=${encodeURIComponent(encodeKnowledge(knowledge))}`;
  const path = `/search?q=${encodeURIComponent(words)}${reveal}`;
  const page = await load(searchLoader, path);
  const suggested = await load(searchLoader, `${path}&suggest=1`);
  const html = await (await fetchDeployed(path)).text();
  return [JSON.stringify(page), JSON.stringify(suggested), html].join("\n");
}

describe("a titled unit, by its place", () => {
  it("is found by a newcomer by its name, its number and its ISBN, named by its label alone, and counted", async () => {
    for (const words of ["Lanternfall 5", "vol 5", "volume 5", "978-4-86716-105-0", "9784867161050"]) {
      const found = await searchedAs(words, noKnowledge);
      const volumes = found.results.filter((result) => result.ref.includes("volume:"));
      expect(volumes, words).toEqual([volume]);
      expect(found.counts.volume, words).toBe(1);
      expect(found.status, words).toMatch(/^\d+ results? for/);
      const sent = await everythingSent(words, noKnowledge);
      for (const secret of volumeSecrets) expect(sent, `${words}: ${secret}`).not.toContain(secret);
    }
    const byIsbn = await searchedAs("978-4-86716-105-0", noKnowledge);
    expect(byIsbn).toMatchObject({ results: [volume], total: 1, counts: { volume: 1 } });
    expect(byIsbn.status).toBe("1 result for “978-4-86716-105-0”");
    // Its title and its chapters' titles still find nothing, nor a volume's editions' titles, which hold its own.
    for (const words of ["Flame With No Colour", "Gilt and Soot"])
      expect((await searchedAs(words, noKnowledge)).results, words).toEqual([]);
    for (const words of ["Wick That Would Not Burn", "燃えない灯芯", "灯芯"]) {
      const found = await searchedAs(words, noKnowledge);
      expect(
        found.results.filter((result) => result.ref.includes("volume:")),
        words,
      ).toEqual([]);
    }
  });

  it("is found by a viewer at episode 5 by its episode, named by its place, its title and its season's kept", async () => {
    for (const knowledge of [noKnowledge, viewerAtEpisode5])
      for (const words of [
        "episode 7",
        "ep7",
        "season 1 episode 7",
        "s1e7",
        "S01E07",
        "1x07",
        // Its number with a leading zero or a word glued before it, and its season and episode in two words.
        "ep07",
        "ep 7",
        "episode 07",
        "e07",
        "s1 e7",
        "s1 ep7",
        "S1 E07",
      ]) {
        const found = await searchedAs(words, knowledge);
        expect(found.results, words).toContainEqual(episode);
        // Once: its titled entry is not theirs.
        expect(found.results.filter((result) => result.path === episode.path)).toHaveLength(1);
        const sent = await everythingSent(words, knowledge);
        expect(sent, words).not.toContain("Stolen Lullabies");
      }
  });

  it("is found once, by its title, by a reader who has read it", async () => {
    const reader = knowledgeOfUnits(["ln:main-5"]);
    for (const words of ["vol 5", "Lanternfall 5", "978-4-86716-105-0"]) {
      const found = await searchedAs(words, reader);
      const volume5 = found.results.filter((result) => result.path?.endsWith("#ln-main-5"));
      expect(volume5, words).toEqual([
        expect.objectContaining({ ref: "volume:ln:main-5", title: "Lanternfall 5: A Flame With No Colour" }),
      ]);
      expect(
        found.results.map((result) => result.ref),
        words,
      ).not.toContain(volume.ref);
    }
    const byIsbn = await searchedAs("978-4-86716-105-0", reader);
    expect(byIsbn).toMatchObject({ total: 1, counts: { volume: 1 } });
    expect(byIsbn.status).toBe("1 result for “978-4-86716-105-0”");
    // And an episode's viewer, by its title.
    const viewer = await searchedAs("episode 7", knowledgeOfUnits(["anime:1-7"]));
    const episode7 = viewer.results.filter((result) => result.path === episode.path);
    expect(episode7).toEqual([expect.objectContaining({ ref: "episode:anime:1-7", title: "Stolen Lullabies" })]);
  });
});

describe("a web novel chapter, a side story and a recut's episode, by their places", () => {
  const chapter = {
    ref: "place:chapter:wn:3-13",
    title: "Arc 3 · Chapter 12",
    subtitle: "Arc 3 · Chapter 12",
    path: "/web_novel?arc=3#wn-3-13",
  };

  it("are found by a newcomer as readers write them, named by their labels, nothing of their titles sent, and by their readers by their titles", async () => {
    for (const words of ["arc 3 chapter 12", "Arc 3 · Chapter 12", "chapter 3-12", "3-12", "arc3 ch12"]) {
      const found = await searchedAs(words, noKnowledge);
      expect(found.results[0], words).toEqual(chapter);
      expect(found.status, words).toMatch(/^\d+ results? for/);
      const sent = await everythingSent(words, noKnowledge);
      for (const secret of ["Cobalt Sees True", "群青は真を見る"])
        expect(sent, `${words}: ${secret}`).not.toContain(secret);
    }
    // By the series' own numbering: arc 7's "19-A", arc 3's second interlude (flagged: its title says what it tells).
    const labelled = await searchedAs("arc 7 chapter 19-A", noKnowledge);
    expect(labelled.results[0]).toMatchObject({ ref: "place:chapter:wn:7-22", title: "Arc 7 · Chapter 19-A" });
    const interlude = await searchedAs("arc 3 interlude 2", noKnowledge);
    expect(interlude.results[0]).toMatchObject({ ref: "place:chapter:wn:3-33", title: "Arc 3 · Interlude 2" });
    expect(await everythingSent("arc 3 interlude 2", noKnowledge)).not.toContain("Headmistress's Report");
    // Its title still finds nothing for them.
    expect((await searchedAs("Cobalt Sees True", noKnowledge)).results).toEqual([]);
    // A reader who has read it finds it once, by its title.
    const reader = await searchedAs("chapter 3-12", knowledgeOfUnits(["wn:3-13"]));
    expect(reader.results.filter((result) => result.path === chapter.path)).toEqual([
      expect.objectContaining({ ref: "chapter:wn:3-13", title: "Cobalt Sees True" }),
    ]);
  });

  it("finds a side story by its label, and a recut's episode by its place", async () => {
    for (const words of ["side story Lanternfall EX 2", "Lanternfall EX 2"]) {
      const found = await searchedAs(words, noKnowledge);
      expect(
        found.results.filter((result) => result.ref.includes("side_story:")),
        words,
      ).toEqual([
        {
          ref: "place:side_story:ex-2",
          title: "Lanternfall EX 2",
          subtitle: "Lanternfall EX 2",
          path: "/side_stories?story=ex-2#ss-ex-2",
        },
      ]);
      const sent = await everythingSent(words, noKnowledge);
      for (const secret of ["Moth Letters", "蛾の手紙"]) expect(sent, `${words}: ${secret}`).not.toContain(secret);
    }
    const recut = {
      ref: "place:episode:anime:1r1-2",
      title: "Season 1 Recut · Episode 2",
      subtitle: "Season 1 Recut · Episode 2",
      path: "/anime?season=1#s1r1e2",
    };
    for (const words of ["recut episode 2", "Season 1 Recut · Episode 2", "season 1 recut ep2"]) {
      const found = await searchedAs(words, noKnowledge);
      expect(found.results[0], words).toEqual(recut);
      expect(await everythingSent(words, noKnowledge), words).not.toContain("Bread and Bridges");
    }
  });
});

describe("a volume numbered 7.5", () => {
  // Lanternfall 8 labelled "7.5", as a series numbers a volume between 7 and 8.
  beforeAll(() =>
    importTestPack("demo", {
      edit: (files) => (files["light-novels.json"].collections[0].volumes[7].label = "7.5"),
    }),
  );
  const volumesFound = async (words: string, knowledge: Knowledge) =>
    (await searchedAs(words, knowledge)).results
      .filter((result) => result.ref.includes("volume:"))
      .map((result) => result.title);

  it("is found by that number alone, not by its 5 nor its 7", async () => {
    for (const words of ["vol 5", "volume 5", "lanternfall 5"])
      expect(await volumesFound(words, noKnowledge), words).toEqual(["Lanternfall 5"]);
    for (const words of ["vol 7", "lanternfall 7"])
      expect(await volumesFound(words, noKnowledge), words).toEqual(["Lanternfall 7"]);
    for (const words of ["vol 7.5", "7.5", "vol7.5", "Lanternfall 7.5"])
      expect(await volumesFound(words, noKnowledge), words).toEqual(["Lanternfall 7.5"]);
    // A reader of every volume, by its title.
    const reader = knowledgeOfUnits(["ln:main-8"]);
    expect(await volumesFound("vol 5", reader)).not.toContainEqual(expect.stringContaining("7.5"));
    expect(await volumesFound("vol 7.5", reader)).toEqual(["Lanternfall 8: Drowned Lights"]);
  });
});
