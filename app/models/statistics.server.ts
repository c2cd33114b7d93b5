import { inRanges, monthsOrYears, sumOf } from "~/lib/content/chart-ranges";
import { animeTotalsFrom, mangaTotalsFrom, type SeriesTotals, totalsFrom } from "~/lib/content/statistics";
import type { InferResult } from "kysely";
import { batch, query } from "./query.server";

/** The most bars a chart draws; longer series merge into ranges (app/lib/content/chart-ranges.ts). */
const MAX_BARS = 24;
/** Mistakes are charted per volume up to this many volumes, then per collection. */
const MAX_VOLUME_ROWS = 30;

type Series = Map<string, Array<{ label: string; value: number }>>;

const valuesOf = (series: Series, chart: string) => series.get(chart) ?? [];

// Counted when the pack was imported (app/lib/content/statistics.ts).
const stored = query
  .selectFrom("content_statistics")
  .select(["chart", "label", "value"])
  .orderBy("chart")
  .orderBy("position");

/**
 * How many entries each volume with any has, in story order, labelled by the volume's name ("Lanternfall
 * 7.5"). Totals only: the page is the same for everyone and has no reveal, and a breakdown by severity of
 * entries beyond a reader's place would tell them what lies ahead (decision 86); the translation notes
 * pages count that among the entries the reader has reached.
 */
const mistakesPerVolume = query
  .selectFrom("ln_mistakes as m")
  .innerJoin("ln_volumes as v", "v.key", "m.volume_key")
  .innerJoin("ln_collections as c", "c.code", "v.collection_code")
  .innerJoin("story_units as u", "u.key", "v.key")
  .select((row) => ["u.label", "c.name as collection", row.fn.countAll<number>().as("entries")])
  .groupBy("v.key")
  .orderBy("c.sort_order")
  .orderBy("v.number");

type VolumeMistakes = InferResult<typeof mistakesPerVolume>[number];

/**
 * The series in numbers, for the statistics page. One round trip: the content's numbers were computed
 * when the pack was imported (content_statistics); mistakes are counted here, because entries
 * published from accepted reports join them between imports.
 */
const lacking = ({ chapters_without_words, chapters_without_month, volumes_undated }: SeriesTotals) => ({
  chapters_without_words,
  chapters_without_month,
  volumes_undated,
});

export async function getStatistics(db: D1Database) {
  const [statistics, mistakes] = await batch(db, [stored, mistakesPerVolume]);
  const series: Series = new Map();
  for (const { chart, label, value } of statistics) {
    const bars = series.get(chart);
    if (bars) bars.push({ label, value });
    else series.set(chart, [{ label, value }]);
  }

  const words = valuesOf(series, "arc_words");
  const arcs: ArcBar[] = valuesOf(series, "arc_chapters").map(({ label, value }, index) => ({
    arc: Number(label),
    chapters: value,
    words: words[index]?.value ?? 0,
  }));
  const total = arcs.reduce((sum, arc) => sum + arc.chapters, 0);
  const adapted = valuesOf(series, "year_adapted");
  const years: YearBar[] = valuesOf(series, "year_volumes").map(({ label, value }, index) => ({
    year: label,
    volumes: value,
    adapted: adapted[index]?.value ?? 0,
    total,
  }));
  const introductions: IntroductionBar[] = valuesOf(series, "arc_introductions").map(({ label, value }) => ({
    arc: Number(label),
    characters: value,
  }));
  return {
    totals: {
      chapters: total,
      words: sumOf(arcs, (arc) => arc.words),
      // What the sums lack, so the page says it instead of counting it as none (a total the import did not write is 0).
      ...lacking(totalsFrom(valuesOf(series, "totals"))),
    },
    arcs: inRanges(arcs, MAX_BARS, (range) => ({
      arc: range[0]!.arc,
      lastArc: range.at(-1)!.arc,
      chapters: sumOf(range, (arc) => arc.chapters),
      words: sumOf(range, (arc) => arc.words),
    })),
    releases: releaseTimeline(valuesOf(series, "month_chapters"), valuesOf(series, "year_chapters")),
    years: inRanges(years, MAX_BARS, (range) => ({
      ...range.at(-1)!,
      year: range[0]!.year,
      lastYear: range.at(-1)!.year,
      volumes: sumOf(range, (year) => year.volumes),
    })),
    mistakes: mistakesChart(mistakes),
    introductions: inRanges(introductions, MAX_BARS, (range) => ({
      arc: range[0]!.arc,
      lastArc: range.at(-1)!.arc,
      characters: sumOf(range, (row) => row.characters),
    })),
    anime: animeFigures(series),
    manga: mangaFigures(series),
  };
}

