import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatProblem, parsePack, resolvePack } from "../index";

/*
 * A season in parts, runtimes and air times, checked on the tiny pack (one season of episodes 1 and 2,
 * here without its parts, runtimes and air times, and given episodes 3 and 4): each shape the check refuses, with the sentence it says.
 */

function resolveAnime(change: (season: any) => void) {
  const parsed = parsePack((file) => {
    const json = JSON.parse(readFileSync(`tests/fixtures/packs/tiny/${file}`, "utf8"));
    if (file === "anime.json") {
      // The season as it would be without parts, runtimes or air times.
      const season = json.seasons[0];
      for (const field of ["parts", "timeZone", "runtime"]) delete season[field];
      const [first] = season.episodes;
      delete first.airedAt;
      delete first.runtime;
      first.airedOn = "2020-04-01";
      const [, second] = season.episodes;
      for (const [number, airedOn] of [
        [3, "2020-07-01"],
        [4, "2020-07-08"],
      ] as const)
        season.episodes.push({ ...second, number, title: `Episode ${number}`, airedOn, changes: [] });
      change(season);
    }
    return { json };
  });
  if (!parsed.pack) return { rows: null, problems: parsed.problems.map(formatProblem) };
  const { rows, problems } = resolvePack(parsed.pack, "tiny");
  return { rows, problems: problems.map(formatProblem) };
}

const problemsOf = (change: (season: any) => void) => resolveAnime(change).problems;

/** Season 1 in two parts: episodes 1–2 in April, 3–4 in July. */
const inTwoParts = (season: any) => {
  season.parts = [
    { number: 1, episodes: { from: 1, to: 2 } },
    { number: 2, title: "The Summer Cour", episodes: { from: 3, to: 4 }, externalIds: { myAnimeList: 9900109 } },
  ];
};

describe("a season in parts", () => {
  it("puts each episode in its part, dates each part by its episodes and lists a part's own id", () => {
    const { rows, problems } = resolveAnime(inTwoParts);
    expect(problems).toEqual([]);
    expect(rows?.anime_season_parts).toEqual([
      expect.objectContaining({
        number: 1,
        first_episode: 1,
        last_episode: 2,
        aired_from: "2020-04-01",
        aired_to: "2020-04-08",
      }),
      expect.objectContaining({
        number: 2,
        title: "The Summer Cour",
        title_revealed_by: null,
        aired_from: "2020-07-01",
        aired_to: "2020-07-08",
      }),
    ]);
    expect(rows?.anime_episodes.map((episode) => episode.part_number)).toEqual([1, 1, 2, 2]);
    expect(rows?.external_ids.filter((row) => row.list === "anime").map((row) => row.target)).toEqual(["1", "1:3-4"]);
  });

  it("gates a part's title where the pack says it stops being a spoiler", () => {
    const { rows } = resolveAnime((season) => {
      inTwoParts(season);
      season.parts[1].titleRevealAt = "anime:1-4";
    });
    expect(rows?.anime_season_parts[1]?.title_revealed_by).toContain("anime:1-4");
  });

  it("refuses parts that overlap", () => {
    expect(
      problemsOf((season) => {
        inTwoParts(season);
        season.parts[1].episodes.from = 2;
      }),
    ).toEqual([
      "anime.json › seasons[0].parts[1].episodes: episodes 2 to 4 overlap part 1 (episodes 1 to 2): each episode is in one part, so part 2 begins after episode 2",
    ]);
  });

  it("refuses parts that leave an episode out", () => {
    expect(
      problemsOf((season) => {
        inTwoParts(season);
        season.parts[1].episodes.from = 4;
      }),
    ).toEqual([
      "anime.json › seasons[0].parts: leave out episode 3: every episode of a season in parts is in one of them (part 1, episodes 1 to 2; part 2, episode 4)",
    ]);
  });

  it("refuses parts listed out of airing order", () => {
    expect(problemsOf((season) => inTwoParts(season) ?? season.parts.reverse())).toEqual([
      "anime.json › seasons[0].parts[1].episodes: episodes 1 to 2 come before part 2 (episodes 3 to 4): list the parts in the order they aired",
    ]);
  });

  it("refuses a part that names an episode the season does not have", () => {
    expect(
      problemsOf((season) => {
        inTwoParts(season);
        season.parts[1].episodes.to = 5;
      }),
    ).toEqual([
      "anime.json › seasons[0].parts[1].episodes: names episode 5, which season 1 does not have: a part runs from one of the season's episodes to another, numbered as the season numbers them",
    ]);
  });

  it("refuses a part whose episodes run backwards", () => {
    expect(
      problemsOf((season) => {
        inTwoParts(season);
        season.parts[1].episodes = { from: 4, to: 3 };
      }),
    ).toEqual(["anime.json › seasons[0].parts[1].episodes: runs backwards: episode 4 comes after episode 3"]);
  });

  it("refuses two parts with one number", () => {
    expect(
      problemsOf((season) => {
        inTwoParts(season);
        season.parts[1].number = 1;
      }),
    ).toEqual(["anime.json › seasons[0].parts[1].number: season 1 has two parts numbered 1"]);
  });

  it("refuses a part whose dates run before the previous one's", () => {
    expect(
      problemsOf((season) => {
        inTwoParts(season);
        season.parts[1].airedFrom = "2020-03";
      }),
    ).toEqual([
      "anime.json › seasons[0].parts[1].airedFrom: part 2 begins 2020-03, before part 1 ended (2020-04-08): a part airs after the one before it, so correct the dates or the order of the parts",
    ]);
  });

  it("refuses a part whose own dates run backwards", () => {
    expect(
      problemsOf((season) => {
        inTwoParts(season);
        Object.assign(season.parts[1], { airedFrom: "2020-07-01", airedTo: "2020-06" });
      }),
    ).toEqual(["anime.json › seasons[0].parts[1].airedTo: runs backwards: 2020-06 comes before 2020-07-01"]);
  });

  it("refuses a title gate on a part without a title", () => {
    expect(
      problemsOf((season) => {
        inTwoParts(season);
        season.parts[0].titleRevealAt = "anime:1-2";
      }),
    ).toEqual([
      "anime.json › seasons[0].parts[0].titleRevealAt: gates a title the part does not have: give the part a title, or leave titleRevealAt out",
    ]);
  });
});

