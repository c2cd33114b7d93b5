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
