import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatProblem, parsePack, resolvePack } from "../index";
import { knowledgeOfUnits, knows, readRevealers } from "../../app/lib/shield/knowledge";

/*
 * What a season's episode adapts, checked on the tiny pack (chapters wn:1-1 to wn:1-3 and wn:2-1 to
 * wn:2-2, volumes ln:main-1 of wn:1-1 to wn:1-3 and ln:main-2 of wn:2-1 to wn:2-2, episodes anime:1-1
 * adapting wn:1-1 to wn:1-2 and anime:1-2 adapting wn:2-1, the side story ss:blog-1 read after wn:1-2):
 * several runs with a chapter passed over between them, a side story, or nothing (anime-original); what
 * each reveals, where it is placed, and each shape the check refuses, with the sentence it says.
 */

type Episode = Record<string, unknown>;

function resolveEpisodes(change: (episodes: Episode[]) => void) {
  const parsed = parsePack((file) => {
    const json = JSON.parse(readFileSync(`tests/fixtures/packs/tiny/${file}`, "utf8"));
    if (file === "anime.json") {
      const season = json.seasons[0];
      change(season.episodes);
      // Its second part runs to its last episode, one added too.
      season.parts[1].episodes.to = Math.max(...season.episodes.map((episode: { number: number }) => episode.number));
    }
    return { json };
  });
  if (!parsed.pack) return { rows: null, problems: parsed.problems.map(formatProblem) };
  const { rows, problems } = resolvePack(parsed.pack, "tiny");
  return { rows, problems: problems.map(formatProblem) };
}

type Rows = NonNullable<ReturnType<typeof resolveEpisodes>["rows"]>;
const problemsOf = (change: (episodes: Episode[]) => void) => resolveEpisodes(change).problems;
const unitOf = (rows: Rows, key: string) => rows.story_units.find((unit) => unit.key === key)!;
const revealers = (rows: Rows, key: string) => unitOf(rows, key).revealed_by.split(" ").sort();
const episodeRow = (rows: Rows, key: string) => rows.anime_episodes.find((episode) => episode.key === key)!;

/** An anime-original episode after the season's two. */
const originalEpisode = {
  number: 3,
  title: "The Hall at Night",
  airedOn: "2020-04-15",
  original: "A recap, around a new scene of the hall at night.",
};

/** The second episode's entry by its place alone: its label, and nothing of its title or its season's. */
const episodeTwoByPlace = {
  kind: "episode",
  title: "Season 1 · Episode 2",
  subtitle: "Season 1 · Episode 2",
  original_title: null,
  aliases: "Season 1 · Episode 2",
  body: "",
  revealed_by: null,
};

describe("an episode that intercuts two runs of chapters", () => {
  const { rows, problems } = resolveEpisodes((episodes) => {
    episodes[0]!.adapts = [{ from: "wn:1-1", to: "wn:1-1" }, "wn:1-3"];
  });

  it("imports, keeping its runs and its first and last chapter", () => {
    expect(problems).toEqual([]);
    expect(episodeRow(rows!, "anime:1-1")).toMatchObject({
      adapts_from: "wn:1-1",
      adapts_to: "wn:1-3",
      adapts_chapters: JSON.stringify([
        { from: "wn:1-1", to: "wn:1-1" },
        { from: "wn:1-3", to: "wn:1-3" },
      ]),
      adapts_side_stories: "[]",
      original: null,
      volumes: JSON.stringify(["ln:main-1"]),
    });
    // It sits at the last chapter it adapts.
    expect(unitOf(rows!, "anime:1-1").position).toBe(unitOf(rows!, "wn:1-3").position);
  });

  it("finds the chapter it passed over as skipped, on the episode itself", () => {
    expect(rows!.adaptation_changes.filter((change) => change.episode_key === "anime:1-1")).toEqual([
      expect.objectContaining({ kind: "skipped", chapters_from: "wn:1-2", chapters_to: "wn:1-2", computed: 1 }),
    ]);
  });

  it("reveals what its runs reveal, never what the chapter between them does", () => {
    expect(revealers(rows!, "wn:1-1")).toContain("anime:1-1");
    expect(revealers(rows!, "wn:1-3")).toContain("anime:1-1");
    expect(revealers(rows!, "wn:1-2")).not.toContain("anime:1-1");
    // A viewer of both episodes knows the union of what they adapt: not what wn:1-2 reveals.
    const viewer = knowledgeOfUnits(["anime:1-2"]);
    expect(knows(viewer, readRevealers(unitOf(rows!, "wn:1-3").revealed_by))).toBe(true);
    expect(knows(viewer, readRevealers(unitOf(rows!, "wn:1-2").revealed_by))).toBe(false);
    // The fact the pack reveals at wn:1-3 ("She built the door herself.") is the viewer's.
    const secret = rows!.character_facts.find((fact) => fact.value === "She built the door herself.")!;
    expect(knows(viewer, readRevealers(secret.revealed_by))).toBe(true);
  });
});

