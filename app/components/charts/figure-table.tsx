import { formatNumber } from "~/lib/format";
import type { BarDatum, BarSeries } from "./bars";

const tableClassName = [
  "w-full border-collapse text-left text-sm max-sm:text-xs",
  // No room kept after the last column: at twice the text size a name and its figure fit a 320 px phone.
  "[&_td]:py-1 [&_td]:pr-2 [&_th]:py-1 [&_th]:pr-2 [&_td:last-child]:pr-0 [&_th:last-child]:pr-0",
  "[&_tr]:border-b [&_tr]:border-border",
  "[&_tbody_tr:last-child]:border-0 [&_tbody_th]:font-normal",
  "[&_tbody_td]:text-right [&_tbody_td]:tabular-nums",
].join(" ");
/**
 * Beside several columns ("Meaning-changing"), a row's name keeps room for two lines; beside one, it
 * takes only what it needs, so a name and its number fit a phone at twice the text size.
 */
const severalColumnsClassName = `${tableClassName} max-sm:[&_tbody_th]:min-w-[6.5rem] @max-[16rem]:stacked-table`;
/**
 * Where its box is too narrow for its columns (several at twice the text size on a phone; one at 320 px,
 * "Season 1" beside "Episodes"), a row stands as a block, each figure beside its column's name.
 */
const oneColumnClassName = `${tableClassName} @max-[6.5rem]:stacked-table`;

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
    // Smaller on phones, so a row's name keeps two lines beside columns named "Meaning-changing". The
    // cells are styled from the table, not each on its own: a long table renders a class per table.
    <table id={`${id}-table`} className={series.length > 1 ? severalColumnsClassName : oneColumnClassName}>
      <caption className="sr-only">{title}</caption>
      <thead>
        <tr>
          <td />
          {series.map((each) => (
            <th key={each.name} scope="col" className="text-right align-bottom">
              {each.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {data.map((datum) => (
          <tr key={datum.label}>
            <th scope="row">{datum.label}</th>
            {datum.values.map((value, index) => (
              <td key={index} data-column={series[index]?.name}>
                {formatNumber(value)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
