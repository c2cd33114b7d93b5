import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as homeLoader } from "~/routes/home";
import { loader as statisticsLoader } from "~/routes/statistics";
import { importTestPack } from "../support/packs";
import { fetchSite } from "../support/site";
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
    // One row per bar the pages draw (two series per arc and per year, three per year of OVAs, specials
    // and films), the eight totals of home and the three counts of what they lack, and the anime's nine
    // figures and the manga's six.
    const page = await load(statisticsLoader, "/statistics");
    const { anime, manga } = page;
    const bars =
      page.arcs.length * 2 +
      page.releases.bars.length +
      page.years.length * 2 +
      page.introductions.length +
      anime.seasons.length +
      anime.specials.length * 3 +
      manga.series.length +
      manga.arcs.length +
      manga.chapterYears.length +
      manga.volumeYears.length;
    expect(anime.seasons.length).toBeGreaterThan(0);
    expect(manga.series.length).toBeGreaterThan(0);
    expect(stored!.results.length).toBe(bars + 11 + 9 + 6);
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
      page.mistakes.rows.find((entry) => entry.label === volume.label)?.entries ?? 0;
    expect(count(after)).toBe(count(before) + 1);
  });

  it("count each volume's translation notes in all, never by severity: the page is the same for every reader", async () => {
    const counted = await env.DB.prepare(
      `SELECT u.label, COUNT(*) AS entries FROM ln_mistakes m JOIN story_units u ON u.key = m.volume_key
        GROUP BY m.volume_key ORDER BY u.position`,
    ).all<{ label: string; entries: number }>();
    const plotRelevant = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM ln_mistakes WHERE severity = 'plot_relevant'",
    ).first<{
      n: number;
    }>();
    expect(plotRelevant?.n).toBeGreaterThan(0);
    expect((await load(statisticsLoader, "/statistics")).mistakes).toEqual({ by: "volume", rows: counted.results });
    // Neither the page nor its data says how many entries ahead of a reader are plot-relevant.
    for (const path of ["/statistics", "/statistics.data"]) {
      const body = await (await fetchSite(path)).text();
      if (path === "/statistics") expect(body).toContain("Translation notes per volume");
      expect(body, path).not.toMatch(/plot.relevant|meaning.changing/i);
    }
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
    // A long-running anime and manga: 30 seasons, 40 years of OVAs, specials and films, 30 manga series
    // over 70 arcs and 50 years.
    for (let season = 0; season < 30; season++) rows.push(["season_episodes", season, String(season + 1), 12]);
    for (let year = 0; year < 40; year++)
      rows.push(
        ["year_ovas", year, String(1980 + year), 2],
        ["year_specials", year, String(1980 + year), 1],
        ["year_films", year, String(1980 + year), year % 2],
      );
    for (let series = 0; series < 30; series++) rows.push(["series_manga_chapters", series, String(series + 1), 40]);
    for (let arc = 0; arc < 70; arc++) rows.push(["arc_manga_chapters", arc, String(arc + 1), 17]);
    for (let year = 0; year < 50; year++)
      rows.push(
        ["year_manga_chapters", year, String(1970 + year), 24],
        ["year_manga_volumes", year, String(1970 + year), 3],
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
      const { anime, manga } = page;
      for (const bars of [
        anime.seasons,
        anime.specials,
        manga.series,
        manga.arcs,
        manga.chapterYears,
        manga.volumeYears,
      ])
        expect(bars.length).toBeLessThanOrEqual(24);
      expect(sum(anime.seasons, "count")).toBe(30 * 12);
      expect(anime.seasons[0]).toMatchObject({ number: 1, last: 2, count: 24 });
      expect([sum(anime.specials, "ovas"), sum(anime.specials, "specials"), sum(anime.specials, "films")]).toEqual([
        80, 40, 20,
      ]);
      expect(anime.specials[0]).toMatchObject({ year: "1980", lastYear: "1981", ovas: 4, films: 1 });
      expect(sum(manga.series, "count")).toBe(30 * 40);
      expect(sum(manga.arcs, "count")).toBe(70 * 17);
      expect(sum(manga.chapterYears, "count")).toBe(50 * 24);
      expect(sum(manga.volumeYears, "count")).toBe(50 * 3);
      expect(manga.chapterYears.at(-1)).toMatchObject({ lastYear: "2019" });
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

/**
 * The anime's and the manga's figures as counting their tables per request gives them: the reference the
 * figures computed at import must match. A manga chapter's arc is the arc of the furthest web novel
 * chapter it adapts.
 */
async function mediaPerRequest() {
  const [seasons, specials, series, arcs, chapterYears, volumeYears, anime, manga] = await env.DB.batch([
    env.DB.prepare(
      `SELECT s.number, COUNT(e.key) AS count FROM anime_seasons s LEFT JOIN anime_episodes e ON e.season_number = s.number
        GROUP BY s.number ORDER BY s.number`,
    ),
    env.DB.prepare(
      `SELECT substr(released_on, 1, 4) AS year, SUM(kind = 'ova') AS ovas, SUM(kind = 'special') AS specials,
              SUM(kind = 'film') AS films
         FROM anime_specials WHERE released_on IS NOT NULL GROUP BY year ORDER BY year`,
    ),
    env.DB.prepare(
      `SELECT s.sort_order + 1 AS number, COUNT(c.key) AS count FROM manga_series s
         LEFT JOIN manga_chapters c ON c.series_code = s.code GROUP BY s.code ORDER BY s.sort_order`,
    ),
    env.DB.prepare(
      `WITH placed AS (
         SELECT (SELECT w.arc_number FROM json_each(c.adapts_chapters) j JOIN chapters w ON w.key = json_extract(j.value, '$.to')
                  ORDER BY w.position DESC LIMIT 1) AS arc
           FROM manga_chapters c)
       SELECT arc AS number, COUNT(*) AS count FROM placed WHERE arc IS NOT NULL GROUP BY arc ORDER BY arc`,
    ),
    env.DB.prepare(
      `SELECT substr(published_on, 1, 4) AS year, COUNT(*) AS count FROM manga_chapters
        WHERE published_on IS NOT NULL GROUP BY year ORDER BY year`,
    ),
    env.DB.prepare(
      `SELECT substr(released_on, 1, 4) AS year, COUNT(*) AS count FROM manga_volumes
        WHERE released_on IS NOT NULL GROUP BY year ORDER BY year`,
    ),
    env.DB.prepare(
      `SELECT (SELECT COUNT(*) FROM anime_seasons) AS seasons, (SELECT COUNT(*) FROM anime_episodes) AS episodes,
              (SELECT COUNT(*) FROM anime_recuts) AS recuts, (SELECT COUNT(*) FROM anime_recut_episodes) AS recut_episodes,
              (SELECT COUNT(*) FROM anime_specials WHERE kind = 'ova') AS ovas,
              (SELECT COUNT(*) FROM anime_specials WHERE kind = 'special') AS specials,
              (SELECT COUNT(*) FROM anime_specials WHERE kind = 'film') AS films,
              (SELECT COUNT(*) FROM anime_specials WHERE released_on IS NULL) AS specials_undated,
              (SELECT COUNT(*) FROM break_time_episodes) AS shorts`,
    ),
    env.DB.prepare(
      `SELECT (SELECT COUNT(*) FROM manga_series) AS series, (SELECT COUNT(*) FROM manga_volumes) AS volumes,
              (SELECT COUNT(*) FROM manga_chapters) AS chapters,
              (SELECT COUNT(*) FROM manga_chapters WHERE published_on IS NULL) AS chapters_undated,
              (SELECT COUNT(*) FROM manga_volumes WHERE released_on IS NULL) AS volumes_undated,
              (SELECT COUNT(*) FROM manga_chapters c WHERE NOT EXISTS (
                 SELECT 1 FROM json_each(c.adapts_chapters) j JOIN chapters w ON w.key = json_extract(j.value, '$.to')))
                AS chapters_without_arc`,
    ),
  ]);
  return {
    seasons: seasons!.results,
    specials: specials!.results,
    series: series!.results,
    arcs: arcs!.results,
    chapterYears: chapterYears!.results,
    volumeYears: volumeYears!.results,
    anime: anime!.results[0],
    manga: manga!.results[0],
  };
}

/** Bars without the zero bars of the years (or arcs) between those with one: what GROUP BY gives. */
const withoutZeros = <Bar extends Record<string, unknown>>(bars: Bar[], ...columns: Array<keyof Bar>) =>
  bars.filter((bar) => columns.some((column) => bar[column] !== 0));

describe("the anime's and the manga's figures, over the demo", () => {
  beforeAll(() => importTestPack("demo"));
  afterAll(() => importTestPack("tiny"));

  it("count each season's own episodes, its recuts, OVAs, specials and films apart, as counting the tables does", async () => {
    const { anime } = await load(statisticsLoader, "/statistics");
    const reference = await mediaPerRequest();
    // The demo's anime: two seasons of 13, season 1 recut into 6 episodes, an OVA, a film and a special in
    // three years, dated to the month, the day and the year, and 22 Break Time shorts.
    expect(anime.totals).toEqual({
      seasons: 2,
      episodes: 26,
      recuts: 1,
      recut_episodes: 6,
      ovas: 1,
      specials: 1,
      films: 1,
      specials_undated: 0,
      shorts: 22,
    });
    expect(anime.totals).toEqual(reference.anime);
    expect(anime.seasons).toEqual(reference.seasons);
    expect(anime.seasons.map((season) => season.count)).toEqual([13, 13]);
    expect(anime.specials).toEqual([
      { year: "2020", ovas: 1, specials: 0, films: 0 },
      { year: "2021", ovas: 0, specials: 0, films: 1 },
      { year: "2022", ovas: 0, specials: 1, films: 0 },
    ]);
    expect(withoutZeros(anime.specials, "ovas", "specials", "films")).toEqual(reference.specials);
  });

  it("count the manga by series, by the arc it adapts and by year, saying what has no arc or no date", async () => {
    const { manga } = await load(statisticsLoader, "/statistics");
    const reference = await mediaPerRequest();
    // Two series of 10 and 5 chapters: an extra the manga made up and a side story told belong to no arc;
    // four chapters and a volume have no date, others a month or a year only.
    expect(manga.totals).toEqual({
      series: 2,
      volumes: 5,
      chapters: 15,
      chapters_undated: 4,
      volumes_undated: 1,
      chapters_without_arc: 2,
    });
    expect(manga.totals).toEqual(reference.manga);
    expect(manga.series).toEqual(reference.series);
    expect(manga.arcs).toEqual([
      { number: 1, count: 9 },
      { number: 2, count: 4 },
    ]);
    expect(manga.arcs).toEqual(reference.arcs);
    expect(manga.chapterYears).toEqual([
      { year: "2018", count: 3 },
      { year: "2019", count: 5 },
      { year: "2020", count: 3 },
    ]);
    expect(manga.chapterYears).toEqual(reference.chapterYears);
    expect(withoutZeros(manga.volumeYears, "count")).toEqual(reference.volumeYears);
  });

  it("show the figures to a reader in words, naming no series, recut or special by its title", async () => {
    const html = await (await fetchSite("/statistics")).text();
    for (const heading of [
      "The anime in numbers",
      "Episodes per season",
      "OVAs, specials and films per year",
      "The manga in numbers",
      "Chapters per manga series",
      "Manga chapters per arc",
      "Manga chapters per year",
      "Manga volumes per year",
    ])
      expect(html).toContain(`>${heading}</h2>`);
    expect(html).toContain("Recut episodes re-edit them and are counted apart (1 recut, 6 episodes).");
    // Each figure named as its number reads: the demo has one recut and one film.
    expect(html).toMatch(/>Recut<\/dt><dd[^>]*>1<\/dd>/);
    expect(html).toMatch(/>Recut episodes<\/dt><dd[^>]*>6<\/dd>/);
    expect(html).not.toContain(">Recuts</dt>");
    expect(html).toContain(
      "2 manga chapters that adapt no web novel chapter (an extra the manga made up, or a side story) are not counted.",
    );
    expect(html).toContain("4 manga chapters without a date are not counted.");
    expect(html).toContain("1 volume without a release date is not counted.");
    expect(html).toContain("Manga 2");
    const titles = await env.DB.prepare(
      `SELECT title FROM manga_series UNION ALL SELECT title FROM anime_recuts UNION ALL SELECT title FROM anime_specials`,
    ).all<{ title: string }>();
    expect(titles.results.length).toBeGreaterThan(4);
    for (const { title } of titles.results) expect(html).not.toContain(title);
  });
});
