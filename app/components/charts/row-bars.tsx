import { formatNumber } from "~/lib/format";
import { type BarsProps, segments, total } from "./bars";

/**
 * One labelled bar per line, for categories with long names (volumes) that must stay readable on a
 * phone. Where the chart is narrower than 16 times the text size (a phone at twice the text size), the
 * name takes a line of its own above its bar, not a column a word or less wide.
 */
export function RowBars({ id, series, data, max, describe }: BarsProps) {
  return (
    <div role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-table`}>
      <ul className="space-y-1.5 text-sm" aria-hidden="true">
        {data.map((datum) => (
          <li
            key={datum.label}
            className="grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)_4rem] items-center gap-2 @max-[16rem]:grid-cols-[minmax(0,1fr)_auto] @max-[16rem]:gap-y-0"
          >
            <span className="break-words @max-[16rem]:col-span-full">{datum.label}</span>
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
