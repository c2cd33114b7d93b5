import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loader as homeLoader } from "~/routes/home";
import { loader as statisticsLoader } from "~/routes/statistics";
import { load } from "../support/workers-context";

/**
 * What the page showed when it aggregated the content per request: the reference the numbers computed
 * at import must match.
 */
async function aggregatedPerRequest() {
  const [arcs, months, years, introductions] = await env.DB.batch([
    env.DB.prepare(
      `SELECT a.number AS arc, COUNT(c.key) AS chapters, COALESCE(SUM(c.word_count), 0) AS words
         FROM arcs a LEFT JOIN chapters c ON c.arc_number = a.number GROUP BY a.number ORDER BY a.number`,
    ),
    env.DB.prepare(
      `SELECT substr(published_on, 1, 7) AS month, COUNT(*) AS chapters FROM chapters GROUP BY month ORDER BY month`,
    ),
    env.DB.prepare(
      `WITH per_year AS (SELECT substr(released_jp, 1, 4) AS year, COUNT(*) AS volumes FROM ln_volumes GROUP BY year)
       SELECT p.year, p.volumes,
              (SELECT COUNT(*) FROM chapters c WHERE EXISTS (
                 SELECT 1 FROM ln_volumes v JOIN chapters f ON f.key = v.adapts_from JOIN chapters t ON t.key = v.adapts_to
                  WHERE substr(v.released_jp, 1, 4) <= p.year AND c.position BETWEEN f.position AND t.position)) AS adapted,
              (SELECT COUNT(*) FROM chapters) AS total
         FROM per_year p ORDER BY p.year`,
    ),
    env.DB.prepare(
      `SELECT c.arc_number AS arc, COUNT(*) AS characters FROM characters ch JOIN chapters c ON c.key = ch.first_web_novel
        GROUP BY c.arc_number ORDER BY c.arc_number`,
    ),
  ]);
  return { arcs: arcs!.results, months: months!.results, years: years!.results, introductions: introductions!.results };
}

const sum = (rows: unknown[], column: string) =>
  rows.reduce<number>((total, row) => total + Number((row as Record<string, unknown>)[column]), 0);

