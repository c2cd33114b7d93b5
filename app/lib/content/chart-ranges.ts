/**
 * Charts stay readable, and their pages light, however long the series grows: past `max` bars,
 * consecutive bars merge into even ranges (arcs 1–3, 2001–2003), so a chart never has more than `max`.
 * `merge` makes one bar of a range: sums for counts, the last value for running totals.
 */
export function inRanges<T>(bars: readonly T[], max: number, merge: (range: T[]) => T): T[] {
  if (bars.length <= max) return [...bars];
  const size = Math.ceil(bars.length / max);
  const ranges: T[] = [];
  for (let start = 0; start < bars.length; start += size) ranges.push(merge(bars.slice(start, start + size)));
  return ranges;
}

/** The sum of one number over a range of bars. */
export function sumOf<T>(range: readonly T[], value: (bar: T) => number) {
  return range.reduce((sum, bar) => sum + value(bar), 0);
}

/** A range's label from its first and last bar's: "1–3", or "1" for a range of one. */
export function rangeLabel(first: string | number, last: string | number) {
  return first === last ? String(first) : `${first}–${last}`;
}

/**
 * The value axis of a chart whose tallest bar is `max`: ticks from 0 in round steps (1, 2 or 5 × 10ⁿ,
 * never less than 1, since bars count whole things), up to the first tick at or above `max`, at most
 * `steps` steps: 37 gives 0, 10, 20, 30, 40 rather than 0, 19, 37.
 */
export function axisTicks(max: number, steps = 4): number[] {
  const rough = Math.max(max, 1) / steps;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(
    1,
    [1, 2, 5, 10].map((multiple) => multiple * power).find((candidate) => candidate >= rough) ?? 10 * power,
  );
  const top = Math.max(step, Math.ceil(max / step) * step);
  return Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
}

/**
 * Counts per month ("2014-03") with every month between the first and the last, a month without
 * any as 0: a timeline that left out empty months would put a quiet year next to a busy one.
 */
export function withEmptyMonths(months: ReadonlyArray<{ label: string; value: number }>) {
  return withEmpty(months, (label) => {
    const [year = 0, month = 0] = label.split("-").map(Number);
    return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
  });
}

/** Counts per year ("2019") with every year between the first and the last, a year without any as 0. */
export function withEmptyYears(years: ReadonlyArray<{ label: string; value: number }>) {
  return withEmpty(years, (label) => String(Number(label) + 1));
}

function withEmpty(bars: ReadonlyArray<{ label: string; value: number }>, next: (label: string) => string) {
  const sorted = [...bars].sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  const values = new Map(sorted.map(({ label, value }) => [label, value]));
  const first = sorted[0]?.label;
  const last = sorted.at(-1)?.label;
  if (first === undefined || last === undefined) return [];
  const filled: Array<{ label: string; value: number }> = [];
  for (let label = first; label <= last; label = next(label)) filled.push({ label, value: values.get(label) ?? 0 });
  return filled;
}

/** The release timeline shows months up to ten years of them, then years. */
export const MAX_MONTHS = 120;

/**
 * Chapters per month as the release timeline draws them: every month from the first to the last, a
 * month without one as 0, or chapters per year, every year, once that is more than ten years of months.
 */
export function monthsOrYears(published: ReadonlyArray<{ label: string; value: number }>) {
  const months = withEmptyMonths(published);
  if (months.length <= MAX_MONTHS) return { by: "month" as const, counts: months };
  const years = new Map<string, number>();
  for (const { label, value } of months) years.set(label.slice(0, 4), (years.get(label.slice(0, 4)) ?? 0) + value);
  return { by: "year" as const, counts: [...years].map(([label, value]) => ({ label, value })) };
}

/**
 * Where a run of months ("2014-03", …) starts a year, for the axis: the bar of each January named by
 * its year, and the first bar by its own year when the run starts later in that year.
 */
export function yearStarts(months: readonly string[]) {
  return months.flatMap((month, index) =>
    index === 0 || month.endsWith("-01") ? [{ index, label: month.slice(0, 4) }] : [],
  );
}
