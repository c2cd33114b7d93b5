import { mediumOf, volumeKey } from "../app/lib/content/units";
import type { ContentPack } from "./schema/files";

type Collection = ContentPack["lightNovels"]["collections"][number];
type Episode = ContentPack["anime"]["seasons"][number]["episodes"][number];

/*
 * What an adaptation left out or told out of order, read from the data alone: each episode says which
 * web novel chapters it adapts (one run, a first and a last, or several, in story order; or none, for an
 * anime-original episode), so chapters inside a season's adapted span that no episode covers were
 * skipped (those between two runs of one episode too), and an episode that starts before the previous
 * one ends went back.
 * Explicit notes in the pack cover what these ranges cannot say (a scene moved, an original scene).
 * The light novel volumes' ranges are read here too: where a collection's volumes overlap, and what
 * the reader of a volume that shares chapters with the next has read.
 */

/** One run of chapters an episode adapts, as story positions of its first and last chapter (an episode may have several). */
export interface AdaptedRange {
  key: string;
  from: number;
  to: number;
}

/** A web novel chapter and its story position. */
export interface ChapterPlace {
  key: string;
  position: number;
}

/** A change the data shows, on the episode it concerns, over a run of chapters (first and last key). */
export interface ComputedChange {
  episode: string;
  kind: "skipped" | "reordered";
  from: string;
  to: string;
}

/** Runs of consecutive chapters (in story order) that satisfy `take`, as first and last. */
function runs(chapters: readonly ChapterPlace[], take: (chapter: ChapterPlace) => boolean) {
  const found: { from: ChapterPlace; to: ChapterPlace }[] = [];
  let open: { from: ChapterPlace; to: ChapterPlace } | null = null;
  for (const chapter of chapters) {
    if (!take(chapter)) open = null;
    else if (open) open.to = chapter;
    else found.push((open = { from: chapter, to: chapter }));
  }
  return found;
}

/**
 * The skipped and reordered chapters of one season, given its episodes' runs in airing order (each
 * episode's runs in story order) and every web novel chapter. A run of skipped chapters belongs to the first episode (in airing order) that
 * starts after it, the one a viewer meets just past the gap; a reordered run to the episode that
 * goes back, naming the chapters it returns to that earlier episodes had already passed.
 */
export function adaptationChanges(
  episodes: readonly AdaptedRange[],
  chapters: readonly ChapterPlace[],
): ComputedChange[] {
  const first = episodes[0];
  const last = episodes.at(-1);
  if (!first || !last) return [];
  const inOrder = [...chapters].sort((a, b) => a.position - b.position);
  const changes: ComputedChange[] = [];

  const start = Math.min(...episodes.map((episode) => episode.from));
  const end = Math.max(...episodes.map((episode) => episode.to));
  const covered = (position: number) => episodes.some((episode) => episode.from <= position && position <= episode.to);
  for (const gap of runs(
    inOrder,
    (chapter) => chapter.position > start && chapter.position < end && !covered(chapter.position),
  )) {
    const resumes = episodes.find((episode) => episode.from > gap.to.position) ?? last;
    changes.push({ episode: resumes.key, kind: "skipped", from: gap.from.key, to: gap.to.key });
  }

  let reached = -Infinity;
  for (const episode of episodes) {
    // Starting inside the chapter the previous episode ended in is a split chapter, not a step back.
    if (episode.from < reached) {
      const back = runs(
        inOrder,
        (chapter) => chapter.position >= episode.from && chapter.position <= Math.min(episode.to, reached),
      );
      for (const run of back)
        changes.push({ episode: episode.key, kind: "reordered", from: run.from.key, to: run.to.key });
    }
    reached = Math.max(reached, episode.to);
  }
  return changes;
}

/**
 * One light novel volume's adapted chapters, as story positions and keys, with whether the pack declares
 * that it begins in chapters the volume before it ends with (`overlapsPrevious`).
 */
export interface VolumeSpan {
  key: string;
  /** The volume's place in its collection's list in the file, for naming the field. */
  index: number;
  from: ChapterPlace;
  to: ChapterPlace;
  overlapsPrevious: boolean;
}

/** A problem with a collection's ranges, on the volume (its index in the file) and field it concerns. */
export interface SpanProblem {
  index: number;
  field: "adapts" | "overlapsPrevious";
  message: string;
}

/**
 * Whether a volume continues the one before it, sharing its last chapters: it begins after that
 * volume's first chapter, at or before its last, and ends after its last.
 */