describe("runtimes", () => {
  it("are kept per season and per episode, and unknown stays null", () => {
    const { rows } = resolveAnime((season) => {
      season.runtime = 24;
      season.episodes[0].runtime = 90;
    });
    expect(rows?.anime_seasons[0]?.runtime).toBe(24);
    expect(rows?.anime_episodes.map((episode) => episode.runtime)).toEqual([90, null, null, null]);
  });

  it("refuses a negative runtime", () => {
    expect(problemsOf((season) => (season.episodes[0].runtime = -24))).toEqual([
      "anime.json › seasons[0].episodes[0].runtime: -24 is not a runtime: an episode runs at least 1 minute (leave runtime out when it is not known)",
    ]);
  });

  it("refuses an absurd runtime", () => {
    expect(problemsOf((season) => (season.runtime = 1440))).toEqual([
      "anime.json › seasons[0].runtime: 1440 minutes is more than 600 (ten hours): a runtime is written in minutes, not seconds",
    ]);
  });

  it("refuses a runtime that is not whole minutes", () => {
    expect(problemsOf((season) => (season.episodes[1].runtime = 23.5))).toEqual([
      "anime.json › seasons[0].episodes[1].runtime: 23.5 is not a whole number of minutes: round it (a runtime is in minutes)",
    ]);
  });
});

describe("air times", () => {
  const airedAt = (at: string, zone: object = { timeZone: "Asia/Tokyo" }) =>
    resolveAnime((season) => {
      Object.assign(season, zone);
      delete season.episodes[0].airedOn;
      season.episodes[0].airedAt = at;
    });

  it("keep the broadcaster's date, its clock time and its zone", () => {
    const { rows, problems } = airedAt("2020-04-02T00:30");
    expect(problems).toEqual([]);
    expect(rows?.anime_episodes[0]).toMatchObject({
      aired_on: "2020-04-02",
      aired_time: "00:30",
      time_zone: "Asia/Tokyo",
    });
    expect(rows?.anime_episodes[1]).toMatchObject({ aired_on: "2020-04-08", aired_time: null, time_zone: null });
  });

  it("read a part's time zone before its season's", () => {
    const { rows } = resolveAnime((season) => {
      inTwoParts(season);
      season.timeZone = "Asia/Tokyo";
      season.parts[1].timeZone = "America/Los_Angeles";
      delete season.episodes[3].airedOn;
      season.episodes[3].airedAt = "2020-07-08T09:00";
    });
    expect(rows?.anime_episodes[3]).toMatchObject({ time_zone: "America/Los_Angeles" });
  });

  it("refuse a broadcast written past midnight as hour 24 and up, saying how to write it", () => {
    expect(airedAt("2020-04-01T24:30").problems).toEqual([
      "anime.json › seasons[0].episodes[0].airedAt: 2020-04-01T24:30 has no hour 24: a broadcast listed as 24:30 on 2020-04-01 is written as the day its clock showed, 2020-04-02T00:30",
    ]);
  });

  it("refuse a time that is not one", () => {
    expect(airedAt("2020-04-01 23:30").problems).toEqual([
      "anime.json › seasons[0].episodes[0].airedAt: must be the broadcast's local date and time written YYYY-MM-DDTHH:MM, such as 2020-04-05T00:30",
    ]);
    expect(airedAt("2020-04-01T23:60").problems).toEqual([
      "anime.json › seasons[0].episodes[0].airedAt: 2020-04-01T23:60 has no minute 60: a minute is 00 to 59",
    ]);
  });

  it("refuse an unknown time zone", () => {
    expect(airedAt("2020-04-01T23:30", { timeZone: "Asia/Tokio" }).problems).toEqual([
      "anime.json › seasons[0].timeZone: Asia/Tokio is not a time zone: write the broadcaster's IANA time zone, such as Asia/Tokyo or America/New_York (not an abbreviation such as JST, nor an offset)",
    ]);
  });

  it("refuse a time zone not written as the IANA list writes it", () => {
    expect(airedAt("2020-04-01T23:30", { timeZone: "asia/tokyo" }).problems).toEqual([
      "anime.json › seasons[0].timeZone: asia/tokyo is not a time zone as the IANA list writes it: write Asia/Tokyo",
    ]);
  });

  it("refuse a local time without a time zone to read it in", () => {
    expect(airedAt("2020-04-01T23:30", {}).problems).toEqual([
      'anime.json › seasons[0].episodes[0].airedAt: 2020-04-01T23:30 is a local time, but neither season 1 nor its part says in which time zone: give the broadcaster\'s "timeZone" (such as "Asia/Tokyo") on the season or the part',
    ]);
  });

  it("refuse a date given twice", () => {
    expect(
      problemsOf((season) => {
        season.timeZone = "Asia/Tokyo";
        season.episodes[0].airedAt = "2020-04-01T23:30";
      }),
    ).toEqual([
      "anime.json › seasons[0].episodes[0].airedOn: is given with airedAt: an episode gives the day it aired (airedOn) or, where the hour is known, its local date and time (airedAt), not both",
    ]);
  });
});
