import { Link } from "react-router";
import { BarChart, type BarChartProps, countBars } from "~/components/charts/bar-chart";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/page-header";
import { rangeLabel, yearStarts } from "~/lib/content/chart-ranges";
import { formatNumber, formatMonth } from "~/lib/format";
import { pageMeta, siteNameFrom } from "~/lib/http/meta";
import { countOf, type Noun, nouns } from "~/lib/words";
import { getStatistics } from "~/models/statistics.server";
import type { Route } from "./+types/statistics";

/** A form sent here is refused with the site's 405. */
export { refuseForm as action } from "~/server/stray-forms.server";

export async function loader({ context }: Route.LoaderArgs) {
  return getStatistics(context.db);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteNameFrom(matches), {
    title: "Statistics",
    description:
      "The series in numbers: chapters and words per arc, releases over time, light novel coverage, translation notes and characters.",
  });

/** "Arc 3", or "Arcs 1–3" for a range of arcs in a long series. */
const arcLabel = ({ arc, lastArc = arc }: { arc: number; lastArc?: number }) =>
  arc === lastArc ? `Arc ${arc}` : `Arcs ${rangeLabel(arc, lastArc)}`;

/** How much of the web novel the light novels had adapted by the end of a year, in percent. */
const coverage = (year: { adapted: number; total: number }) =>
  Math.round((year.adapted / Math.max(1, year.total)) * 100);

export default function Statistics({ loaderData }: Route.ComponentProps) {
  const { totals, arcs, releases, years, mistakes, introductions } = loaderData;
  const { words, chapters, chapters_without_words, chapters_without_month, volumes_undated } = totals;
  /** What a chart or a sum leaves out, said after it: " 3 chapters without a word count are not counted." */
  const lacking = (count: number, noun: Noun, what: string) =>
    count ? ` ${countOf(count, noun)} ${what} ${count === 1 ? "is" : "are"} not counted.` : "";
  const lastYear = years.at(-1);
  const charts: BarChartProps[] = [
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
      description: `Volumes released in Japan each year; by the last year the light novels cover ${lastYear ? coverage(lastYear) : 0}% of the web novel.${lacking(volumes_undated, nouns.volume, "without a Japanese release date")}`,
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
      description: "Entries on the translation notes pages, by severity.",
      unit: nouns.entry,
      layout: "rows",
      series: [
        { name: "Minor", fill: "fill-muted-foreground" },
        { name: "Meaning-changing", fill: "fill-primary" },
        { name: "Plot-relevant", fill: "fill-destructive" },
      ],
      data: mistakes.rows.map((row) => ({
        label: row.label,
        values: [row.minor, row.meaning_changing, row.plot_relevant],
      })),
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
        lead={`${formatNumber(chapters)} chapters and ${formatNumber(words)} words of web novel${chapters_without_words ? ` (${countOf(chapters_without_words, nouns.chapter)} without a word count)` : ""}: about ${formatNumber(Math.round(words / 250 / 60))} hours of reading at 250 words a minute.`}
      >
        <Link to="/statistics/readership" className="text-sm font-medium text-primary underline">
          How far are other readers?
        </Link>
      </PageHeader>
      <div className="space-y-6">
        {charts.map((chart) => (
          <BarChart key={chart.id} {...chart} />
        ))}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