/** A bar per number (a season, a series' place, an arc), or per range of them (number to last). */
type NumberBar = { number: number; last?: number; count: number };
/** A bar per year, or per range of years (year to lastYear). */
type YearCount = { year: string; lastYear?: string; count: number };

/** A stored series of counts by number, in at most MAX_BARS bars. */
function byNumber(bars: Array<{ label: string; value: number }>): NumberBar[] {
  return inRanges(
    bars.map(({ label, value }) => ({ number: Number(label), count: value })),
    MAX_BARS,
    (range) => ({ number: range[0]!.number, last: range.at(-1)!.number, count: sumOf(range, (bar) => bar.count) }),
  );
}

/** A stored series of counts by year, in at most MAX_BARS bars. */
function byYear(bars: Array<{ label: string; value: number }>): YearCount[] {
  return inRanges(
    bars.map(({ label, value }) => ({ year: label, count: value })),
    MAX_BARS,
    (range) => ({ year: range[0]!.year, lastYear: range.at(-1)!.year, count: sumOf(range, (bar) => bar.count) }),
  );
}

/**
 * The anime's figures (pack/statistics.ts): its totals, each season's own episodes, and its OVAs, specials
 * and films per year by kind (the import writes the same years for each kind).
 */
function animeFigures(series: Series) {
  const specials = valuesOf(series, "year_specials");
  const films = valuesOf(series, "year_films");
  const years = valuesOf(series, "year_ovas").map(({ label, value }, index) => ({
    year: label,
    ovas: value,
    specials: specials[index]?.value ?? 0,
    films: films[index]?.value ?? 0,
  }));
  return {
    totals: animeTotalsFrom(valuesOf(series, "anime")),
    seasons: byNumber(valuesOf(series, "season_episodes")),
    specials: inRanges(years, MAX_BARS, (range) => ({
      year: range[0]!.year,
      lastYear: range.at(-1)!.year,
      ovas: sumOf(range, (year) => year.ovas),
      specials: sumOf(range, (year) => year.specials),
      films: sumOf(range, (year) => year.films),
    })),
  };
}

/** The manga's figures (pack/statistics.ts): its totals, chapters per series and per arc, chapters and volumes per year. */
function mangaFigures(series: Series) {
  return {
    totals: mangaTotalsFrom(valuesOf(series, "manga")),
    series: byNumber(valuesOf(series, "series_manga_chapters")),
    arcs: byNumber(valuesOf(series, "arc_manga_chapters")),
    chapterYears: byYear(valuesOf(series, "year_manga_chapters")),
    volumeYears: byYear(valuesOf(series, "year_manga_volumes")),
  };
}

/** A bar per arc, or per range of arcs (arc to lastArc) in a long series. */
type ArcBar = { arc: number; lastArc?: number; chapters: number; words: number };
type IntroductionBar = { arc: number; lastArc?: number; characters: number };
/** Light novel volumes per year, or per range of years; `adapted` is the running total at its end. */
type YearBar = { year: string; lastYear?: string; volumes: number; adapted: number; total: number };

/**
 * Chapters published per month, or per range of years once the import counted them per year (more
 * than ten years of months: pack/statistics.ts fills the empty months and chooses). A database
 * imported before the import did so holds only the months with a chapter, however many: those are
 * filled and chosen from here, which costs nothing much on a timeline stored as drawn (at most ten
 * years of months, already filled).
 */
function releaseTimeline(
  months: Array<{ label: string; value: number }>,
  years: Array<{ label: string; value: number }>,
) {
  const { by, counts } = years.length ? { by: "year" as const, counts: years } : monthsOrYears(months);
  const bars = counts.map(({ label, value }) => ({ from: label, to: label, chapters: value }));
  if (by === "month") return { by, bars };
  return {
    by,
    bars: inRanges(bars, MAX_BARS, (range) => ({
      from: range[0]!.from,
      to: range.at(-1)!.to,
      chapters: sumOf(range, (year) => year.chapters),
    })),
  };
}

/** Entries per volume, or per collection once there are too many volumes to read as rows. */
function mistakesChart(volumes: VolumeMistakes[]) {
  if (volumes.length <= MAX_VOLUME_ROWS)
    return { by: "volume" as const, rows: volumes.map(({ label, entries }) => ({ label, entries })) };
  const perCollection = new Map<string, VolumeMistakes[]>();
  for (const volume of volumes)
    perCollection.set(volume.collection, [...(perCollection.get(volume.collection) ?? []), volume]);
  const collections = [...perCollection].map(([collection, range]) => ({
    label: collection,
    entries: sumOf(range, (volume) => volume.entries),
  }));
  return {
    by: "collection" as const,
    rows: inRanges(collections, MAX_VOLUME_ROWS, (range) => ({
      label: `${range[0]!.label} – ${range.at(-1)!.label}`,
      entries: sumOf(range, (entry) => entry.entries),
    })),
  };
}
