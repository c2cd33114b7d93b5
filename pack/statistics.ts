import type { ContentStatisticRow, PackRows } from "./rows";
import { monthsOrYears, withEmptyYears } from "../app/lib/content/chart-ranges";
import type { AnimeTotals, MangaTotals, SeriesTotals } from "../app/lib/content/statistics";
import { datePrecision } from "../app/lib/content/dates";

/** What the statistics are computed from: every other table of the pack. */
type SourceRows = Omit<PackRows, "content_statistics" | "external_ids" | "story_secrets">;

/** Adds one to a count kept by label, keeping the labels in order of first appearance. */
function tally(counts: Map<string, number>, label: string, amount = 1) {
  counts.set(label, (counts.get(label) ?? 0) + amount);
}

function series(chart: ContentStatisticRow["chart"], values: Iterable<[string, number]>): ContentStatisticRow[] {
  return [...values].map(([label, value], position) => ({ chart, position, label, value }));
}

/**
 * The release timeline as the page draws it: chapters per month, every month from the first to the
 * last (a month without one is 0, so the gaps between arcs show), or chapters per year, every year,
 * once that is more than ten years of months. A long series is a row per year, never a row per month.
 */
function releaseTimeline(chaptersPerMonth: Map<string, number>): ContentStatisticRow[] {
  const { by, counts } = monthsOrYears([...chaptersPerMonth].map(([label, value]) => ({ label, value })));
  return series(
    by === "month" ? "month_chapters" : "year_chapters",
    counts.map(({ label, value }): [string, number] => [label, value]),
  );
}

/** Counts per year, every year from the first to the last (a year without one is 0). */
function everyYear(counts: Map<string, number>): Array<[string, number]> {
  return withEmptyYears([...counts].map(([label, value]) => ({ label, value }))).map(({ label, value }) => [
    label,
    value,
  ]);
}

/**
 * The year of a date at any precision ("2019", "2019-Q3", "2019-09", "2019-09-25"); null for a date the
 * pack does not know.
 */
const yearOf = (date: string | null) => (date === null ? null : date.slice(0, 4));

/**
 * The anime's figures: each season's own episodes (its parts included), and apart from them its recuts'
 * episodes, and the OVAs, specials and films per year of release by kind, every year from the first to
 * the last, the same years in each kind's series. A recut re-edits episodes already counted, and a
 * special is no season's, so neither is added to a season's episodes.
 */
function animeStatistics(rows: SourceRows): ContentStatisticRow[] {
  const seasons = rows.anime_seasons.map((season) => season.number).sort((a, b) => a - b);
  const episodesPerSeason = new Map(seasons.map((season) => [String(season), 0]));
  for (const episode of rows.anime_episodes) tally(episodesPerSeason, String(episode.season_number));

  const kinds = { ova: new Map<string, number>(), special: new Map<string, number>(), film: new Map<string, number>() };
  const released = new Map<string, number>();
  let undated = 0;
  for (const special of rows.anime_specials) {
    const year = yearOf(special.released_on);
    if (year === null) undated++;
    else {
      tally(kinds[special.kind], year);
      tally(released, year);
    }
  }
  const years = everyYear(released).map(([year]) => year);
  const perYear = (counts: Map<string, number>): Array<[string, number]> =>
    years.map((year) => [year, counts.get(year) ?? 0]);
  const count = (kind: keyof typeof kinds) => rows.anime_specials.filter((special) => special.kind === kind).length;

  const totals: Array<[keyof AnimeTotals, number]> = [
    ["seasons", seasons.length],
    ["episodes", rows.anime_episodes.length],
    ["recuts", rows.anime_recuts.length],
    ["recut_episodes", rows.anime_recut_episodes.length],
    ["ovas", count("ova")],
    ["specials", count("special")],
    ["films", count("film")],
    ["specials_undated", undated],
    ["shorts", rows.break_time_episodes.length],
  ];
  return [
    ...series("anime", totals),
    ...series("season_episodes", episodesPerSeason),
    ...series("year_ovas", perYear(kinds.ova)),
    ...series("year_specials", perYear(kinds.special)),
    ...series("year_films", perYear(kinds.film)),
  ];
}

/**
 * The manga's figures (decision 49): each series' chapters, by its place ("Manga 2": a series' title may
 * be a spoiler, its place is not); chapters by the web novel arc they adapt, the arc of the furthest
 * chapter they adapt (where the manga places them on the story's timeline), every arc from the first to
 * the last the manga reaches; chapters and volumes per year, every year from the first to the last. A
 * date known to the month or the year still has its year; one the pack does not know is counted among
 * those the charts lack, as is a chapter that adapts no web novel chapter (an extra the manga made up,
 * a side story).
 */
