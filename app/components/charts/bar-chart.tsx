import { axisTicks } from "~/lib/chart-ranges";
import { cn } from "~/lib/cn";
import { formatNumber } from "~/lib/format";
import { countOf, type Noun } from "~/lib/words";

export interface BarSeries {
  name: string;
  /** A Tailwind fill class, so the chart follows the theme. */
  fill: string;
}

export interface BarDatum {
  label: string;
  values: number[];
}

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

export interface AxisMark {
  /** The bar the mark stands at, at its left edge. */
  index: number;
  label: string;
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
  const table = <FigureTable id={id} title={title} series={series} data={data} />;
  const short = data.length <= SHORT_TABLE_ROWS;

  return (
    // overflow-x-clip: an edge label never widens the page, and nothing here becomes a scroll box.
    <figure
      aria-labelledby={`${id}-title`}
      className="@container space-y-3 overflow-x-clip rounded-lg border border-border bg-card p-4"
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
        <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] xl:items-start">
          {chart}
          {table}
        </div>
      ) : (
        <>
          {chart}
          <details className="group">
            <summary className="cursor-pointer text-sm font-medium text-primary underline">
              All {formatNumber(data.length)} figures as a table
            </summary>
            <div className="mt-3">{table}</div>
          </details>
        </>
      )}
    </figure>
  );
}

type Describe = (datum: BarDatum, value: number, seriesIndex: number) => string;

interface BarsProps {
  id: string;
  series: BarSeries[];
  data: BarDatum[];
  max: number;
  describe: Describe;
}

const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);

/** Stacked segments of one bar in a 0–100 coordinate space along its length. */
function segments(values: number[], max: number) {
  let offset = 0;
  return values.map((value) => {
    const length = (value / max) * 100;
    const start = offset;
    offset += length;
    return { start, length };
  });
}

/**
 * How many labels to skip so that labels about `chars` characters long do not overlap across a plot
 * about `width` pixels wide (12 px text is about 7 px a character, plus a gap).
 */
function labelStep(count: number, chars: number, width: number) {
  return Math.max(1, Math.ceil(((chars * 7 + 12) * count) / width));
}

/** Text of the axis is about 7 px a character at 12 px, and wants a gap after it. */
const labelWidth = (label: string) => label.length * 7 + 12;

/**
 * The marks that can be named across a plot about `width` pixels wide: from the left, each one far
 * enough from the last one named and from the right edge for its label to fit.
 */
function namedMarks(marks: readonly AxisMark[], count: number, width: number) {
  const named = new Set<number>();
  let free = -Infinity; // where the last named label and its gap end
  for (const mark of marks) {
    const at = (mark.index / count) * width;
    if (at >= free && width - at >= labelWidth(mark.label)) {
      named.add(mark.index);
      free = at + labelWidth(mark.label);
    }
  }
  return named;
}

