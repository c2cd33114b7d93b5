import { formatNumber } from "~/lib/format";

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
  unit: string;
  labelEvery?: number;
}

/** The series and bars of a chart with one number per bar, drawn in the theme's main colour. */
export function countBars(name: string, bars: Array<{ label: string; value: number }>): Pick<BarChartProps, "series" | "data"> {
  return { series: [{ name, fill: "fill-primary" }], data: bars.map(({ label, value }) => ({ label, values: [value] })) };
}

/**
 * A server-rendered SVG bar chart (stacked when there are several series) with the same numbers in
 * a table beside it, for screen readers and anyone who prefers figures. No chart library is shipped.
 */
export function BarChart({ id, title, description, series, data, unit, labelEvery = 1 }: BarChartProps) {
  const width = 640;
  const height = 220;
  const margin = { top: 12, right: 8, bottom: 36, left: 44 };
  const inner = { width: width - margin.left - margin.right, height: height - margin.top - margin.bottom };
  const max = Math.max(1, ...data.map((datum) => datum.values.reduce((sum, value) => sum + value, 0)));
  const step = inner.width / Math.max(1, data.length);
  const barWidth = Math.max(1, step * 0.75);
  const ticks = [0, 0.5, 1].map((fraction) => Math.round(max * fraction));

  return (
    <figure aria-labelledby={`${id}-title`} className="space-y-3 rounded-lg border border-border bg-card p-4">
      <figcaption>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </figcaption>
      {series.length > 1 ? (
        <ul className="flex flex-wrap gap-4 text-xs" aria-hidden="true">
          {series.map((each) => (
            <li key={each.name} className="flex items-center gap-1">
              <svg viewBox="0 0 10 10" className="size-3">
                <rect width="10" height="10" className={each.fill} />
              </svg>
              {each.name}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="grid gap-4 xl:grid-cols-[3fr_2fr]">
        <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-table`}>
          <g transform={`translate(${margin.left},${margin.top})`}>
            {ticks.map((tick) => {
              const y = inner.height - (tick / max) * inner.height;
              return (
                <g key={tick}>
                  <line x1={0} x2={inner.width} y1={y} y2={y} className="stroke-border" strokeWidth={1} />
                  <text x={-6} y={y + 4} textAnchor="end" className="fill-muted-foreground text-[11px]">
                    {formatNumber(tick)}
                  </text>
                </g>
              );
            })}
            {data.map((datum, index) => {
              let offset = 0;
              return (
                <g key={datum.label} transform={`translate(${index * step + (step - barWidth) / 2},0)`}>
                  {datum.values.map((value, seriesIndex) => {
                    const barHeight = (value / max) * inner.height;
                    offset += barHeight;
                    return (
                      <rect
                        key={seriesIndex}
                        x={0}
                        y={inner.height - offset}
                        width={barWidth}
                        height={barHeight}
                        className={series[seriesIndex]?.fill}
                      >
                        <title>{`${datum.label}: ${formatNumber(value)} ${series.length > 1 ? series[seriesIndex]?.name.toLowerCase() : unit}`}</title>
                      </rect>
                    );
                  })}
                  {index % labelEvery === 0 ? (
                    <text x={barWidth / 2} y={inner.height + 16} textAnchor="middle" className="fill-muted-foreground text-[11px]">
                      {datum.label}
                    </text>
                  ) : null}
                </g>
              );
            })}
          </g>
        </svg>
        <div className="max-h-72 overflow-auto">
          <table id={`${id}-table`} className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="sticky top-0 bg-card">
              <tr className="border-b border-border">
                <th scope="col" className="py-1 pr-2">&nbsp;</th>
                {series.map((each) => (
                  <th key={each.name} scope="col" className="py-1 pr-2 text-right">
                    {each.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.map((datum) => (
                <tr key={datum.label} className="border-b border-border last:border-0">
                  <th scope="row" className="py-1 pr-2 font-normal">
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
        </div>
      </div>
    </figure>
  );
}
