/** The data a bar chart draws, and the geometry its bars share (./column-bars.tsx, ./row-bars.tsx). */

export interface BarSeries {
  name: string;
  /** A Tailwind fill class, so the chart follows the theme. */
  fill: string;
}

export interface BarDatum {
  label: string;
  values: number[];
}

export interface AxisMark {
  /** The bar the mark stands at, at its left edge. */
  index: number;
  label: string;
}

export type Describe = (datum: BarDatum, value: number, seriesIndex: number) => string;

export interface BarsProps {
  id: string;
  series: BarSeries[];
  data: BarDatum[];
  max: number;
  describe: Describe;
}

export const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);

/** Stacked segments of one bar in a 0–100 coordinate space along its length. */
export function segments(values: number[], max: number) {
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
export function labelStep(count: number, chars: number, width: number) {
  return Math.max(1, Math.ceil(((chars * 7 + 12) * count) / width));
}

/** Text of the axis is about 7 px a character at 12 px, and wants a gap after it. */
const labelWidth = (label: string) => label.length * 7 + 12;

/**
 * The marks that can be named across a plot about `width` pixels wide: from the left, each one far
 * enough from the last one named and from the right edge for its label to fit.
 */
export function namedMarks(marks: readonly AxisMark[], count: number, width: number) {
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
