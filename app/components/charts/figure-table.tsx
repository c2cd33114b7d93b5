import { formatNumber } from "~/lib/format";
import type { BarDatum, BarSeries } from "./bars";

/** The chart's numbers as a table, for screen readers and anyone who prefers figures. */
export function FigureTable({
  id,
  title,
  series,
  data,
}: {
  id: string;
  title: string;
  series: BarSeries[];
  data: BarDatum[];
}) {
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
