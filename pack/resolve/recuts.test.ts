import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatProblem, parsePack, resolvePack } from "../index";
import { loadPack } from "../folder";

/*
 * Recuts of a season (decision 45), checked on the tiny pack (one season, here given episodes 3 and 4):
 * what each recut episode holds, what reveals what, and each shape the check refuses with its sentence.
 */

function resolveAnime(change: (season: any) => void) {
  const parsed = parsePack((file) => {
    const json = JSON.parse(readFileSync(`tests/fixtures/packs/tiny/${file}`, "utf8"));
    if (file === "anime.json") {
      const season = json.seasons[0];
      delete season.parts;
      const [, second] = season.episodes;
      for (const number of [3, 4]) season.episodes.push({ ...second, number, title: `Episode ${number}`, changes: [] });
      change(season);
    }
    return { json };
  });
  if (!parsed.pack) return { rows: null, problems: parsed.problems.map(formatProblem) };
  const { rows, problems } = resolvePack(parsed.pack, "tiny");
  return { rows, problems: problems.map(formatProblem) };
}

const problemsOf = (change: (season: any) => void) => resolveAnime(change).problems;

/** A recut of the tiny season: episodes 1–2, then episode 3 split in two, the second part with episode 4. */
const recut =
  (episodes: unknown[], extra: object = {}) =>
  (season: any) => {
    season.recuts = [{ number: 1, title: "Tiny Tale: Recut", runtime: 48, episodes, ...extra }];
  };
const soundRecut = recut([
  { number: 1, title: "Both Doors", contains: [{ from: 1, to: 2 }], newScenes: [{ note: "A new walk home." }] },
  { number: 2, title: "Half a Lie", airedOn: "2021-01", contains: [{ episode: 3, part: 1, of: 2 }] },
  { number: 3, title: "The Rest", contains: [{ episode: 3, part: 2, of: 2 }, { episode: 4 }] },
]);

const revealersOf = (rows: NonNullable<ReturnType<typeof resolveAnime>["rows"]>, key: string) =>
  rows.story_units.find((unit) => unit.key === key)?.revealed_by.split(" ") ?? [];