describe("statistics computed when content is imported", () => {
  it("match what aggregating the content per request gave", async () => {
    const page = await load(statisticsLoader, "/statistics");
    const reference = await aggregatedPerRequest();
    expect(reference.arcs.length).toBeGreaterThan(0);
    expect(reference.years.length).toBeGreaterThan(0);
    expect(page.releases.by).toBe("month");
    const months = page.releases.bars.map((bar) => ({ month: bar.from, chapters: bar.chapters }));
    expect({ arcs: page.arcs, months, years: page.years, introductions: page.introductions }).toEqual(reference);
    expect(page.totals).toEqual({
      chapters: sum(reference.arcs, "chapters"),
      words: sum(reference.arcs, "words"),
      chapters_without_words: 0,
      chapters_without_month: 0,
      volumes_undated: 0,
    });
  });

  it("give home the same totals as counting every table", async () => {
    const home = await load(homeLoader, "/");
    const counted = await env.DB.prepare(
      `SELECT (SELECT COUNT(*) FROM arcs) AS arcs, (SELECT COUNT(*) FROM chapters) AS chapters,
              (SELECT COALESCE(SUM(word_count), 0) FROM chapters) AS words, (SELECT COUNT(*) FROM ln_volumes) AS volumes,
              (SELECT COUNT(*) FROM side_stories) AS side_stories, (SELECT COUNT(*) FROM anime_episodes) AS episodes,
              (SELECT COUNT(*) FROM break_time_episodes) AS shorts, (SELECT COUNT(*) FROM characters) AS characters`,
    ).first();
    expect(home.counts).toEqual({
      ...counted,
      chapters_without_words: 0,
      chapters_without_month: 0,
      volumes_undated: 0,
    });
  });

  it("read a handful of stored rows, not every chapter and volume", async () => {
    const [stored] = await env.DB.batch([
      env.DB.prepare("SELECT chart, label, value FROM content_statistics ORDER BY chart, position"),
    ]);
    expect(stored!.meta.rows_read).toBe(stored!.results.length);
    // One row per bar the pages draw (two series per arc and per year), the eight totals of home and the
    // three counts of what they lack.
    const page = await load(statisticsLoader, "/statistics");
    const bars = page.arcs.length * 2 + page.releases.bars.length + page.years.length * 2 + page.introductions.length;
    expect(stored!.results.length).toBe(bars + 11);
  });

  it("count mistakes per request, so entries published from reports are in them", async () => {
    const before = await load(statisticsLoader, "/statistics");
    const volume = await env.DB.prepare(
      "SELECT v.key, c.name || ' ' || v.number AS label FROM ln_volumes v JOIN ln_collections c ON c.code = v.collection_code LIMIT 1",
    ).first<{ key: string; label: string }>();
    const row = await env.DB.prepare("SELECT * FROM ln_mistakes WHERE source = 'pack' LIMIT 1").first<
      Record<string, unknown>
    >();
    if (!volume || !row) throw new Error("The test pack has no light novel volume or entry");
    const columns = Object.keys(row).filter(
      (column) =>
        column !== "seq" && column !== "id" && column !== "source" && column !== "volume_key" && column !== "severity",
    );
    await env.DB.prepare(
      `INSERT INTO ln_mistakes (id, source, volume_key, severity, ${columns.join(", ")}) VALUES (?, 'report', ?, 'plot_relevant', ${columns.map(() => "?").join(", ")})`,
    )
      .bind("from-a-report", volume.key, ...columns.map((column) => row[column]))
      .run();
    const after = await load(statisticsLoader, "/statistics");
    const count = (page: typeof before) =>
      page.mistakes.rows.find((entry) => entry.label === volume.label)?.plot_relevant ?? 0;
    expect(count(after)).toBe(count(before) + 1);
  });

  it("keep every chart to at most 24 bars however long the series grows, every count kept", async () => {
    // A series ten times longer than any pack here: 70 arcs, 60 years of releases (which the import
    // counts per year, pack/statistics.ts), 66 years of volumes.
    const rows: Array<[string, number, string, number]> = [];
    for (let arc = 1; arc <= 70; arc++) {
      rows.push(
        ["arc_chapters", arc, String(arc), 30],
        ["arc_words", arc, String(arc), 90_000],
        ["arc_introductions", arc, String(arc), 2],
      );
    }
    for (let year = 0; year < 60; year++) rows.push(["year_chapters", year, String(1960 + year), 36]);
    for (let year = 0; year < 66; year++)
      rows.push(
        ["year_volumes", year, String(1960 + year), 3],
        ["year_adapted", year, String(1960 + year), 30 * (year + 1)],
      );
    const stored = await env.DB.prepare("SELECT chart, position, label, value FROM content_statistics").all<{
      chart: string;
      position: number;
      label: string;
      value: number;
    }>();
    const replace = (values: Array<[string, number, string, number]>) => [
      env.DB.prepare("DELETE FROM content_statistics WHERE chart != 'totals'"),
      ...values.map((row) =>
        env.DB.prepare("INSERT INTO content_statistics (chart, position, label, value) VALUES (?, ?, ?, ?)").bind(
          ...row,
        ),
      ),
    ];
    await env.DB.batch(replace(rows));
    try {
      const page = await load(statisticsLoader, "/statistics");
      for (const bars of [page.arcs, page.releases.bars, page.years, page.introductions])
        expect(bars.length).toBeLessThanOrEqual(24);
      expect(page.releases.by).toBe("year");
      expect(sum(page.arcs, "chapters")).toBe(70 * 30);
      expect(sum(page.introductions, "characters")).toBe(140);
      expect(sum(page.releases.bars, "chapters")).toBe(60 * 36);
      expect(sum(page.years, "volumes")).toBe(66 * 3);
      expect(page.totals).toMatchObject({ chapters: 70 * 30, words: 70 * 90_000 });
      // A range of years shows the running total reached at its end.
      expect(page.years.at(-1)).toMatchObject({ lastYear: "2025", adapted: 30 * 66 });
      expect(page.arcs[0]).toMatchObject({ arc: 1, lastArc: 3, chapters: 90 });
    } finally {
      await env.DB.batch(
        replace(
          stored.results
            .filter((row) => row.chart !== "totals")
            .map((row) => [row.chart, row.position, row.label, row.value]),
        ),
      );
    }
  });
  it("draw a timeline stored by an older import, months with a chapter only, filled and past ten years per year", async () => {
    const stored = await env.DB.prepare(
      "SELECT chart, position, label, value FROM content_statistics WHERE chart IN ('month_chapters', 'year_chapters')",
    ).all<{ chart: string; position: number; label: string; value: number }>();
    const replace = (rows: Array<[string, number, string, number]>) =>
      env.DB.batch([
        env.DB.prepare("DELETE FROM content_statistics WHERE chart IN ('month_chapters', 'year_chapters')"),
        ...rows.map((row) =>
          env.DB.prepare("INSERT INTO content_statistics (chart, position, label, value) VALUES (?, ?, ?, ?)").bind(
            ...row,
          ),
        ),
      ]);
    try {
      // Twenty years, a chapter in every other month: 120 months stored, 240 between the first and the last.
      const older = Array.from({ length: 120 }, (_, index): [string, number, string, number] => [
        "month_chapters",
        index,
        `${2000 + Math.floor((index * 2) / 12)}-${String(((index * 2) % 12) + 1).padStart(2, "0")}`,
        2,
      ]);
      await replace(older);
      const long = await load(statisticsLoader, "/statistics");
      expect(long.releases.by).toBe("year");
      expect(long.releases.bars.map((bar) => bar.from)).toEqual(
        Array.from({ length: 20 }, (_, year) => `${2000 + year}`),
      );
      expect(sum(long.releases.bars, "chapters")).toBe(240);

      await replace([
        ["month_chapters", 0, "2014-11", 3],
        ["month_chapters", 1, "2015-02", 1],
      ]);
      const short = await load(statisticsLoader, "/statistics");
      expect(short.releases).toEqual({
        by: "month",
        bars: ["2014-11", "2014-12", "2015-01", "2015-02"].map((month, index) => ({
          from: month,
          to: month,
          chapters: [3, 0, 0, 1][index],
        })),
      });
    } finally {
      await replace(stored.results.map((row) => [row.chart, row.position, row.label, row.value]));
    }
  });
});
