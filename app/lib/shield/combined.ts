import { unitPlace, unitRun } from "../content/units";
import { allKnowledge, hasConsumed, type Knowledge, knowledgeOfUnits, type Reached, type Units } from "./knowledge";
import { joinSpans, type Span } from "./spans";

/*
 * What someone knows who knows all of two knowledges: a writer who read on in one medium and went back
 * in another between posting and editing (their comment's words may keep what either knew). Kept apart
 * from ./knowledge.ts, which every page's first load carries: only the discussion's action needs it.
 */

/** The numbers both joined span lists hold. */
function commonSpans(a: readonly Span[], b: readonly Span[]): Span[] {
  const common: Span[] = [];
  for (const [first, last] of a)
    for (const [otherFirst, otherLast] of b) {
      const from = Math.max(first, otherFirst);
      const to = Math.min(last, otherLast);
      if (from <= to) common.push([from, to]);
    }
  return joinSpans(common);
}

/** Whether `unit` is at or before the place `at` on its line. */
const reachedBy = (at: Reached, unit: string) => hasConsumed(knowledgeOfUnits([at.key]), unit);

/**
 * The numbers of a run that a knowledge skipped there, and that `other` has not consumed: those past
 * `other`'s place on the line, or skipped by `other` too.
 */
function stillSkipped(run: string, spans: readonly Span[], other: Knowledge): Span[] {
  const place = unitPlace(run)!;
  const theirs = other.reached.get(place.line);
  const inRun = theirs && unitRun(theirs.key);
  // How far `other` went in this run: to their place in it, through all of it, or not into it.
  const consumedTo =
    theirs === undefined ? 0 : inRun?.run === run ? inRun.number : reachedBy(theirs, run) ? Number.MAX_SAFE_INTEGER : 0;
  const unread: Span[] = [...(other.skipped.runs.get(run) ?? [])];
  if (consumedTo < Number.MAX_SAFE_INTEGER) unread.push([consumedTo + 1, Number.MAX_SAFE_INTEGER]);
  return commonSpans(spans, joinSpans(unread));
}

/**
 * What a reader knows who knows all `a` knows and all `b` knows: on each line the further place, every
 * unit ticked in either, and skipped only what neither consumed. Never more: knowing everything takes
 * one of them knowing everything.
 */
export function knowledgeOfEither(a: Knowledge, b: Knowledge): Knowledge {
  if (a.everything || b.everything) return allKnowledge;
  const reached = new Map(a.reached);
  for (const [line, place] of b.reached) {
    const mine = reached.get(line);
    if (!mine || !reachedBy(mine, place.key)) reached.set(line, place);
  }
  // On each line, what the one further along skipped, less what the other read.
  const further = (unit: string) => {
    const line = unitPlace(unit)!.line;
    return reached.get(line) === a.reached.get(line) ? { skipper: a, other: b } : { skipper: b, other: a };
  };
  const skippedRuns = new Map<string, readonly Span[]>();
  for (const knowledge of [a, b])
    for (const [run, spans] of knowledge.skipped.runs) {
      const { skipper, other } = further(run);
      if (skipper !== knowledge) continue;
      const kept = stillSkipped(run, spans, other);
      if (kept.length) skippedRuns.set(run, kept);
    }
  const skippedKeys = [a, b].flatMap((knowledge) =>
    [...knowledge.skipped.keys].filter(
      (key) => further(key).skipper === knowledge && !hasConsumed(further(key).other, key),
    ),
  );
  const tickedRuns = new Map<string, readonly Span[]>(a.checked.runs);
  for (const [run, spans] of b.checked.runs) tickedRuns.set(run, joinSpans([...(tickedRuns.get(run) ?? []), ...spans]));
  const checked: Units = { keys: new Set([...a.checked.keys, ...b.checked.keys]), runs: tickedRuns };
  return {
    everything: false,
    reached,
    checked,
    skipped: { keys: new Set(skippedKeys), runs: skippedRuns },
    unreachedTitles: a.unreachedTitles === "show" || b.unreachedTitles === "show" ? "show" : "hide",
  };
}
