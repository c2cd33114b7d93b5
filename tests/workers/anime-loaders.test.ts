import { describe, expect, it } from "vitest";
import { loader as animeLoader } from "~/routes/anime";
import { loader as breakTimeLoader } from "~/routes/break-time";
import { importTestPack } from "../support/packs";
import { load, present, status } from "../support/workers-context";

/*
 * /anime against the imported tiny pack: episode 1 adapts wn:1-1 to wn:1-2, episode 2 only wn:2-1,
 * so wn:1-3 (whose title is a spoiler) is skipped before episode 2, which also has an anime-original
 * scene written in the pack.
 */
describe("the anime page's loader", () => {
  it("gives each episode what it adapts, its volumes, shorts, mistake count and what the adaptation skipped", async () => {
    const { selectedSeason, episodes, episodeCount, shortCount } = await load(animeLoader, "/anime");
    expect([selectedSeason, episodeCount, shortCount]).toEqual([1, 2, 1]);
    const [first, second] = episodes;
    expect(first).toMatchObject({
      key: "anime:1-1",
      // An episode's title waits for its viewers (and those who reached its place another way).
      title: { revealedBy: expect.arrayContaining(["anime:1-1", "titles"]), content: null },
      position: 2,
      adapts: {
        chapters: [
          { from: { key: "wn:1-1", label: "Arc 1 · Prologue" }, to: { key: "wn:1-2", label: "Arc 1 · Chapter 1" } },
        ],
        sideStories: [],
      },
      original: null,
      volumes: [{ key: "ln:main-1", label: "Tiny Tale 1" }],
      // The short's title is revealed by the short or by anything that reveals its episode; sealed here.
      shorts: [
        {
          key: "bt:1-1",
          number: 1,
          // The recut's episode that holds episode 1 reveals it too (decision 45).
          title: { revealedBy: ["bt:1-1", "anime:1-1", "anime:1r1-1", "wn:1-2", "ln:main-1"], content: null },
          airedOn: null,
        },
      ],
      mistakeCount: 1,
      changes: [],
      // The recut's episode that shows it whole, so a viewer of that episode is told they watched it (decision 45).
      heldBy: ["anime:1r1-1"],
    });
    // The pack lists no volumes for it: they are found from the volumes' ranges (ln:main-2 adapts wn:2-1).
    expect(second).toMatchObject({
      key: "anime:1-2",
      position: 4,
      mistakeCount: 1,
      volumes: [{ key: "ln:main-2", label: "Tiny Tale 2" }],
      heldBy: ["anime:1r1-2"],
    });
    expect(second?.changes).toEqual([
      {
        kind: "skipped",
        chapters: {
          from: { key: "wn:1-3", label: "Arc 1 · Chapter 2" },
          to: { key: "wn:1-3", label: "Arc 1 · Chapter 2" },
          count: 1,
        },
        note: null,
        computed: true,
      },
      // The pack's note is revealed by what reveals the episode: the episode, the chapter it reaches, or the volume that covers that chapter.
      {
        kind: "added",
        chapters: null,
        note: { revealedBy: ["anime:1-2", "anime:1r1-2", "wn:2-1", "ln:main-2"], content: null },
        computed: false,
      },
    ]);
  });

  it("sums each season up without anything gated in it: dates, arcs, volumes and how much was skipped", async () => {
    const { seasons, season, episodes } = await load(animeLoader, "/anime?season=1&reveal=all");
    const overview = present(season);
    // The card of every season says only what it holds and when it aired.
    expect(seasons).toEqual([
      {
        number: 1,
        title: overview.title,
        episodeCount: overview.episodeCount,
        firstAired: overview.firstAired,
        lastAired: overview.lastAired,
        partCount: 2,
      },
    ]);
    expect(overview).toEqual({
      number: 1,
      title: "Tiny Tale",
      runtime: 24,
      parts: [
        {
          number: 1,
          title: null,
          firstEpisode: 1,
          lastEpisode: 1,
          episodes: "Episode 1",
          airedFrom: "2020-04-02",
          airedTo: "2020-04-02",
        },
        {
          number: 2,
          // Its title waits where the pack gates it, whatever the reader's choice of titles.
          title: { revealedBy: ["anime:1-2", "anime:1r1-2", "wn:2-1", "ln:main-2"], content: "Down the Hall" },
          firstEpisode: 2,
          lastEpisode: 2,
          episodes: "Episode 2",
          airedFrom: "2020-04-08",
          airedTo: "2020-04-08",
        },
      ],
      episodeCount: 2,
      firstAired: "2020-04-02",
      lastAired: "2020-04-08",
      arcs: [
        { number: 1, title: { revealedBy: null, content: "The Door" } },
        { number: 2, title: { revealedBy: null, content: "The Hall" } },
      ],
      volumes: [
        { key: "ln:main-1", label: "Tiny Tale 1" },
        { key: "ln:main-2", label: "Tiny Tale 2" },
      ],
      skippedChapters: 1,
      shortCount: 1,
      // A viewer of the whole season reads on from the chapter after the last one it adapts.
      lastEpisode: "anime:1-2",
      readOn: { key: "wn:2-2", label: "Arc 2 · Epilogue" },
    });
    // The overview is shown to everyone, so it holds none of what the shield gates with an episode.
    const gated = [
      ...episodes.flatMap((episode) => episode.shorts.map((short) => short.title!.content)),
      ...episodes.flatMap((episode) => episode.changes.flatMap((change) => (change.note ? [change.note.content] : []))),
      "The Keeper Lied",
    ];
    expect(gated).toEqual(["Snack Time", "An anime-original chase along the corridor.", "The Keeper Lied"]);
    for (const text of gated) expect(JSON.stringify(overview)).not.toContain(text);
    // Episode titles spoil nothing of themselves: there for their viewers, and for everyone who chose to see them.
    const titlesAt = async (reveal: string) =>
      (await load(animeLoader, `/anime?reveal=${reveal}`)).episodes.map((episode) => episode.title?.content?.title);
    expect(await titlesAt("anime:1-1")).toEqual(["Knock Knock", undefined]);
    expect(await titlesAt("titles")).toEqual(["Knock Knock", "The Lie"]);
  });

  it("counts each chapter the season left out once, where a skip the pack writes overlaps a gap the import found", async () => {
    // Episode 2 says it skips wn:1-3 (the gap found before it) and wn:2-1 (inside its own range).
    await importTestPack("tiny", {
      edit: (files) =>
        files["anime.json"].seasons[0].episodes[1].changes.push({
          kind: "skipped",
          chapters: { from: "wn:1-3", to: "wn:2-1" },
          note: "The lie at the door is told in a line.",
        }),
    });
    try {
      const { season, episodes } = await load(animeLoader, "/anime?season=1");
      expect(
        episodes[1]?.changes.flatMap((change) => (change.kind === "skipped" ? [change.chapters?.count] : [])),
      ).toEqual([1, 2]);
      expect(present(season).skippedChapters).toBe(2);
    } finally {
      await importTestPack("tiny");
    }
  });

  it("gives each episode its part, its broadcaster's date and local time, and its runtime where it is not the season's", async () => {
    const { episodes } = await load(animeLoader, "/anime");
    expect(
      episodes.map(({ part, airedOn, airedTime, runtime, runtimeDiffers }) => ({
        part,
        airedOn,
        airedTime,
        runtime,
        runtimeDiffers,
      })),
    ).toEqual([
      // Listed as 24:30 on 1 April, it aired on the 2nd by the broadcaster's clock, double length.
      {
        part: 1,
        airedOn: "2020-04-02",
        airedTime: { time: "00:30", timeZone: "Asia/Tokyo" },
        runtime: 48,
        runtimeDiffers: true,
      },
      { part: 2, airedOn: "2020-04-08", airedTime: null, runtime: 24, runtimeDiffers: false },
    ]);
  });

  it("keeps a gated part title out of the page until the reader reaches where it is revealed", async () => {
    const titleAt = async (reveal: string) =>
      present((await load(animeLoader, `/anime?reveal=${reveal}`)).season).parts[1]?.title?.content ?? null;
    expect(await titleAt("titles")).toBeNull();
    expect(await titleAt("anime:1-1")).toBeNull();
    expect(await titleAt("anime:1-2")).toBe("Down the Hall");
  });

  it("shows one season at a time and answers 404 for a season that is not there", async () => {
    expect(await status(animeLoader, "/anime?season=2")).toBe(404);
    expect(await status(animeLoader, "/anime?season=one")).toBe(404);
    expect(await status(animeLoader, "/anime?season=01")).toBe(404);
  });

  it("Break Time gives each main episode its story position, for the shield and 'I have watched up to here'", async () => {
    const { episodes } = await load(breakTimeLoader, "/break_time");
    expect(episodes.map((episode) => [episode.key, episode.position, episode.shorts.length])).toEqual([
      ["anime:1-1", 2, 1],
      ["anime:1-2", 4, 0],
    ]);
  });

  it("Break Time shows one season at a time, with every season's counts, and answers 404 for a season that is not there", async () => {
    const page = await load(breakTimeLoader, "/break_time?season=1");
    expect(page.selectedSeason).toBe(1);
    expect(page.seasons.map((season) => [season.number, season.episodeCount, season.shortCount])).toEqual([[1, 2, 1]]);
    expect(page.shortCount).toBe(1);
    expect(await status(breakTimeLoader, "/break_time?season=2")).toBe(404);
    expect(await status(breakTimeLoader, "/break_time?season=x")).toBe(404);
  });

  it("Break Time lists a short that accompanies no episode on its own, its title and discussion revealed by it alone", async () => {
    await importTestPack("tiny", {
      edit: (files) =>
        files["anime.json"].breakTime.push({ season: 1, number: 2, title: "Moth on Holiday", readAfter: "anime:1-2" }),
    });
    try {
      const page = await load(breakTimeLoader, "/break_time?season=1");
      expect(page.episodes.map((episode) => episode.shorts.map((short) => short.key))).toEqual([["bt:1-1"], []]);
      expect(page.onTheirOwn.map((short) => [short.key, short.title!.revealedBy, short.discussion.revealedBy])).toEqual(
        [["bt:1-2", ["bt:1-2", "titles"], ["bt:1-2"]]],
      );
      expect(page.shortCount).toBe(2);
      // Watching every episode does not reveal it; ticking it does.
      const watched = await load(breakTimeLoader, "/break_time?season=1&reveal=anime:1-2");
      expect(watched.onTheirOwn[0]?.title!.content).toBeNull();
      const ticked = await load(breakTimeLoader, "/break_time?season=1&reveal=bt:1-2");
      expect(ticked.onTheirOwn[0]?.title!.content).toBe("Moth on Holiday");
    } finally {
      await importTestPack("tiny");
    }
  });
});
