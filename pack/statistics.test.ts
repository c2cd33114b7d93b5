import { describe, expect, it } from "vitest";
import { MAX_MONTHS } from "../app/lib/content/chart-ranges";
import { statisticsRows } from "./statistics";
import type { ChapterRow, PackRows } from "./rows";

/** The tables the statistics read beside the web novel's, empty. */
const noRows = {
  ln_volumes: [],
  characters: [],
  side_stories: [],
  anime_seasons: [],
  anime_episodes: [],
  anime_recuts: [],
  anime_recut_episodes: [],
  anime_specials: [],
  break_time_episodes: [],
  manga_series: [],
  manga_volumes: [],
  manga_chapters: [],
};

/** A pack of one arc whose chapters came out on these days, and nothing else. */
function packPublishedOn(days: string[]) {
  const chapters = days.map(
    (day, index) =>
      ({
        key: `wn:1-${index + 1}`,
        arc_number: 1,
        word_count: 1_000,
        published_on: day,
        position: index,
      }) as ChapterRow,
  );
  return { ...noRows, arcs: [{ number: 1 }], chapters } as unknown as Omit<
    PackRows,
    "content_statistics" | "external_ids"
  >;
}

const chart = (rows: ReturnType<typeof statisticsRows>, name: string) =>
  rows.filter((row) => row.chart === name).map(({ label, value }) => [label, value]);

describe("the release timeline the import stores", () => {
  it("has every month from the first chapter's to the last's, a month without one as 0", () => {
    const rows = statisticsRows(packPublishedOn(["2014-11-02", "2014-11-20", "2015-02-01"]));
    expect(chart(rows, "month_chapters")).toEqual([
      ["2014-11", 2],
      ["2014-12", 0],
      ["2015-01", 0],
      ["2015-02", 1],
    ]);
    expect(chart(rows, "year_chapters")).toEqual([]);
  });

  it("puts a chapter known to a quarter in no month, counting it among those the timeline lacks", () => {
    const rows = statisticsRows(packPublishedOn(["2014-11-02", "2015-Q1", "2015-02-01"]));
    expect(chart(rows, "month_chapters")).toEqual([
      ["2014-11", 1],
      ["2014-12", 0],
      ["2015-01", 0],
      ["2015-02", 1],
    ]);
    expect(Object.fromEntries(chart(rows, "totals")).chapters_without_month).toBe(1);
  });

  it("counts per year, every year, once the months run past ten years, so a long series stays a few rows", () => {
    const days = ["2010-01-05", "2010-06-05", "2016-03-01", "2031-12-31"];
    const rows = statisticsRows(packPublishedOn(days));
    expect(chart(rows, "month_chapters")).toEqual([]);
    const years = chart(rows, "year_chapters");
    expect(years).toHaveLength(2031 - 2010 + 1);
    expect(years[0]).toEqual(["2010", 2]);
    expect(years[1]).toEqual(["2011", 0]);
    expect(years.find(([year]) => year === "2016")).toEqual(["2016", 1]);
    expect(years.at(-1)).toEqual(["2031", 1]);
    expect(years.reduce((sum, [, count]) => sum + Number(count), 0)).toBe(days.length);
  });

  it("keeps ten years of months, to the month, as months", () => {
    const first = statisticsRows(packPublishedOn(["2010-01-01", "2019-12-31"]));
    expect(chart(first, "month_chapters")).toHaveLength(MAX_MONTHS);
    const over = statisticsRows(packPublishedOn(["2010-01-01", "2020-01-01"]));
    expect(chart(over, "month_chapters")).toEqual([]);
    expect(chart(over, "year_chapters")).toHaveLength(11);
  });
});

/** The rows the anime's and the manga's figures are computed from, and nothing else. */
function packOfMedia(media: Partial<PackRows>) {
  const chapters = [1, 2, 3].flatMap((arc) =>
    [1, 2].map(
      (ordinal) =>
        ({
          key: `wn:${arc}-${ordinal}`,
          arc_number: arc,
          word_count: 1,
          published_on: null,
          position: arc * 10 + ordinal,
        }) as ChapterRow,
    ),
  );
  return { ...noRows, arcs: [{ number: 1 }, { number: 2 }, { number: 3 }], chapters, ...media } as unknown as Omit<
    PackRows,
    "content_statistics" | "external_ids"
  >;
}

describe("the light novels' figures the import stores", () => {
  it("counts light novel volumes per year, a year without one as 0, with what they had adapted by its end", () => {
    const pack = packPublishedOn(["2012-04-01", "2012-05-01", "2012-06-01", "2012-07-01"]);
    const volume = (released_jp: string | null, adapts_from: string, adapts_to: string) =>
      ({ released_jp, adapts_from, adapts_to }) as PackRows["ln_volumes"][number];
    const rows = statisticsRows({
      ...pack,
      ln_volumes: [
        volume("2014-01-25", "wn:1-1", "wn:1-1"),
        volume("2014-Q3", "wn:1-2", "wn:1-2"),
        volume("2017-03", "wn:1-3", "wn:1-4"),
        volume(null, "wn:1-4", "wn:1-4"),
      ],
    });
    // The series paused for two years: the chart shows the pause.
    expect(chart(rows, "year_volumes")).toEqual([
      ["2014", 2],
      ["2015", 0],
      ["2016", 0],
      ["2017", 1],
    ]);
    expect(chart(rows, "year_adapted")).toEqual([
      ["2014", 2],
      ["2015", 2],
      ["2016", 2],
      ["2017", 4],
    ]);
    expect(Object.fromEntries(chart(rows, "totals")).volumes_undated).toBe(1);
  });
});