describe("an anime-original episode", () => {
  const { rows, problems } = resolveEpisodes((episodes) => {
    episodes.push(originalEpisode);
  });

  it("imports with its note, adapting nothing and covering no volume", () => {
    expect(problems).toEqual([]);
    expect(episodeRow(rows!, "anime:1-3")).toMatchObject({
      adapts_from: null,
      adapts_to: null,
      adapts_chapters: "[]",
      adapts_side_stories: "[]",
      original: "A recap, around a new scene of the hall at night.",
      volumes: "[]",
    });
  });

  it("sits just after the episode aired before it", () => {
    const before = unitOf(rows!, "anime:1-2").position;
    expect(unitOf(rows!, "anime:1-3").position).toBeGreaterThan(before);
    expect(unitOf(rows!, "anime:1-3").position).toBeLessThan(unitOf(rows!, "wn:2-2").position);
  });

  it("reveals to its own viewers only, and nothing of the web novel to them", () => {
    expect(revealers(rows!, "anime:1-3")).toEqual(["anime:1-3"]);
    for (const unit of rows!.story_units.filter((each) => each.medium === "web_novel"))
      expect(unit.revealed_by.split(" ")).not.toContain("anime:1-3");
    // Its viewer has watched the episodes before it, and knows what they adapt, no more.
    const viewer = knowledgeOfUnits(["anime:1-3"]);
    expect(knows(viewer, readRevealers(unitOf(rows!, "wn:2-1").revealed_by))).toBe(true);
    expect(knows(viewer, readRevealers(unitOf(rows!, "wn:2-2").revealed_by))).toBe(false);
  });

  it("is placed at the start of the story when it opens the anime", () => {
    const { rows: opened, problems: none } = resolveEpisodes((episodes) => {
      episodes.unshift({ ...originalEpisode, number: 3 });
    });
    expect(none).toEqual([]);
    expect(unitOf(opened!, "anime:1-3").position).toBeLessThan(unitOf(opened!, "wn:1-1").position);
  });
});

describe("an episode that tells a side story", () => {
  it("alone, shares what it reveals with the story's readers", () => {
    const { rows, problems } = resolveEpisodes((episodes) => {
      episodes.push({ ...originalEpisode, original: undefined, adapts: ["ss:blog-1"] });
    });
    expect(problems).toEqual([]);
    expect(episodeRow(rows!, "anime:1-3").adapts_side_stories).toBe('["ss:blog-1"]');
    expect(revealers(rows!, "ss:blog-1")).toContain("anime:1-3");
    expect(revealers(rows!, "anime:1-3")).toContain("ss:blog-1");
  });

  it("beside chapters, tells the story's readers nothing the chapters reveal", () => {
    const { rows, problems } = resolveEpisodes((episodes) => {
      episodes[1]!.adapts = ["wn:2-1", "ss:blog-1"];
    });
    expect(problems).toEqual([]);
    expect(revealers(rows!, "ss:blog-1")).toContain("anime:1-2");
    expect(revealers(rows!, "anime:1-2")).not.toContain("ss:blog-1");
  });
});