function mangaStatistics(rows: SourceRows, chapterByKey: Map<string, SourceRows["chapters"][number]>) {
  const { manga_series: all, manga_volumes: volumes, manga_chapters: chapters } = rows;
  const order = new Map(all.map((one) => [one.code, one.sort_order]));
  const places = [...all].sort((a, b) => a.sort_order - b.sort_order).map((one) => one.sort_order + 1);
  const chaptersPerSeries = new Map(places.map((place) => [String(place), 0]));
  const arcs = new Map<number, number>();
  const chapterYears = new Map<string, number>();
  let withoutArc = 0;
  let chaptersUndated = 0;
  for (const chapter of chapters) {
    tally(chaptersPerSeries, String((order.get(chapter.series_code) ?? 0) + 1));
    const adapted = (JSON.parse(chapter.adapts_chapters) as Array<{ from: string; to: string }>)
      .map((range) => chapterByKey.get(range.to))
      .filter((last) => last !== undefined)
      .sort((a, b) => b.position - a.position);
    const arc = adapted[0]?.arc_number;
    if (arc === undefined) withoutArc++;
    else arcs.set(arc, (arcs.get(arc) ?? 0) + 1);
    const year = yearOf(chapter.published_on);
    if (year === null) chaptersUndated++;
    else tally(chapterYears, year);
  }
  const reached = [...arcs.keys()].sort((a, b) => a - b);
  const perArc: Array<[string, number]> = [];
  for (let arc = reached[0] ?? 1; arc <= (reached.at(-1) ?? 0); arc++) perArc.push([String(arc), arcs.get(arc) ?? 0]);

  const volumeYears = new Map<string, number>();
  let volumesUndated = 0;
  for (const volume of volumes) {
    const year = yearOf(volume.released_on);
    if (year === null) volumesUndated++;
    else tally(volumeYears, year);
  }

  const totals: Array<[keyof MangaTotals, number]> = [
    ["series", all.length],
    ["volumes", volumes.length],
    ["chapters", chapters.length],
    ["chapters_undated", chaptersUndated],
    ["volumes_undated", volumesUndated],
    ["chapters_without_arc", withoutArc],
  ];
  return [
    ...series("manga", totals),
    ...series("series_manga_chapters", chaptersPerSeries),
    ...series("arc_manga_chapters", perArc),
    ...series("year_manga_chapters", everyYear(chapterYears)),
    ...series("year_manga_volumes", everyYear(volumeYears)),
  ];
}

/**
 * The statistics page's numbers, computed once when a pack is imported instead of aggregating every
 * chapter and volume per request: per arc its chapters, words and the characters it introduces; the
 * release timeline (releaseTimeline); light novel volumes released in Japan per year, and how many web
 * novel chapters the volumes released by the end of each year adapt (a chapter counts once, however many
 * volumes cover it); the home page's totals; the anime's (animeStatistics) and the manga's
 * (mangaStatistics).
 */
export function statisticsRows(rows: SourceRows): ContentStatisticRow[] {
  const { arcs, chapters, ln_volumes: volumes, characters } = rows;
  const arcNumbers = arcs.map((arc) => arc.number).sort((a, b) => a - b);
  const chaptersPerArc = new Map(arcNumbers.map((number) => [String(number), 0]));
  const wordsPerArc = new Map(arcNumbers.map((number) => [String(number), 0]));
  const months = new Map<string, number>();
  // What the sums leave out, so the page can say it: a word count or a month the pack does not know.
  let withoutWords = 0;
  let withoutMonth = 0;
  for (const chapter of chapters) {
    tally(chaptersPerArc, String(chapter.arc_number));
    if (chapter.word_count === null) withoutWords++;
    else tally(wordsPerArc, String(chapter.arc_number), chapter.word_count);
    // A date known to its year or its quarter belongs to no month: counted among those the timeline lacks,
    // never put in the first month it could be.
    const precision = chapter.published_on === null ? null : datePrecision(chapter.published_on);
    if (chapter.published_on !== null && (precision === "day" || precision === "month"))
      tally(months, chapter.published_on.slice(0, 7));
    else withoutMonth++;
  }

  const chapterByKey = new Map(chapters.map((chapter) => [chapter.key, chapter]));
  const introductions = new Map<number, number>();
  for (const character of characters) {
    const first = character.first_web_novel ? chapterByKey.get(character.first_web_novel) : undefined;
    if (first) introductions.set(first.arc_number, (introductions.get(first.arc_number) ?? 0) + 1);
  }

  const volumesPerYear = new Map<string, number>();
  let undatedVolumes = 0;
  for (const volume of volumes)
    if (volume.released_jp === null) undatedVolumes++;
    else tally(volumesPerYear, volume.released_jp.slice(0, 4));
  // Every year from the first volume's to the last's: a year without one (a hiatus) is a 0, not left out.
  const years = everyYear(volumesPerYear);
  // Each year's adapted chapters: the union of the position ranges of the volumes released by then.
  const ranges = volumes.flatMap((volume) => {
    const from = volume.adapts_from ? chapterByKey.get(volume.adapts_from) : undefined;
    const to = volume.adapts_to ? chapterByKey.get(volume.adapts_to) : undefined;
    return from && to && volume.released_jp !== null
      ? [{ year: volume.released_jp.slice(0, 4), from: from.position, to: to.position }]
      : [];
  });
  const positions = chapters.map((chapter) => chapter.position).sort((a, b) => a - b);
  const adapted = years.map(([year]): [string, number] => {
    const covered = ranges.filter((range) => range.year <= year);
    return [
      year,
      positions.filter((position) => covered.some((range) => position >= range.from && position <= range.to)).length,
    ];
  });

  const totals: Array<[keyof SeriesTotals, number]> = [
    ["arcs", arcs.length],
    ["chapters", chapters.length],
    ["words", chapters.reduce((sum, chapter) => sum + (chapter.word_count ?? 0), 0)],
    ["chapters_without_words", withoutWords],
    ["chapters_without_month", withoutMonth],
    ["volumes_undated", undatedVolumes],
    ["volumes", volumes.length],
    ["side_stories", rows.side_stories.length],
    ["episodes", rows.anime_episodes.length],
    ["shorts", rows.break_time_episodes.length],
    ["characters", characters.length],
  ];

  return [
    ...series("totals", totals),
    ...series("arc_chapters", chaptersPerArc),
    ...series("arc_words", wordsPerArc),
    ...series(
      "arc_introductions",
      [...introductions].sort((a, b) => a[0] - b[0]).map(([arc, count]): [string, number] => [String(arc), count]),
    ),
    ...releaseTimeline(months),
    ...series("year_volumes", years),
    ...series("year_adapted", adapted),
    ...animeStatistics(rows),
    ...mangaStatistics(rows, chapterByKey),
  ];
}