const continues = (span: VolumeSpan, previous: VolumeSpan) =>
  previous.from.position < span.from.position &&
  span.from.position <= previous.to.position &&
  span.to.position > previous.to.position;

const chaptersBetween = (from: ChapterPlace, to: ChapterPlace) =>
  from.key === to.key ? from.key : `${from.key} to ${to.key}`;

/**
 * What is wrong with the ranges of one collection's volumes, given in number order. A collection is read
 * in order, so its volumes adapt chapters no other of its volumes adapts: an overlap would let the
 * reader of the earlier volume be shown what the story reveals in the chapters they share (a range
 * running to the end of the arc reveals the end of the arc). Where the books really share chapters (a
 * chapter split between two volumes), the later volume says so with `overlapsPrevious`; it then begins
 * inside the volume before it and ends after it, and shares nothing with any other.
 */
export function volumeSpanProblems(spans: readonly VolumeSpan[]): SpanProblem[] {
  const problems: SpanProblem[] = [];
  spans.forEach((span, at) => {
    const previous = at > 0 ? spans[at - 1]! : null;
    if (span.overlapsPrevious && !previous)
      problems.push({
        index: span.index,
        field: "overlapsPrevious",
        message: `${span.key} is its collection's first volume that adapts the web novel, so it has no volume before it to share chapters with: leave overlapsPrevious out`,
      });
    else if (span.overlapsPrevious && previous && span.from.position > previous.to.position)
      problems.push({
        index: span.index,
        field: "overlapsPrevious",
        message: `${span.key} adapts ${chaptersBetween(span.from, span.to)} and shares no chapter with ${previous.key} (${chaptersBetween(previous.from, previous.to)}): leave overlapsPrevious out`,
      });
    else if (span.overlapsPrevious && previous && !continues(span, previous))
      problems.push({
        index: span.index,
        field: "adapts",
        message: `adapts ${chaptersBetween(span.from, span.to)}, which is not a continuation of ${previous.key} (${chaptersBetween(previous.from, previous.to)}): a volume that shares chapters with the one before it begins after that volume's first chapter, at or before its last, and ends after its last`,
      });
    spans.slice(0, at).forEach((earlier, before) => {
      const declared = span.overlapsPrevious && before === at - 1;
      if (declared || earlier.to.position < span.from.position || span.to.position < earlier.from.position) return;
      const first = earlier.from.position > span.from.position ? earlier.from : span.from;
      const last = earlier.to.position < span.to.position ? earlier.to : span.to;
      const shared = `they share ${chaptersBetween(first, last)}, and a reader of ${earlier.key} would be shown what the story reveals there`;
      problems.push({
        index: span.index,
        field: "adapts",
        message:
          before === at - 1
            ? `adapts ${chaptersBetween(span.from, span.to)}, which overlaps ${earlier.key} (${chaptersBetween(earlier.from, earlier.to)}): ${shared}. Correct the range, or, where the books really share these chapters (a chapter split between two volumes), say so with "overlapsPrevious": true on ${span.key}`
            : `adapts ${chaptersBetween(span.from, span.to)}, which overlaps ${earlier.key} (${chaptersBetween(earlier.from, earlier.to)}): ${shared}. A volume may share chapters only with the one just before it`,
      });
    });
  });
  return problems;
}

/**
 * The last chapter (a story position) each volume's reader has read, where it ends with chapters the
 * next volume declares it shares (`overlapsPrevious`): those are read with the next volume, which
 * finishes them (a split chapter's second half is in the later book). The shield gives the earlier
 * volume's reader nothing the story reveals in them; the later volume's reader, who read both, all.
 */
export function readBeforeShared(spans: readonly VolumeSpan[]): Map<string, number> {
  const readUpTo = new Map<string, number>();
  spans.forEach((span, at) => {
    const previous = at > 0 ? spans[at - 1]! : null;
    if (span.overlapsPrevious && previous && continues(span, previous))
      readUpTo.set(previous.key, span.from.position - 1);
  });
  return readUpTo;
}