describe("an episode whose title is flagged as a spoiler", () => {
  const flagged = (title: Episode) =>
    resolveEpisodes((episodes) => Object.assign(episodes[1]!, { title: "Oren", titleIsSpoiler: true }, title));
  const searchEntry = (rows: Rows, key: string) => rows.search_entries.find((entry) => entry.ref === `episode:${key}`)!;

  it("is revealed by what reveals the episode, never by the choice to see titles of what one has not reached", () => {
    const { rows, problems } = flagged({});
    expect(problems).toEqual([]);
    const stored = readRevealers(episodeRow(rows!, "anime:1-2").title_revealed_by)!;
    expect([...stored].sort()).toEqual(revealers(rows!, "anime:1-2"));
    // Its search entry waits for the same units, and is not found by the titles choice.
    expect(readRevealers(searchEntry(rows!, "anime:1-2").revealed_by)).toEqual(stored);
    const showsTitles = { ...knowledgeOfUnits(["anime:1-1"]), unreachedTitles: "show" as const };
    expect(knows(showsTitles, stored)).toBe(false);
    expect(knows(knowledgeOfUnits(["anime:1-2"]), stored)).toBe(true);
    // An episode not flagged keeps its title reached as a unit's is.
    expect(episodeRow(rows!, "anime:1-1").title_revealed_by).toBeNull();
    expect(readRevealers(searchEntry(rows!, "anime:1-1").revealed_by)).toContain("titles");
  });

  it("follows titleRevealIn where a medium reveals it elsewhere", () => {
    const { rows, problems } = flagged({ titleRevealIn: { webNovel: "wn:2-2", lightNovels: null } });
    expect(problems).toEqual([]);
    const stored = readRevealers(episodeRow(rows!, "anime:1-2").title_revealed_by)!;
    expect(stored).toContain("wn:2-2");
    expect(stored).toContain("anime:1-2");
    expect(stored.filter((unit) => unit.startsWith("wn:") || unit.startsWith("ln:"))).toEqual(["wn:2-2"]);
  });

  it("refuses titleRevealIn without the flag, or naming a unit of another medium", () => {
    expect(problemsOf((episodes) => (episodes[1]!.titleRevealIn = { webNovel: "wn:2-2" }))).toEqual([
      'anime.json › seasons[0].episodes[1].titleRevealIn: needs "titleIsSpoiler": true: titleRevealIn only says where a medium reveals it differently',
    ]);
    expect(flagged({ titleRevealIn: { anime: "wn:2-2" } }).problems).toEqual([
      "anime.json › seasons[0].episodes[1].titleRevealIn.anime: must point to an anime episode (anime:…), not wn:2-2",
    ]);
  });
});

describe("what the check refuses in an episode's adapts", () => {
  it("runs out of story order", () => {
    expect(problemsOf((episodes) => (episodes[0]!.adapts = ["wn:1-3", { from: "wn:1-1", to: "wn:1-2" }]))).toEqual([
      'anime.json › seasons[0].episodes[0].adapts[1]: wn:1-1 to wn:1-2 comes before wn:1-3 (adapts[0]) in the story: list the chapters an episode adapts in story order (a scene the episode moved is a change of kind "reordered")',
    ]);
  });

  it("runs that overlap", () => {
    expect(
      problemsOf(
        (episodes) =>
          (episodes[0]!.adapts = [
            { from: "wn:1-1", to: "wn:1-2" },
            { from: "wn:1-2", to: "wn:1-3" },
          ]),
      ),
    ).toEqual([
      "anime.json › seasons[0].episodes[0].adapts[1]: wn:1-2 to wn:1-3 overlaps wn:1-1 to wn:1-2 (adapts[0]): they share wn:1-2; name each chapter once, in story order",
    ]);
  });

  it("a run naming a chapter that does not exist", () => {
    expect(problemsOf((episodes) => (episodes[0]!.adapts = ["wn:1-1", { from: "wn:1-3", to: "wn:1-9" }]))).toEqual([
      "anime.json › seasons[0].episodes[0].adapts[1].to: points to wn:1-9, which does not exist",
    ]);
  });

  it("a side story that does not exist", () => {
    expect(problemsOf((episodes) => (episodes[0]!.adapts = ["wn:1-1", "ss:no-such-story"]))).toEqual([
      "anime.json › seasons[0].episodes[0].adapts[1]: points to ss:no-such-story, which does not exist",
    ]);
  });

  it("a unit of another medium", () => {
    expect(problemsOf((episodes) => (episodes[0]!.adapts = ["wn:1-1", "ln:main-1"]))).toEqual([
      "anime.json › seasons[0].episodes[0].adapts[1]: must point to a web novel chapter (wn:…) or a side story (ss:…), not ln:main-1: an episode adapts chapters and side stories",
    ]);
  });

  it("a side story named twice", () => {
    expect(problemsOf((episodes) => (episodes[1]!.adapts = ["wn:2-1", "ss:blog-1", "ss:blog-1"]))).toEqual([
      "anime.json › seasons[0].episodes[1].adapts[2]: names ss:blog-1 twice",
    ]);
  });

  it("an empty list", () => {
    expect(problemsOf((episodes) => (episodes[0]!.adapts = []))).toEqual([
      "anime.json › seasons[0].episodes[0].adapts: names nothing: list at least one run of chapters or side story, or leave adapts out and say in original what the anime made up",
    ]);
  });

  it("an episode with neither adapts nor original", () => {
    expect(problemsOf((episodes) => delete episodes[0]!.adapts)).toEqual([
      "anime.json › seasons[0].episodes[0].adapts: an episode needs adapts (the chapters or side stories it tells) or, if it is anime-original, original (a note on what the anime made up)",
    ]);
  });

  it("an episode with both", () => {
    expect(problemsOf((episodes) => (episodes[0]!.original = "Made up."))).toEqual([
      "anime.json › seasons[0].episodes[0].original: an episode that adapts chapters or side stories is not anime-original: leave original out",
    ]);
  });

  it("a hand-written volume list that disagrees with the runs", () => {
    expect(
      problemsOf((episodes) => {
        episodes[0]!.adapts = ["wn:1-1", "wn:2-2"];
        episodes[0]!.volumes = ["ln:main-1"];
      }),
    ).toContainEqual(
      "anime.json › seasons[0].episodes[0].volumes: lists ln:main-1, but the volumes' ranges give ln:main-1 and ln:main-2 for wn:1-1 and wn:2-2: leave volumes out and the list is made from the ranges, or correct the list or the range that is wrong",
    );
  });

  it("volumes listed for an anime-original episode", () => {
    expect(problemsOf((episodes) => episodes.push({ ...originalEpisode, volumes: ["ln:main-1"] }))).toEqual([
      "anime.json › seasons[0].episodes[2].volumes: lists ln:main-1, but the episode adapts no web novel chapter, so it covers no volume: leave volumes out",
    ]);
  });
});

