import type { ContentStatisticRow, PackRows } from "./rows";
import { monthsOrYears } from "../app/lib/content/chart-ranges";
import type { SeriesTotals } from "../app/lib/content/statistics";

/** What the statistics are computed from: every other table of the pack. */
type SourceRows = Omit<PackRows, "content_statistics" | "external_ids" | "story_secrets">;

/** Adds one to a count kept by label, keeping the labels in order of first appearance. */
function tally(counts: Map<string, number>, label: string, amount = 1) {
  counts.set(label, (counts.get(label) ?? 0) + amount);
}

function series(chart: ContentStatisticRow["chart"], values: Iterable<[string, number]>): ContentStatisticRow[] {
  return [...values].map(([label, value], position) => ({ chart, position, label, value }));
}

const byLabel = (a: [string, number], b: [string, number]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

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

/**
 * The statistics page's numbers, computed once when a pack is imported instead of aggregating every
 * chapter and volume per request: per arc its chapters, words and the characters it introduces; the
 * release timeline (releaseTimeline); light novel volumes released in Japan per year, and how many web
 * novel chapters the volumes released by the end of each year adapt (a chapter counts once, however many
 * volumes cover it); and the home page's totals.
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
    // A year-only date belongs to no month: counted among those the timeline lacks, never put in January.
    if (chapter.published_on !== null && chapter.published_on.length >= 7)
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
  const years = [...volumesPerYear].sort(byLabel);
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
  ];
}
