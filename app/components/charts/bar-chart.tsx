import { formatNumber } from "~/lib/format";
import { countOf, type Noun } from "~/lib/words";
import { type AxisMark, type BarDatum, type BarSeries, total } from "./bars";
import { ColumnBars } from "./column-bars";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { FigureTable } from "./figure-table";
import { RowBars } from "./row-bars";

export type { AxisMark, BarDatum, BarSeries };

export interface BarChartProps {
  id: string;
  title: string;
  description: string;
  series: BarSeries[];
  data: BarDatum[];
  /** What the values count, in both its forms: "1 chapter", "3 chapters". */
  unit: Noun;
  /**
   * `columns` (the default) for a sequence such as months or arcs; `rows` for categories with long
   * names (volumes), which stay readable on a phone as one labelled bar per line.
   */
  layout?: "columns" | "rows";
  /**
   * For a long run of columns (months), the bars the axis names instead of naming bars by their
   * labels: each year's first month by its year. A line marks each one, and the axis names as many as
   * fit the width without touching; the table still names every bar.
   */
  marks?: AxisMark[];
}

/** The series and bars of a chart with one number per bar, drawn in the theme's main colour. */
export function countBars(
  name: string,
  bars: Array<{ label: string; value: number }>,
): Pick<BarChartProps, "series" | "data"> {
  return {
    series: [{ name, fill: "fill-primary" }],
    data: bars.map(({ label, value }) => ({ label, values: [value] })),
  };
}

/** Tables longer than this fold under a disclosure below the chart instead of standing beside it. */
const SHORT_TABLE_ROWS = 12;

/**
 * A server-rendered SVG bar chart (stacked when there are several series) with the same numbers in
 * a table, for screen readers and anyone who prefers figures. No chart library is shipped. The SVG
 * draws only shapes and stretches to its box; every label is HTML text, so it keeps its size on a
 * phone instead of shrinking with the drawing.
 */
export function BarChart({ id, title, description, series, data, unit, layout = "columns", marks }: BarChartProps) {
  const max = Math.max(1, ...data.map((datum) => total(datum.values)));
  const describe = (datum: BarDatum, value: number, seriesIndex: number) =>
    `${datum.label}: ${series.length > 1 ? `${formatNumber(value)} ${series[seriesIndex]?.name.toLowerCase()}` : countOf(value, unit)}`;
  const chart =
    layout === "rows" ? (
      <RowBars id={id} series={series} data={data} max={max} describe={describe} />
    ) : (
      <ColumnBars id={id} series={series} data={data} max={max} describe={describe} marks={marks} />
    );
  // Its box is the table's container: too narrow for its columns, the table stacks its rows
  // (FigureTable); wider still than the figure, it scrolls, the figure does not.
  const table = (
    <ScrollRegion label={`${title}, as a table`} className="@container">
      <FigureTable id={id} title={title} series={series} data={data} />
    </ScrollRegion>
  );
  const short = data.length <= SHORT_TABLE_ROWS;

  return (
    // overflow-x-clip: an edge label never widens the page, and nothing here becomes a scroll box.
    <figure
      aria-labelledby={`${id}-title`}
      className="@container space-y-3 overflow-x-clip rounded-lg border border-border bg-card p-card"
    >
      <figcaption>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </figcaption>
      {series.length > 1 ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-hidden="true">
          {series.map((each) => (
            <li key={each.name} className="flex items-center gap-1.5">
              <svg viewBox="0 0 10 10" className="size-3">
                <rect width="10" height="10" className={each.fill} />
              </svg>
              {each.name}
            </li>
          ))}
        </ul>
      ) : null}
      {short ? (
        <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] xl:items-start">
          {chart}
          {table}
        </div>
      ) : (
        <>
          {chart}
          <details className="group">
            <summary className="cursor-pointer py-3 text-sm font-medium text-primary underline">
              All {formatNumber(data.length)} figures as a table
            </summary>
            <div className="mt-3">{table}</div>
          </details>
        </>
      )}
    </figure>
  );
}
