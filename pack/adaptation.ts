/*
 * What an adaptation left out or told out of order, read from the data alone: each episode says which
 * web novel chapters it adapts (a first and a last), so chapters inside a season's adapted span that
 * no episode covers were skipped, and an episode that starts before the previous one ends went back.
 * Explicit notes in the pack cover what these ranges cannot say (a scene moved, an original scene).
 */

/** One episode's adapted range, as story positions of its first and last chapter. */
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
 * The skipped and reordered chapters of one season, given its episodes in airing order and every
 * web novel chapter. A run of skipped chapters belongs to the first episode (in airing order) that
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
