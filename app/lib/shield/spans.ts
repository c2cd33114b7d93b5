/*
 * Numbers held as spans (the skipped chapters of an arc, the ticked shorts of a season: the reveal
 * parameter's ranges, ./knowledge.ts). A span is held as its two ends, never as every number in it, so
 * a span of a million numbers costs what a span of two does.
 */

/** Every whole number from the first to the last, both included. */
export type Span = readonly [first: number, last: number];

/**
 * The spans sorted, with those that overlap or touch joined: the one way to hold a set of numbers as
 * spans, so the same numbers are always written the same.
 */
export function joinSpans(spans: Iterable<Span>): Span[] {
  const joined: [number, number][] = [];
  for (const [first, last] of [...spans].sort((a, b) => a[0] - b[0])) {
    const previous = joined.at(-1);
    if (previous && first <= previous[1] + 1) previous[1] = Math.max(previous[1], last);
    else joined.push([first, last]);
  }
  return joined;
}

/** The span of joined spans (./joinSpans) that holds the number, found by halving: never a walk. */
function spanHolding(spans: readonly Span[], number: number): Span | undefined {
  let low = 0;
  let high = spans.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [first, last] = spans[middle]!;
    if (number < first) high = middle - 1;
    else if (number > last) low = middle + 1;
    else return spans[middle];
  }
  return undefined;
}

/** Whether joined spans hold the number. */
export function spansHold(spans: readonly Span[], number: number) {
  return spanHolding(spans, number) !== undefined;
}

/** Whether joined spans hold every number of the span (joined, they must hold it in one of theirs). */
export function spansCover(spans: readonly Span[], [first, last]: Span) {
  const holding = spanHolding(spans, first);
  return holding !== undefined && last <= holding[1];
}
