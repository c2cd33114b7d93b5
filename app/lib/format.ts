/** Formatting shared by server and browser, fixed to one locale and UTC so both render the same. */

const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const monthFormat = new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" });
const numberFormat = new Intl.NumberFormat("en-GB");

/** 2016-05-25 → 25 May 2016 */
export function formatDate(isoDate: string | null | undefined) {
  if (!isoDate) return "—";
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : dateFormat.format(date);
}

export function formatMonth(isoDate: string | null | undefined) {
  if (!isoDate) return "—";
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : monthFormat.format(date);
}

export function formatNumber(value: number) {
  return numberFormat.format(value);
}

/** A date range such as "Mar 2014 – Nov 2014". */
export function formatMonthRange(from: string | null, to: string | null) {
  if (!from) return "—";
  const start = formatMonth(from);
  const end = formatMonth(to);
  return start === end ? start : `${start} – ${end}`;
}

/** The site a link leads to, as a reader knows it: https://www.example.org/wn/1 → example.org. */
export function formatSite(url: string) {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}