describe("a recut of a season", () => {
  it("stores the recut, its episodes and what each holds, on a line of its own", () => {
    const { rows, problems } = resolveAnime(soundRecut);
    expect(problems).toEqual([]);
    expect(rows?.anime_recuts).toEqual([
      expect.objectContaining({
        season_number: 1,
        number: 1,
        title: "Tiny Tale: Recut",
        runtime: 48,
        aired_from: "2021-01",
      }),
    ]);
    const episodes = rows!.anime_recut_episodes;
    expect(episodes.map((episode) => episode.key)).toEqual(["anime:1r1-1", "anime:1r1-2", "anime:1r1-3"]);
    expect(JSON.parse(episodes[0]!.contents)).toEqual([
      { episode: "anime:1-1", part: null, of: null, complete: true },
      { episode: "anime:1-2", part: null, of: null, complete: true },
    ]);
    expect(JSON.parse(episodes[1]!.contents)).toEqual([{ episode: "anime:1-3", part: 1, of: 2, complete: false }]);
    expect(JSON.parse(episodes[0]!.new_scenes)).toEqual([
      { note: "A new walk home.", chaptersFrom: null, chaptersTo: null, revealedBy: null },
    ]);
    expect(rows!.story_units.find((unit) => unit.key === "anime:1r1-2")).toMatchObject({
      medium: "anime",
      label: "Season 1 Recut · Episode 2",
      path: "/anime?season=1#s1r1e2",
    });
    expect(rows!.search_entries.find((entry) => entry.ref === "episode:anime:1r1-1")).toMatchObject({
      title: "Both Doors",
      body: "Tiny Tale: Recut",
    });
  });

  it("finds a recut's episode by its place, for everyone, its place's entry holding nothing of its title or the recut's", () => {
    const { rows } = resolveAnime(soundRecut);
    const place = rows!.search_entries.find((entry) => entry.ref === "place:episode:anime:1r1-2");
    expect(place).toEqual({
      ref: "place:episode:anime:1r1-2",
      kind: "episode",
      title: "Season 1 Recut · Episode 2",
      subtitle: "Season 1 Recut · Episode 2",
      path: "/anime?season=1#s1r1e2",
      original_title: null,
      aliases: "Season 1 Recut · Episode 2",
      body: "",
      reveal_position: expect.any(Number),
      revealed_by: null,
    });
    expect(rows!.search_entries.find((entry) => entry.ref === "episode:anime:1r1-2")?.revealed_by).toBeTruthy();
    const places = rows!.search_entries.filter((entry) => entry.ref.startsWith("place:episode:anime:1r1-"));
    expect(places).toHaveLength(3);
    expect(JSON.stringify(places)).not.toMatch(/Both Doors|Half a Lie|The Rest|Tiny Tale: Recut/);
  });

  it("finds a recut's episodes by the recut's original title, and their own, any part of either", () => {
    const { rows } = resolveAnime(
      recut(
        [
          {
            number: 1,
            title: "Both Doors",
            originalTitle: "ふたつの扉",
            contains: [{ from: 1, to: 2 }],
          },
        ],
        { originalTitle: "小さな物語　総集編" },
      ),
    );
    const entry = rows!.search_entries.find((found) => found.ref === "episode:anime:1r1-1")!;
    expect(entry).toMatchObject({ original_title: "ふたつの扉", body: expect.stringContaining("小さな物語　総集編") });
    expect(entry.aliases.split(" · ")[0]).toBe("ふたつの扉");
    // "総集" and "の扉" are found inside their runs of letters.
    expect(entry.body.split(" ")).toContain("総集");
    expect(entry.aliases.split(" ")).toContain("の扉");
  });

  it("reveals what a season's episode reveals at the recut episode that holds it to its end, and nothing at one before", () => {
    const { rows } = resolveAnime(soundRecut);
    expect(revealersOf(rows!, "anime:1-1")).toContain("anime:1r1-1");
    expect(revealersOf(rows!, "anime:1-2")).toContain("anime:1r1-1");
    // The chapter episode 2 adapts is revealed to the recut's viewers at its episode 1.
    expect(revealersOf(rows!, "wn:2-1")).toEqual(expect.arrayContaining(["anime:1-2", "anime:1r1-1"]));
    // Episode 3 is whole only at the recut's episode 3: its episode 2, with part 1 alone, reveals none of it.
    expect(revealersOf(rows!, "anime:1-3")).toContain("anime:1r1-3");
    expect(revealersOf(rows!, "anime:1-3")).not.toContain("anime:1r1-2");
    // Nothing of another medium is said to be watched by the recut: it reveals no volume of its own.
    expect(revealersOf(rows!, "anime:1r1-1")).toContain("anime:1r1-1");
  });

  it("gates a scene brought forward from a later chapter by that chapter, not by the episode's place", () => {
    const { rows, problems } = resolveAnime(
      recut([
        {
          number: 1,
          title: "Both Doors",
          contains: [{ episode: 1 }],
          newScenes: [
            { note: "A glimpse of the last night.", chapters: { from: "wn:2-2", to: "wn:2-2" } },
            { note: "A new walk home." },
            { note: "The knock, drawn again.", chapters: { from: "wn:1-1", to: "wn:1-2" } },
          ],
        },
      ]),
    );
    expect(problems).toEqual([]);
    const [later, original, earlier] = JSON.parse(rows!.anime_recut_episodes[0]!.new_scenes) as {
      revealedBy: string | null;
    }[];
    // Its viewers, and the readers of wn:2-2 in any medium; not those who only reached episode 1's place.
    const gate = later!.revealedBy!.split(" ");
    expect(gate).toEqual(expect.arrayContaining(["anime:1r1-1", "wn:2-2"]));
    expect(gate).not.toContain("anime:1-1");
    expect(gate).not.toContain("wn:1-2");
    // An anime-original scene, and one from chapters the episode has reached, go with their episode.
    expect(original!.revealedBy).toBeNull();
    expect(earlier!.revealedBy).toBeNull();
  });

  it("maps a recut's entry on MyAnimeList to the recut, by its own numbers", () => {
    const { rows, problems } = resolveAnime((season) => {
      soundRecut(season);
      season.recuts[0].externalIds = { myAnimeList: 9900150 };
    });
    expect(problems).toEqual([]);
    expect(rows?.external_ids).toContainEqual(
      expect.objectContaining({ service: "myanimelist", external_id: "9900150", medium: "anime", target: "1r1" }),
    );
  });
});

