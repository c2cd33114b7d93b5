import { Link } from "react-router";
import { BarChart, type BarChartProps, countBars } from "~/components/charts/bar-chart";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { PageHeader } from "~/components/page-header";
import { formatNumber, formatMonth } from "~/lib/format";
import { pageMeta, siteNameFrom } from "~/lib/meta";
import { getStatistics } from "~/models/statistics.server";
import type { Route } from "./+types/statistics";

export async function loader({ context }: Route.LoaderArgs) {
  return getStatistics(context.db);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteNameFrom(matches), {
    title: "Statistics",
    description: "The series in numbers: chapters and words per arc, releases over time, light novel coverage, translation notes and characters.",
  });

/** How much of the web novel the light novels had adapted by the end of a year, in percent. */
const coverage = (year: { adapted: number; total: number }) => Math.round((year.adapted / Math.max(1, year.total)) * 100);

export default function Statistics({ loaderData }: Route.ComponentProps) {
  const { arcs, months, years, mistakes, introductions } = loaderData;
  const words = arcs.reduce((sum, arc) => sum + arc.words, 0);
  const chapters = arcs.reduce((sum, arc) => sum + arc.chapters, 0);
  const lastYear = years.at(-1);
  const charts: BarChartProps[] = [
    {
      id: "words-per-arc",
      title: "Words per arc",
      description: "The length of each web novel arc.",
      unit: "words",
      ...countBars("Words", arcs.map((arc) => ({ label: `Arc ${arc.arc}`, value: arc.words }))),
    },
    {
      id: "chapters-per-arc",
      title: "Chapters per arc",
      description: "How many chapters each arc has, interludes and epilogues included.",
      unit: "chapters",
      ...countBars("Chapters", arcs.map((arc) => ({ label: `Arc ${arc.arc}`, value: arc.chapters }))),
    },
    {
      id: "release-timeline",
      title: "Release timeline",
      description: "Web novel chapters published each month.",
      unit: "chapters",
      ...countBars("Chapters", months.map((month) => ({ label: formatMonth(`${month.month}-01`), value: month.chapters }))),
    },
    {
      id: "volumes-per-year",
      title: "Light novel volumes per year",
      description: `Volumes released in Japan each year; by the last year the light novels cover ${lastYear ? coverage(lastYear) : 0}% of the web novel.`,
      unit: "volumes",
      ...countBars("Volumes", years.map((year) => ({ label: year.year, value: year.volumes }))),
    },
    {
      id: "coverage",
      title: "Web novel covered by the light novels",
      description: "Percentage of web novel chapters adapted by the end of each year.",
      unit: "%",
      ...countBars("% of chapters", years.map((year) => ({ label: year.year, value: coverage(year) }))),
    },
    {
      id: "mistakes-per-volume",
      title: "Translation notes per volume",
      description: "Entries on the translation notes pages, by severity.",
      unit: "entries",
      layout: "rows",
      series: [
        { name: "Minor", fill: "fill-muted-foreground" },
        { name: "Meaning-changing", fill: "fill-primary" },
        { name: "Plot-relevant", fill: "fill-destructive" },
      ],
      data: mistakes.map((volume) => ({ label: volume.label, values: [volume.minor, volume.meaning_changing, volume.plot_relevant] })),
    },
    {
      id: "characters-per-arc",
      title: "Characters introduced per arc",
      description: "Characters by the arc of their first web novel appearance.",
      unit: "characters",
      ...countBars("Characters", introductions.map((row) => ({ label: `Arc ${row.arc}`, value: row.characters }))),
    },
  ];
  return (
    <>
      <PageHeader
        title="Statistics"
        lead={`${formatNumber(chapters)} chapters and ${formatNumber(words)} words of web novel: about ${formatNumber(Math.round(words / 250 / 60))} hours of reading at 250 words a minute.`}
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