describe("a titled episode's search entries", () => {
  const { rows, problems } = resolveEpisodes(() => {});

  it("are its titled entry, gated as its title, and its place's, named by its label and found by everyone", () => {
    expect(problems).toEqual([]);
    const entries = rows!.search_entries.filter((entry) => entry.ref.endsWith("episode:anime:1-2"));
    expect(entries.map((entry) => entry.ref)).toEqual(["episode:anime:1-2", "place:episode:anime:1-2"]);
    const [titled, place] = entries;
    expect(titled!.title).toBe(episodeRow(rows!, "anime:1-2").title);
    expect(titled!.revealed_by).not.toBeNull();
    // Its place alone: neither its title nor its season's.
    expect(place).toMatchObject(episodeTwoByPlace);
  });
});

describe("an episode without a title (announced by its number)", () => {
  const { rows, problems } = resolveEpisodes((episodes) => {
    delete episodes[1]!.title;
  });

  it("imports, named by its place alone, and search finds it by its place, for everyone", () => {
    expect(problems).toEqual([]);
    expect(episodeRow(rows!, "anime:1-2")).toMatchObject({
      title: null,
      original_title: null,
      title_revealed_by: null,
    });
    // By its place alone, as everyone may: its season's title waits for its own.
    expect(rows!.search_entries.find((entry) => entry.ref === "episode:anime:1-2")).toMatchObject(episodeTwoByPlace);
    expect(rows!.search_entries.some((entry) => entry.ref === "episode:anime:1-1")).toBe(true);
  });

  it("may not flag a title it does not have, nor give an original without a title to read", () => {
    expect(
      problemsOf((episodes) => {
        delete episodes[1]!.title;
        episodes[1]!.titleIsSpoiler = true;
      }),
    ).toEqual([expect.stringContaining("flags a title the episode does not have")]);
    expect(
      problemsOf((episodes) => {
        delete episodes[1]!.title;
        episodes[1]!.originalTitle = "嘘";
      }),
    ).toEqual([expect.stringContaining("needs a title readers can read too")]);
    expect(
      problemsOf((episodes) => {
        delete episodes[1]!.title;
        episodes[1]!.titleRevealIn = { webNovel: "wn:2-1" };
      }),
    ).toEqual([expect.stringContaining("reveals a title the episode does not have")]);
  });
});
