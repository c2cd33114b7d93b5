import type { ReactNode } from "react";
import { Link } from "react-router";
import { BarChart, type BarChartProps, countBars } from "~/components/charts/bar-chart";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/page-header";
import { useOriginalLanguageName } from "~/components/original-text";
import { rangeLabel, yearStarts } from "~/lib/content/chart-ranges";
import { formatNumber, formatMonth, wholePercent } from "~/lib/format";
import { pageMeta } from "~/lib/http/meta";
import { countOf, type Noun, nounFor, nouns, wordCountUnknown, wordsOf } from "~/lib/words";
import { getStatistics } from "~/models/statistics.server";
import type { Route } from "./+types/statistics";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

export async function loader({ context }: Route.LoaderArgs) {
  return getStatistics(context.db);
}

export const meta: Route.MetaFunction = ({ matches, error }) =>
  pageMeta(
    { matches, error },
    {
      title: "Statistics",
      description:
        "The series in numbers: chapters and words per arc, releases over time, light novel coverage, translation notes, characters, the anime's seasons, recuts, OVAs, specials and films, and the manga.",
    },
  );

/** "Arc 3", or "Arcs 1–3" for a range of arcs in a long series. */
const arcLabel = ({ arc, lastArc = arc }: { arc: number; lastArc?: number }) =>
  arc === lastArc ? `Arc ${arc}` : `Arcs ${rangeLabel(arc, lastArc)}`;

/** A bar of numbered things by its number, "Season 2", or its range, "Seasons 1–3". */
const numbered =
  (one: string, other: string) =>
  ({ number, last = number }: { number: number; last?: number }) =>
    number === last ? `${one} ${number}` : `${other} ${rangeLabel(number, last)}`;
const seasonLabel = numbered("Season", "Seasons");
/** A manga series by its place, never its title (which may give the story away), as everywhere it is counted. */
const mangaLabel = numbered("Manga", "Manga");
const yearLabel = ({ year, lastYear = year }: { year: string; lastYear?: string }) => rangeLabel(year, lastYear);

/** What a chart or a sum leaves out, said after it: " 3 chapters without a word count are not counted." */
const lacking = (count: number, noun: Noun, what: string) =>
  count ? ` ${countOf(count, noun)} ${what} ${count === 1 ? "is" : "are"} not counted.` : "";

/** A count of things the pack has no date for, said as such: " 2 volumes have no date yet." */
const undated = (count: number, noun: Noun) =>
  count ? ` ${countOf(count, noun)} ${count === 1 ? "has" : "have"} no date yet.` : "";

/** How a chart by year says its bars: each year, or each run of years once they merged into ranges. */
const eachYear = (bars: Array<{ year: string; lastYear?: string }>) =>
  bars.some((bar) => bar.lastYear !== undefined && bar.lastYear !== bar.year) ? "in each run of years" : "each year";

/** How much of the web novel the light novels had adapted by the end of a year, in whole percent. */
const coverage = (year: { adapted: number; total: number }) => wholePercent(year.adapted, year.total);

