import { axisTicks } from "~/lib/content/chart-ranges";
import { cn } from "~/lib/cn";
import { formatNumber } from "~/lib/format";
import { type AxisMark, type BarsProps, labelStep, namedMarks, segments } from "./bars";

/** Columns for a sequence (months, arcs): a value axis on the left, the bars' or the marks' labels below. */
export function ColumnBars({ id, series, data, max: tallest, describe, marks }: BarsProps & { marks?: AxisMark[] }) {
  // The axis runs to its top tick, a round number at or just above the tallest bar.
  const ticks = axisTicks(tallest);
  const max = ticks.at(-1) ?? tallest;
  const widest = ticks.map(formatNumber).reduce((a, b) => (b.length > a.length ? b : a), "");
  const chars = Math.max(1, ...data.map((datum) => datum.label.length));
  // A plot at least ~460 px wide from a 32rem container up, and at least ~210 px on a 320 px phone;
  // with a large text size on a phone (a figure narrower than 11rem) its labels take as much room as
  // on a plot of ~40 px. Each narrower set of labels is a subset of the wider one.
  const wide = labelStep(data.length, chars, 460);
  const narrow = Math.ceil(labelStep(data.length, chars, 210) / wide) * wide;
  const tiny = Math.ceil(labelStep(data.length, chars, 40) / narrow) * narrow;
  const count = Math.max(1, data.length);
  const stacks = data.map((datum) => segments(datum.values, max));

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
        {/* A series' colour on its group, not on each of its bars. */}
        {series.map((each, seriesIndex) => (
          <g key={each.name} className={each.fill}>
            {stacks.map((stack, index) => {
              const { start = 0, length = 0 } = stack[seriesIndex] ?? {};
              const datum = data[index]!;
              return length > 0 ? (
                <rect key={datum.label} x={index + 0.125} width={0.75} y={100 - start - length} height={length}>
                  <title>{describe(datum, datum.values[seriesIndex] ?? 0, seriesIndex)}</title>
                </rect>
              ) : null;
            })}
          </g>
        ))}
      </svg>
      {marks ? (
        <MarkAxis marks={marks} count={count} />
      ) : (
        <div className="col-start-2 relative h-5" aria-hidden="true">
          {/* Each label is centred under its bar. The first and last, wider than their bars, keep to the
              plot's edges instead, so they stay inside the chart: centred by auto margins, which an
              item wider than its box gives up for its line's start (the right one, for the last). */}
          {data.map((datum, index) =>
            index % wide === 0 ? (
              <div
                key={datum.label}
                className={cn(
                  "absolute top-1 flex whitespace-nowrap",
                  index === 0
                    ? "*:mx-auto"
                    : index === data.length - 1
                      ? "flex-row-reverse *:mx-auto"
                      : "justify-center",
                  index % tiny === 0 ? "" : index % narrow === 0 ? "hidden @min-[11rem]:flex" : "hidden @lg:flex",
                )}
                style={{
                  left: `${(index / count) * 100}%`,
                  width: `${100 / count}%`,
                  paddingInline: `${12.5 / count}%`,
                }}
              >
                <span>{datum.label}</span>
              </div>
            ) : null,
          )}
        </div>
      )}
    </div>
  );
}

/**
 * How wide the plot is at least, by the figure's width: as ~40 px with a large text size on a phone (a
 * figure narrower than 11rem), ~210 px on a 320 px phone, ~460 px from a 32rem figure, ~830 px from a
 * 56rem one; each names the marks that fit it, with the classes that show a mark from there on or hide it.
 */
const markTiers = [
  { width: 40, show: "", hide: "hidden" },
  { width: 210, show: "@min-[11rem]:block", hide: "@min-[11rem]:hidden" },
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