describe("the anime's figures the import stores", () => {
  const rows = statisticsRows(
    packOfMedia({
      anime_seasons: [{ number: 2 }, { number: 1 }, { number: 3 }] as PackRows["anime_seasons"],
      anime_episodes: [1, 1, 1, 2].map((season) => ({ season_number: season })) as PackRows["anime_episodes"],
      anime_recuts: [{ season_number: 1, number: 1 }] as PackRows["anime_recuts"],
      anime_recut_episodes: [{}, {}] as PackRows["anime_recut_episodes"],
      anime_specials: [
        { kind: "ova", released_on: "2019-04" },
        { kind: "film", released_on: "2022-08-13" },
        { kind: "ova", released_on: "2022" },
        { kind: "special", released_on: null },
      ] as PackRows["anime_specials"],
    }),
  );

  it("counts each season's own episodes, a season without any as 0, and its recuts' apart", () => {
    expect(chart(rows, "season_episodes")).toEqual([
      ["1", 3],
      ["2", 1],
      ["3", 0],
    ]);
    expect(Object.fromEntries(chart(rows, "anime"))).toEqual({
      seasons: 3,
      episodes: 4,
      recuts: 1,
      recut_episodes: 2,
      ovas: 2,
      specials: 1,
      films: 1,
      specials_undated: 1,
      shorts: 0,
    });
  });

  it("counts OVAs, specials and films by the year of a date at any precision, every year, the same years for each kind", () => {
    const years = ["2019", "2020", "2021", "2022"];
    expect(chart(rows, "year_ovas")).toEqual(years.map((year, index) => [year, [1, 0, 0, 1][index]]));
    expect(chart(rows, "year_films")).toEqual(years.map((year, index) => [year, [0, 0, 0, 1][index]]));
    // The undated special is in no year: counted among what the chart lacks.
    expect(chart(rows, "year_specials")).toEqual(years.map((year) => [year, 0]));
  });
});

describe("the manga's figures the import stores", () => {
  const chapter = (series: string, published_on: string | null, ranges: Array<[string, string]>) =>
    ({
      series_code: series,
      published_on,
      adapts_chapters: JSON.stringify(ranges.map(([from, to]) => ({ from, to }))),
    }) as PackRows["manga_chapters"][number];
  const rows = statisticsRows(
    packOfMedia({
      manga_series: [
        { code: "later", sort_order: 1 },
        { code: "first", sort_order: 0 },
      ] as PackRows["manga_series"],
      manga_volumes: [
        { released_on: "2019-03-25" },
        { released_on: null },
        { released_on: "2021" },
      ] as PackRows["manga_volumes"],
      manga_chapters: [
        chapter("first", "2018-10-12", [["wn:1-1", "wn:1-2"]]),
        // Ranges out of story order: the furthest chapter adapted decides the arc.
        chapter("first", "2018-11", [
          ["wn:3-1", "wn:3-1"],
          ["wn:1-2", "wn:1-2"],
        ]),
        // An extra the manga made up, or a side story told: no arc.
        chapter("first", null, []),
        chapter("later", "2021", []),
        chapter("later", "2021-02", [["wn:3-1", "wn:3-2"]]),
      ],
    }),
  );

  it("counts each series' chapters by its place, and chapters by the arc of the furthest chapter they adapt", () => {
    expect(chart(rows, "series_manga_chapters")).toEqual([
      ["1", 3],
      ["2", 2],
    ]);
    // Every arc from the first the manga reaches to the last, one it skipped as 0.
    expect(chart(rows, "arc_manga_chapters")).toEqual([
      ["1", 1],
      ["2", 0],
      ["3", 2],
    ]);
  });

  it("counts chapters and volumes per year by dates at any precision, every year, and says what has no date or arc", () => {
    expect(chart(rows, "year_manga_chapters")).toEqual([
      ["2018", 2],
      ["2019", 0],
      ["2020", 0],
      ["2021", 2],
    ]);
    expect(chart(rows, "year_manga_volumes")).toEqual([
      ["2019", 1],
      ["2020", 0],
      ["2021", 1],
    ]);
    expect(Object.fromEntries(chart(rows, "manga"))).toEqual({
      series: 2,
      volumes: 3,
      chapters: 5,
      chapters_undated: 1,
      volumes_undated: 1,
      chapters_without_arc: 2,
    });
  });

  it("counts a volume known to a quarter in its year", () => {
    const quarters = statisticsRows(
      packOfMedia({
        manga_volumes: [
          { released_on: "2019-Q4" },
          { released_on: "2019-03-25" },
          { released_on: "2020-Q1" },
        ] as PackRows["manga_volumes"],
      }),
    );
    expect(chart(quarters, "year_manga_volumes")).toEqual([
      ["2019", 2],
      ["2020", 1],
    ]);
  });

  it("stores no manga figures but its zero totals for a pack without a manga", () => {
    const none = statisticsRows(packOfMedia({}));
    for (const name of ["series_manga_chapters", "arc_manga_chapters", "year_manga_chapters", "year_manga_volumes"])
      expect(chart(none, name)).toEqual([]);
    expect(chart(none, "manga").every(([, value]) => value === 0)).toBe(true);
  });
});