describe("the check refuses a recut that", () => {
  const episode = (number: number, contains: unknown[]) => ({ number, title: `Recut ${number}`, contains });

  it("holds an episode the season does not have", () => {
    expect(problemsOf(recut([episode(1, [{ from: 1, to: 2 }]), episode(2, [{ episode: 7 }])]))).toContain(
      "anime.json › seasons[0].recuts[0].episodes[1].contains[0]: names episode 7, which season 1 does not have: a recut holds the season's episodes by the season's own numbers",
    );
  });

  it("holds a run that runs backwards", () => {
    expect(problemsOf(recut([episode(1, [{ from: 2, to: 1 }])]))).toContain(
      "anime.json › seasons[0].recuts[0].episodes[0].contains[0]: runs backwards: episode 2 comes after episode 1",
    );
  });

  it("holds an episode twice (overlapping contents)", () => {
    expect(problemsOf(recut([episode(1, [{ from: 1, to: 2 }]), episode(2, [{ from: 2, to: 3 }])]))).toContain(
      "anime.json › seasons[0].recuts[0].episodes[1].contains: holds episode 2, but episode 2 is already held whole (seasons[0].recuts[0].episodes[0]): an episode is held once, whole or in parts numbered from 1",
    );
  });

  it("holds the season's episodes out of the order they aired", () => {
    expect(problemsOf(recut([episode(1, [{ episode: 3 }]), episode(2, [{ from: 1, to: 2 }])]))).toContain(
      "anime.json › seasons[0].recuts[0].episodes[1].contains: holds episode 1 after episode 3 (seasons[0].recuts[0].episodes[0]): a recut holds the season's episodes in the order they aired, each once",
    );
  });

  it("skips a part of a split episode, or starts one past part 1", () => {
    expect(
      problemsOf(recut([episode(1, [{ episode: 1, part: 1, of: 3 }]), episode(2, [{ episode: 1, part: 3, of: 3 }])])),
    ).toContain(
      "anime.json › seasons[0].recuts[0].episodes[1].contains: holds part 3 of 3 of episode 1 after part 1: the parts of an episode are held in order, each once (part 2 is missing)",
    );
    expect(problemsOf(recut([episode(1, [{ episode: 1, part: 2, of: 2 }])]))).toContain(
      "anime.json › seasons[0].recuts[0].episodes[0].contains: holds part 2 of 2 of episode 1, but not part 1 before it: the parts of an episode are numbered from 1",
    );
  });

  it("gives a part without how many there are", () => {
    expect(problemsOf(recut([episode(1, [{ episode: 1, part: 1 }])]))).toContain(
      'anime.json › seasons[0].recuts[0].episodes[0].contains[0].of: a part of an episode gives both "part" and "of" (how many parts the episode is split into)',
    );
  });

  it("numbers two episodes alike, or the season two recuts alike", () => {
    expect(problemsOf(recut([episode(1, [{ episode: 1 }]), episode(1, [{ episode: 2 }])]))).toContain(
      "anime.json › seasons[0].recuts[0].episodes[1].number: Tiny Tale: Recut has two episodes numbered 1",
    );
    expect(
      problemsOf((season) => {
        recut([episode(1, [{ episode: 1 }])])(season);
        season.recuts.push({ ...season.recuts[0], title: "Again" });
      }),
    ).toContain("anime.json › seasons[0].recuts[1].number: season 1 has two recuts numbered 1");
  });

  it("gives a local air time without a time zone, or a new scene from chapters that do not exist", () => {
    const problems = problemsOf(
      recut([
        {
          ...episode(1, [{ episode: 1 }]),
          airedAt: "2021-01-06T01:00",
          newScenes: [{ note: "A scene.", chapters: { from: "wn:9-1", to: "wn:9-2" } }],
        },
      ]),
    );
    expect(problems).toContain(
      'anime.json › seasons[0].recuts[0].episodes[0].airedAt: 2021-01-06T01:00 is a local time, but Tiny Tale: Recut does not say in which time zone: give the broadcaster\'s "timeZone" (such as "Asia/Tokyo") on the recut',
    );
    expect(
      problems.some((problem) =>
        problem.startsWith("anime.json › seasons[0].recuts[0].episodes[0].newScenes[0].chapters.from"),
      ),
    ).toBe(true);
  });

  it("is named as a Break Time short's episode or a translation entry's", () => {
    const parsed = parsePack((file) => {
      const json = JSON.parse(readFileSync(`tests/fixtures/packs/tiny/${file}`, "utf8"));
      if (file === "anime.json") {
        recut([episode(1, [{ episode: 1 }])])(json.seasons[0]);
        json.breakTime[0].accompanies = "anime:1r1-1";
      }
      return { json };
    });
    const problems = resolvePack(parsed.pack!, "tiny").problems.map(formatProblem);
    expect(problems).toContain(
      "anime.json › breakTime[0].accompanies: anime:1r1-1 is an episode of a recut: a short accompanies the season's own episode it aired with",
    );
  });
});