function ColumnBars({ id, series, data, max: tallest, describe, marks }: BarsProps & { marks?: AxisMark[] }) {
  // The axis runs to its top tick, a round number at or just above the tallest bar.
  const ticks = axisTicks(tallest);
  const max = ticks.at(-1) ?? tallest;
  const widest = ticks.map(formatNumber).reduce((a, b) => (b.length > a.length ? b : a), "");
  const chars = Math.max(1, ...data.map((datum) => datum.label.length));
  // A plot at least ~460 px wide from a 32rem container up, and at least ~210 px on a 320 px phone;
  // the narrow set of labels is a subset of the wide one.
  const wide = labelStep(data.length, chars, 460);
  const narrow = Math.ceil(labelStep(data.length, chars, 210) / wide) * wide;
  const count = Math.max(1, data.length);

  return (
    <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-xs text-muted-foreground">
      <div className="relative h-48" aria-hidden="true">
        <span className="invisible block tabular-nums">{widest}</span>
        {ticks.map((tick) => (
          <span
            key={tick}
            className="absolute right-0 -translate-y-1/2 tabular-nums"
            style={{ top: `${100 - (tick / max) * 100}%` }}
          >
            {formatNumber(tick)}
          </span>
        ))}
      </div>
      <svg
        viewBox={`0 0 ${count} 100`}
        preserveAspectRatio="none"
        className="h-48 w-full overflow-visible"
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-table`}
      >
        {ticks.map((tick) => (
          <line
            key={tick}
            x1={0}
            x2={count}
            y1={100 - (tick / max) * 100}
            y2={100 - (tick / max) * 100}
            className="stroke-border"
            strokeWidth={1}
            vectorEffect="non-scaling-stroke"
          />
        ))}
        {marks
          ?.filter((mark) => mark.index > 0)
          .map((mark) => (
            <line
              key={mark.index}
              x1={mark.index}
              x2={mark.index}
              y1={0}
              y2={100}
              className="stroke-border"
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          ))}
        {data.map((datum, index) =>
          segments(datum.values, max).map(({ start, length }, seriesIndex) =>
            length > 0 ? (
              <rect
                key={`${datum.label}-${seriesIndex}`}
                x={index + 0.125}
                width={0.75}
                y={100 - start - length}
                height={length}
                className={series[seriesIndex]?.fill}
              >
                <title>{describe(datum, datum.values[seriesIndex] ?? 0, seriesIndex)}</title>
              </rect>
            ) : null,
          ),
        )}
      </svg>
      {marks ? (
        <MarkAxis marks={marks} count={count} />
      ) : (
        <div className="col-start-2 relative h-5" aria-hidden="true">
          {data.map((datum, index) =>
            index % wide === 0 ? (
              <span
                key={datum.label}
                className={cn(
                  "absolute top-1 whitespace-nowrap",
                  index === 0 ? "" : index === data.length - 1 ? "-translate-x-full" : "-translate-x-1/2",
                  index % narrow === 0 ? "" : "hidden @lg:block",
                )}
                style={{
                  left: `${((index === 0 ? index + 0.125 : index === data.length - 1 ? index + 0.875 : index + 0.5) / count) * 100}%`,
                }}
              >
                {datum.label}
              </span>
            ) : null,
          )}
        </div>
      )}
    </div>
  );
}

/**
 * How wide the plot is at least, by the figure's width: ~210 px on a 320 px phone, ~460 px from a
 * 32rem figure, ~830 px from a 56rem one; each names the marks that fit it, with the classes that
 * show a mark from there on or hide it.
 */
const markTiers = [
  { width: 210, show: "", hide: "hidden" },
  { width: 460, show: "@lg:block", hide: "@lg:hidden" },
  { width: 830, show: "@4xl:block", hide: "@4xl:hidden" },
] as const;

/** The axis under a long run of columns: each mark's label at its line, as many as fit the width (namedMarks). */
function MarkAxis({ marks, count }: { marks: readonly AxisMark[]; count: number }) {
  const named = markTiers.map((tier) => namedMarks(marks, count, tier.width));
  return (
    <div className="col-start-2 relative h-5" aria-hidden="true">
      {marks.map((mark) => {
        const shown = named.map((set) => set.has(mark.index));
        if (!shown.some(Boolean)) return null;
        // A class where the mark's visibility changes from the tier before: hidden on a phone, shown from @lg, …
        const classes = markTiers.map((tier, index) =>
          index === 0
            ? shown[0]
              ? ""
              : tier.hide
            : shown[index] === shown[index - 1]
              ? ""
              : shown[index]
                ? tier.show
                : tier.hide,
        );
        return (
          <span
            key={mark.index}
            className={cn("absolute top-1 whitespace-nowrap pl-0.5", ...classes)}
            style={{ left: `${(mark.index / count) * 100}%` }}
          >
            {mark.label}
          </span>
        );
      })}
    </div>
  );
}

function RowBars({ id, series, data, max, describe }: BarsProps) {
  return (
    <div role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-table`}>
      <ul className="space-y-1.5 text-sm" aria-hidden="true">
        {data.map((datum) => (
          <li key={datum.label} className="grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)_4rem] items-center gap-2">
            <span className="break-words">{datum.label}</span>
            <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="h-4 w-full">
              {segments(datum.values, max).map(({ start, length }, seriesIndex) =>
                length > 0 ? (
                  <rect
                    key={seriesIndex}
                    x={start}
                    width={length}
                    y={0}
                    height={10}
                    className={series[seriesIndex]?.fill}
                  >
                    <title>{describe(datum, datum.values[seriesIndex] ?? 0, seriesIndex)}</title>
                  </rect>
                ) : null,
              )}
            </svg>
            <span className="text-right tabular-nums text-muted-foreground">{formatNumber(total(datum.values))}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function FigureTable({ id, title, series, data }: Pick<BarChartProps, "id" | "title" | "series" | "data">) {
  return (
    // Smaller on phones, so a row's name keeps two lines beside columns named "Meaning-changing".
    <table id={`${id}-table`} className="w-full border-collapse text-left text-sm max-sm:text-xs">
      <caption className="sr-only">{title}</caption>
      <thead>
        <tr className="border-b border-border">
          <td className="py-1 pr-2" />
          {series.map((each) => (
            <th key={each.name} scope="col" className="py-1 pr-2 text-right align-bottom">
              {each.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {data.map((datum) => (
          <tr key={datum.label} className="border-b border-border last:border-0">
            <th scope="row" className="py-1 pr-2 font-normal max-sm:min-w-[6.5rem]">
              {datum.label}
            </th>
            {datum.values.map((value, index) => (
              <td key={index} className="py-1 pr-2 text-right tabular-nums">
                {formatNumber(value)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
