import { describe, expect, it } from "vitest";
import { MAX_MONTHS } from "../app/lib/content/chart-ranges";
import { statisticsRows } from "./statistics";
import type { ChapterRow, PackRows } from "./rows";

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
  const empty = { ln_volumes: [], characters: [], side_stories: [], anime_episodes: [], break_time_episodes: [] };
  return { ...empty, arcs: [{ number: 1 }], chapters } as unknown as Omit<
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