describe("the demo's recut of season 1", () => {
  it("reveals to a viewer of its episode 1 what episodes 1 and 2 reveal, and nothing of later episodes or seasons", async () => {
    const { rows, problems } = await loadPack("content/demo", "demo");
    expect(problems).toEqual([]);
    const revealedBy = (key: string) => rows!.story_units.find((unit) => unit.key === key)!.revealed_by.split(" ");
    for (const key of ["anime:1-1", "anime:1-2", "wn:1-1", "wn:1-11"]) expect(revealedBy(key)).toContain("anime:1r1-1");
    for (const key of ["anime:1-3", "wn:1-12", "anime:2-1", "wn:3-1"])
      expect(revealedBy(key)).not.toContain("anime:1r1-1");
    // Episode 10 is split: its first part is in the recut's episode 5, its end in episode 6.
    expect(revealedBy("anime:1-10")).toContain("anime:1r1-6");
    expect(revealedBy("anime:1-10")).not.toContain("anime:1r1-5");
  });

  it("reveals at its episode 3 what chapter 2-10 reveals, for the scene brought forward from it, and not what an episode reaching that chapter does", async () => {
    const { rows } = await loadPack("content/demo", "demo");
    const revealedBy = (key: string) => rows!.story_units.find((unit) => unit.key === key)!.revealed_by.split(" ");
    expect(revealedBy("wn:2-10")).toContain("anime:1r1-3");
    // Episode 7 reaches wn:2-10, but its viewer has been through chapters the scene's viewer has not.
    for (const key of ["anime:1-7", "wn:2-6", "wn:2-9", "ln:main-3"])
      expect(revealedBy(key)).not.toContain("anime:1r1-3");
  });
});

describe("the spoiler lint", () => {
  it("reads a scene brought forward from a later chapter as gated by that chapter", () => {
    const lint = (chapters?: object) => {
      const parsed = parsePack((file) => {
        const json = JSON.parse(readFileSync(`tests/fixtures/packs/tiny/${file}`, "utf8"));
        if (file === "anime.json")
          json.seasons[0].recuts[0].episodes[0].newScenes = [{ note: "Mira says she built the door.", chapters }];
        return { json };
      });
      return resolvePack(parsed.pack!, "tiny")
        .problems.map(formatProblem)
        .filter((problem) => problem.includes("newScenes[0].note: names the secret"));
    };
    expect(lint()).toHaveLength(1);
    // From the chapter that reveals it, the scene may name it: only those who know that chapter see it.
    expect(lint({ from: "wn:1-3", to: "wn:1-3" })).toEqual([]);
  });

  it("reads a recut's new scenes as gated with their episode: a secret named there before the recut reveals it is refused", () => {
    const parsed = parsePack((file) => {
      const json = JSON.parse(readFileSync(`tests/fixtures/packs/tiny/${file}`, "utf8"));
      if (file === "anime.json")
        json.seasons[0].recuts[0].episodes[0].newScenes = [{ note: "Mira says she built the door." }];
      return { json };
    });
    const problems = resolvePack(parsed.pack!, "tiny").problems.map(formatProblem);
    expect(
      problems.some((problem) =>
        problem.startsWith("anime.json › seasons[0].recuts[0].episodes[0].newScenes[0].note: names the secret"),
      ),
    ).toBe(true);
  });
});