/** A collection's volumes that adapt the web novel, in number order, as spans over the story's positions. */
export function collectionSpans(collection: Collection, positions: ReadonlyMap<string, number>): VolumeSpan[] {
  const spans: VolumeSpan[] = [];
  collection.volumes.forEach((volume, index) => {
    if (!volume.adapts) return;
    const from = positions.get(volume.adapts.from);
    const to = positions.get(volume.adapts.to);
    // A range that points nowhere or runs backwards is reported where it is read.
    if (from === undefined || to === undefined || from > to) return;
    spans.push({
      key: volumeKey(collection.code, volume.number),
      index,
      from: { key: volume.adapts.from, position: from },
      to: { key: volume.adapts.to, position: to },
      overlapsPrevious: volume.overlapsPrevious,
    });
  });
  return spans.sort(
    (a, b) => collection.volumes[a.index]!.number - collection.volumes[b.index]!.number || a.index - b.index,
  );
}

/**
 * The light novel volumes an episode's adapted chapters lie in: every volume, of any collection, whose
 * range meets one of the episode's runs, in story order (by the first chapter each adapts). A book holding
 * part of a chapter the episode adapts is listed, so a volume sharing a split chapter is too; a volume
 * holding only chapters the episode skips between its runs is not.
 */
export function volumesOfEpisode(
  spans: readonly VolumeSpan[],
  runs: readonly { from: number; to: number }[],
): string[] {
  return spans
    .filter((span) => runs.some((run) => span.from.position <= run.to && run.from <= span.to.position))
    .sort((a, b) => a.from.position - b.from.position)
    .map((span) => span.key);
}

/** A run of web novel chapters a season's episode adapts, by key, with the fields that name its ends. */
export interface EpisodeRun {
  from: string;
  to: string;
  /** Where the run is written in the episode ("adapts", "adapts[1]"), and its ends' own fields. */
  field: string;
  fromField: string;
  toField: string;
}

/** A unit an episode's `adapts` names by key, with where it is written ("adapts[2]"). */
export interface EpisodeUnit {
  key: string;
  field: string;
}

/**
 * What a season's episode adapts, in either form the pack writes it (one run, or a list of runs and
 * keys): its runs of web novel chapters in the order written (a chapter named alone is a run of one), the
 * side stories it tells, and keys of any other medium (`strays`, which the check refuses). An
 * anime-original episode has none of them.
 */
export function episodeAdaptation(adapts: Episode["adapts"]) {
  const runs: EpisodeRun[] = [];
  const sideStories: EpisodeUnit[] = [];
  const strays: EpisodeUnit[] = [];
  if (adapts === undefined) return { runs, sideStories, strays };
  if (!Array.isArray(adapts))
    return {
      runs: [{ ...adapts, field: "adapts", fromField: "adapts.from", toField: "adapts.to" }],
      sideStories,
      strays,
    };
  adapts.forEach((part, index) => {
    const field = `adapts[${index}]`;
    if (typeof part !== "string") runs.push({ ...part, field, fromField: `${field}.from`, toField: `${field}.to` });
    else if (mediumOf(part) === "web_novel")
      runs.push({ from: part, to: part, field, fromField: field, toField: field });
    else if (mediumOf(part) === "side_stories") sideStories.push({ key: part, field });
    else strays.push({ key: part, field });
  });
  return { runs, sideStories, strays };
}

/** An episode's run whose ends are placed on the timeline, as story positions. */
export interface PlacedRun extends EpisodeRun {
  fromPosition: number;
  toPosition: number;
}

/**
 * What is wrong with the order of one episode's runs: each comes after the one before it in the story and
 * shares no chapter with it. Listed out of order, the runs could not say which chapters the episode passes
 * over; sharing chapters, they would name a chapter twice.
 */
export function episodeRunProblems(runs: readonly PlacedRun[]): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const name = (run: EpisodeRun) => (run.from === run.to ? run.from : `${run.from} to ${run.to}`);
  runs.forEach((run, at) => {
    const previous = at > 0 ? runs[at - 1]! : null;
    if (!previous || run.fromPosition > previous.toPosition) return;
    if (run.toPosition < previous.fromPosition)
      problems.push({
        field: run.field,
        message: `${name(run)} comes before ${name(previous)} (${previous.field}) in the story: list the chapters an episode adapts in story order (a scene the episode moved is a change of kind "reordered")`,
      });
    else {
      const first = run.fromPosition > previous.fromPosition ? run.from : previous.from;
      const last = run.toPosition < previous.toPosition ? run.to : previous.to;
      problems.push({
        field: run.field,
        message: `${name(run)} overlaps ${name(previous)} (${previous.field}): they share ${first === last ? first : `${first} to ${last}`}; name each chapter once, in story order`,
      });
    }
  });
  return problems;
}