export default function Statistics({ loaderData }: Route.ComponentProps) {
  const { totals, arcs, releases, years, mistakes, introductions, anime, manga } = loaderData;
  const { words, chapters, chapters_without_words, chapters_without_month, volumes_undated } = totals;
  const wordTotals = { chapterCount: chapters, wordCount: words, withoutWordCount: chapters_without_words };
  // No chapter with a word count: no sum, and no chart of empty arcs.
  const wordsUnknown = wordCountUnknown(wordTotals);
  const lastYear = years.at(-1);
  // A volume counts by its original edition, named by the series' language: "released in Korean".
  const original = useOriginalLanguageName();
  const volumesByYear = lastYear
    ? `Volumes released in ${original} ${eachYear(years)}, years without one included; by the last year the light novels cover ${coverage(lastYear)}% of the web novel.`
    : `No volume has a ${original} release date to count it in a year.`;
  const charts: BarChartProps[] = [
    ...(wordsUnknown
      ? []
      : [
          {
            id: "words-per-arc",
            title: "Words per arc",
            description: `The length of each web novel arc.${lacking(chapters_without_words, nouns.chapter, "without a word count")}`,
            unit: nouns.word,
            ...countBars(
              "Words",
              arcs.map((arc) => ({ label: arcLabel(arc), value: arc.words })),
            ),
          },
        ]),
    {
      id: "chapters-per-arc",
      title: "Chapters per arc",
      description: "How many chapters each arc has, interludes and epilogues included.",
      unit: nouns.chapter,
      ...countBars(
        "Chapters",
        arcs.map((arc) => ({ label: arcLabel(arc), value: arc.chapters })),
      ),
    },
    {
      id: "release-timeline",
      title: "Release timeline",
      description:
        (releases.by === "month"
          ? "Web novel chapters published each month, months without a chapter included; a line marks the start of each year."
          : releases.bars.some((bar) => bar.from !== bar.to)
            ? "Web novel chapters published in each run of years, years without a chapter included."
            : "Web novel chapters published each year, years without a chapter included.") +
        lacking(chapters_without_month, nouns.chapter, "without a month"),
      unit: nouns.chapter,
      ...countBars(
        "Chapters",
        releases.bars.map((bar) => ({
          label: releases.by === "month" ? formatMonth(`${bar.from}-01`) : rangeLabel(bar.from, bar.to),
          value: bar.chapters,
        })),
      ),
      marks: releases.by === "month" ? yearStarts(releases.bars.map((bar) => bar.from)) : undefined,
    },
    {
      id: "volumes-per-year",
      title: "Light novel volumes per year",
      description: `${volumesByYear}${lacking(volumes_undated, nouns.volume, `without a ${original} release date`)}`,
      unit: nouns.volume,
      ...countBars(
        "Volumes",
        years.map((year) => ({ label: rangeLabel(year.year, year.lastYear ?? year.year), value: year.volumes })),
      ),
    },
    {
      id: "coverage",
      title: "Web novel covered by the light novels",
      description: "Percentage of web novel chapters adapted by the end of each year.",
      unit: nouns.percent,
      ...countBars(
        "% of chapters",
        years.map((year) => ({ label: rangeLabel(year.year, year.lastYear ?? year.year), value: coverage(year) })),
      ),
    },
    {
      id: "mistakes-per-volume",
      title: mistakes.by === "volume" ? "Translation notes per volume" : "Translation notes per collection",
      // Totals only: this page is the same for everyone, and a breakdown by severity of the entries a
      // reader has not reached would tell them what lies ahead (decision 86).
      description: `How many entries each ${mistakes.by} has on the translation notes pages. By severity, they are counted there among the entries you have reached.`,
      unit: nouns.entry,
      layout: "rows",
      ...countBars(
        "Entries",
        mistakes.rows.map((row) => ({ label: row.label, value: row.entries })),
      ),
    },
    {
      id: "characters-per-arc",
      title: "Characters introduced per arc",
      description: "Characters by the arc of their first web novel appearance.",
      unit: nouns.character,
      ...countBars(
        "Characters",
        introductions.map((row) => ({ label: arcLabel(row), value: row.characters })),
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Statistics"
        lead={
          wordsUnknown
            ? `The web novel: ${countOf(chapters, nouns.chapter)}, word count unknown.`
            : `The web novel: ${countOf(chapters, nouns.chapter)} and ${wordsOf(wordTotals)}, about ${formatNumber(Math.round(words / 250 / 60))} hours of reading at 250 words a minute.`
        }
      >
        <Link to="/statistics/readership" className="text-sm font-medium text-primary underline">
          How far are other readers?
        </Link>
      </PageHeader>
      <div className="space-y-6">
        {charts.map((chart) => (
          <BarChart key={chart.id} {...chart} />
        ))}
        <AnimeFigures anime={anime} />
        <MangaFigures manga={manga} />
      </div>
    </>
  );
}

type Figures = Route.ComponentProps["loaderData"];

/** A medium's totals, each a number over what it counts, and what they leave apart said under them. */
function InNumbers({
  id,
  title,
  figures,
  children,
}: {
  id: string;
  title: string;
  /** Each figure with what it counts, named as its number reads: "1 Recut", "2 Recuts". */
  figures: Array<[Noun, number]>;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-lg border border-border bg-card p-card">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {/* Two to a row on a phone, or one at a large text size, where "Episodes in seasons" would not fit half. */}
      <dl className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,8rem),1fr))] gap-3 sm:grid-cols-4">
        {figures.map(([noun, value]) => (
          <div key={noun.other} className="flex flex-col-reverse">
            <dt className="text-sm text-muted-foreground">{nounFor(value, noun)}</dt>
            <dd className="text-2xl font-bold tabular-nums">{formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground">{children}</p>
    </section>
  );
}

/**
 * The anime: its seasons' own episodes, and apart from them the recuts that re-edit a season (decision
 * 45), the OVAs, specials and films that belong to no season (decision 52) and the Break Time shorts.
 */
function AnimeFigures({ anime }: { anime: Figures["anime"] }) {
  const { totals, seasons, specials } = anime;
  const released = totals.ovas + totals.specials + totals.films;
  if (totals.seasons === 0 && released === 0) return null;
  const charts: BarChartProps[] = [];
  if (seasons.length)
    charts.push({
      id: "episodes-per-season",
      title: "Episodes per season",
      description: `The episodes each season aired, all its parts included.${totals.recuts ? ` Recut episodes re-edit them and are counted apart (${countOf(totals.recuts, nouns.recut)}, ${countOf(totals.recut_episodes, nouns.episode)}).` : ""}`,
      unit: nouns.episode,
      ...countBars(
        "Episodes",
        seasons.map((season) => ({ label: seasonLabel(season), value: season.count })),
      ),
    });
  if (specials.length)
    charts.push({
      id: "specials-per-year",
      title: "OVAs, specials and films per year",
      description: `Released ${eachYear(specials)}, years without one included.${lacking(totals.specials_undated, nouns.animeSpecial, "without a release date")}`,
      unit: nouns.animeSpecial,
      series: [
        { name: "OVAs", fill: "fill-primary" },
        { name: "Specials", fill: "fill-muted-foreground" },
        { name: "Films", fill: "fill-foreground" },
      ],
      data: specials.map((year) => ({ label: yearLabel(year), values: [year.ovas, year.specials, year.films] })),
    });
  return (
    <>
      <InNumbers
        id="anime-numbers"
        title="The anime in numbers"
        figures={[
          [{ one: "Season", other: "Seasons" }, totals.seasons],
          [{ one: "Episode in the seasons", other: "Episodes in the seasons" }, totals.episodes],
          [{ one: "Recut", other: "Recuts" }, totals.recuts],
          [{ one: "Recut episode", other: "Recut episodes" }, totals.recut_episodes],
          [{ one: "OVA", other: "OVAs" }, totals.ovas],
          [{ one: "Special", other: "Specials" }, totals.specials],
          [{ one: "Film", other: "Films" }, totals.films],
          [{ one: "Break Time short", other: "Break Time shorts" }, totals.shorts],
        ]}
      >
        A recut re-edits the episodes of a season into episodes of its own, so they are counted apart from the
        season&apos;s. OVAs, specials and films belong to no season; each is listed on{" "}
        <Link to="/anime/specials" className="text-primary underline">
          OVAs, specials and films
        </Link>
        .
      </InNumbers>
      {charts.map((chart) => (
        <BarChart key={chart.id} {...chart} />
      ))}
    </>
  );
}

/** The manga (decision 49): its series, volumes and chapters, by series, by the arc they adapt and by year. */
function MangaFigures({ manga }: { manga: Figures["manga"] }) {
  const { totals, series, arcs, chapterYears, volumeYears } = manga;
  if (totals.series === 0) return null;
  const charts: BarChartProps[] = [
    {
      id: "manga-chapters-per-series",
      title: "Chapters per manga series",
      description: "How many chapters each series has, extras included. A series goes by its place, not its title.",
      unit: nouns.mangaChapter,
      layout: "rows",
      ...countBars(
        "Chapters",
        series.map((one) => ({ label: mangaLabel(one), value: one.count })),
      ),
    },
  ];
  if (arcs.length)
    charts.push({
      id: "manga-chapters-per-arc",
      title: "Manga chapters per arc",
      description: `Manga chapters by the web novel arc they adapt (the arc of the furthest chapter each adapts).${lacking(totals.chapters_without_arc, nouns.mangaChapter, "that adapt no web novel chapter (an extra the manga made up, or a side story)")}`,
      unit: nouns.mangaChapter,
      ...countBars(
        "Chapters",
        arcs.map((arc) => ({ label: arcLabel({ arc: arc.number, lastArc: arc.last }), value: arc.count })),
      ),
    });
  if (chapterYears.length)
    charts.push({
      id: "manga-chapters-per-year",
      title: "Manga chapters per year",
      description: `Manga chapters published ${eachYear(chapterYears)}, years without one included; a chapter dated only to its month, quarter or year counts in its year.${lacking(totals.chapters_undated, nouns.mangaChapter, "without a date")}`,
      unit: nouns.mangaChapter,
      ...countBars(
        "Chapters",
        chapterYears.map((year) => ({ label: yearLabel(year), value: year.count })),
      ),
    });
  if (volumeYears.length)
    charts.push({
      id: "manga-volumes-per-year",
      title: "Manga volumes per year",
      description: `Manga volumes released ${eachYear(volumeYears)}, years without one included.${lacking(totals.volumes_undated, nouns.volume, "without a release date")}`,
      unit: nouns.volume,
      ...countBars(
        "Volumes",
        volumeYears.map((year) => ({ label: yearLabel(year), value: year.count })),
      ),
    });
  return (
    <>
      <InNumbers
        id="manga-numbers"
        title="The manga in numbers"
        figures={[
          [{ one: "Series", other: "Series" }, totals.series],
          [{ one: "Volume", other: "Volumes" }, totals.volumes],
          [{ one: "Chapter", other: "Chapters" }, totals.chapters],
        ]}
      >
        Each series is read on its own, with its own volumes and chapter numbers: see{" "}
        <Link to="/manga" className="text-primary underline">
          Manga
        </Link>
        .{undated(totals.chapters_undated, nouns.mangaChapter)}
        {undated(totals.volumes_undated, nouns.volume)}
      </InNumbers>
      {charts.map((chart) => (
        <BarChart key={chart.id} {...chart} />
      ))}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
