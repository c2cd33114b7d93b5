import { type Medium, mediumOf, parseUnitKey } from "../content/units";
import { knows } from "../shield/knowledge";
import { mergeProgress } from "./changes";
import { emptyProgress, knowledgeOf, lastMangaChapter, lastVolumeNumber, mangaSeriesOf, type Progress } from "./record";
import { lightNovelCollections, mangaSeries, type TrackerUnit, unitsByMedium } from "./tracker-units";

/*
 * Crossing from one medium into another: "I finished this season (or this volume): continue in the
 * web novel or the light novels". The reader's place in the medium they come from reaches a web novel
 * chapter (the cross-media map: `TrackerUnit.coveredBy`); they start the other medium right after it.
 * What they have not seen on the way (the chapters an anime season left out, the scenes the light
 * novels cut, the volumes with such chapters) is skipped: it stays unread, and what it reveals stays
 * hidden, until they read it. Side stories that belong before the start are listed; they stay unread.
 */

export interface Crossing {
  /** Where the reader is in the medium they come from: the last episode watched or volume read. */
  from: TrackerUnit;
  /**
   * The medium they continue in, with the light novel collection or the manga series (its code) they
   * continue in; null for the web novel.
   */
  to: { medium: Extract<Medium, "web_novel" | "light_novels" | "manga">; collection: string | null; name: string };
  /** The first chapter or volume to read. */
  start: TrackerUnit;
  /**
   * Chapters or volumes before the start the reader has not seen, in story order: into the manga, its
   * chapters that adapt what they have not seen and the ones the manga made up.
   */
  skipped: TrackerUnit[];
  /** Side stories that come before the start and are unread. */
  sideStories: TrackerUnit[];
  /** The record after crossing: the place before the start set, the skipped units kept unread. */
  progress: Progress;
  /**
   * Into the light novels, where the reader's place ends partway through the volume they start (a manga
   * volume that ends partway through a light novel volume): that volume, which begins with chapters they
   * have read; into the manga, the chapter they start where it begins with chapters they have read. Null
   * where they start at a beginning, or the web novel.
   */
  partway: TrackerUnit | null;
}

/** Where a crossing's reader comes from, in words: "the anime", "the manga", "the Lanternfall light novels". */
export function crossingSource(from: Pick<TrackerUnit, "medium" | "group">) {
  if (from.medium === "anime") return "the anime";
  return from.medium === "manga" ? "the manga" : `the ${from.group} light novels`;
}

/** The web novel chapter a unit's place reaches, from the units that cover it. */
function reachedChapter(unit: TrackerUnit) {
  return unit.coveredBy.find((key) => mediumOf(key) === "web_novel") ?? null;
}

/**
 * Where the reader is in each medium they can cross from (the anime, by a season's episode or a recut's,
 * each light novel collection that adapts the web novel, and each manga series: decision 49), with the
 * web novel chapter that place reaches. An episode that adapts no chapter (anime-original) reaches what the last episode before it
 * that adapts any reaches; an episode that intercuts runs of chapters reaches the last chapter of its
 * last run, the chapters it passed over being skipped like any other the anime left out.
 */
function crossingPoints(
  progress: Progress,
  byKey: ReadonlyMap<string, TrackerUnit>,
  episodes: readonly TrackerUnit[],
): { from: TrackerUnit; reached: string }[] {
  const pointOf = (key: string | null) => {
    const from = key ? byKey.get(key) : undefined;
    if (!from) return [];
    const at = episodes.indexOf(from);
    const reached =
      reachedChapter(from) ??
      (at > 0
        ? episodes
            .slice(0, at)
            .map(reachedChapter)
            .findLast((chapter) => chapter !== null)
        : null) ??
      null;
    return reached === null ? [] : [{ from, reached }];
  };
  return [progress.anime, ...progress.recuts, ...progress.lightNovels, ...progress.manga].flatMap(pointOf);
}

/** Every crossing the reader can make: from each medium they are in, into each medium they are behind in. */
export function crossings(progress: Progress, units: readonly TrackerUnit[]): Crossing[] {
  return crossingsOn(units)(progress);
}

/**
 * The crossings over one timeline, for any number of records: what the timeline says (its chapters in
 * order, which chapters each light novel volume covers) is read once, what each record can make then.
 */
export function crossingsOn(units: readonly TrackerUnit[]): (progress: Progress) => Crossing[] {
  const byKey = new Map(units.map((unit) => [unit.key, unit]));
  const { web_novel: chapters, side_stories: sideStories, anime: episodes } = unitsByMedium(units);
  const positionOf = new Map(units.map((unit) => [unit.key, unit.position]));
  // Which chapters each light novel volume and manga chapter covers, read once from the chapters' cross-media map.
  const chaptersOf = new Map<string, TrackerUnit[]>();
  for (const chapter of chapters) {
    for (const key of chapter.coveredBy) {
      const medium = mediumOf(key);
      if (medium !== "light_novels" && medium !== "manga") continue;
      const list = chaptersOf.get(key);
      if (list) list.push(chapter);
      else chaptersOf.set(key, [chapter]);
    }
  }
  const covered = (volume: TrackerUnit) => chaptersOf.get(volume.key) ?? [];
  // The side stories each manga chapter tells, from the stories' cross-media map.
  const storiesOf = new Map<string, TrackerUnit[]>();
  for (const story of sideStories) {
    for (const key of story.coveredBy) {
      if (mediumOf(key) !== "manga") continue;
      const list = storiesOf.get(key);
      if (list) list.push(story);
      else storiesOf.set(key, [story]);
    }
  }
  const told = (manga: TrackerUnit) => storiesOf.get(manga.key) ?? [];
  const collections = lightNovelCollections(units);
  const series = mangaSeries(units);

  return (progress) => {
    const knowledge = knowledgeOf(progress);
    const seen = (unit: TrackerUnit) => knows(knowledge, unit.coveredBy);
    // Unread (neither ticked nor told by what the reader watched or read) and placed before the story's
    // next chapter after `reached`: a volume or a manga chapter sits at its last chapter, so a side story
    // placed inside the volume the reader starts would come "before" it, though it needs half the volume read.
    const sideStoriesBefore = (reached: number, unit: TrackerUnit) => {
      const next = chapters.find((chapter) => chapter.position > reached) ?? unit;
      return sideStories.filter((story) => story.position < next.position && !seen(story));
    };
    const points = crossingPoints(progress, byKey, episodes).map(({ from, reached }) => ({
      from,
      reached: positionOf.get(reached) ?? -1,
    }));
    /**
     * The place, outside the line an offer leads into, that reaches furthest in the story: an offer is
     * made from everything the reader has seen, never from a place that something else they have seen has
     * passed (an anime viewer's recut episode holding season 1 to its 6th, beside season 1's 5th ticked:
     * the manga series season 1's 5th would lead into is behind them). The first of those that reach as
     * far, so the season's episode before a recut's that holds it.
     */
    const furthestOutside = (line: (from: TrackerUnit) => boolean) =>
      points
        .filter(({ from }) => !line(from))
        .reduce<(typeof points)[number] | undefined>(
          (furthest, point) => (furthest && furthest.reached >= point.reached ? furthest : point),
          undefined,
        );
    const result: Crossing[] = [];

    // Into the web novel, when the reader's place there is behind.
    const intoWebNovel = furthestOutside(() => false);
    if (intoWebNovel) {
      const { from, reached } = intoWebNovel;
      const start = chapters.find((chapter) => chapter.position > reached);
      const place = chapters.findLast((chapter) => chapter.position <= reached);
      if (start && place && (positionOf.get(progress.webNovel ?? "") ?? -1) < place.position) {
        const skipped = chapters.filter((chapter) => chapter.position <= reached && !seen(chapter));
        result.push({
          from,
          to: { medium: "web_novel", collection: null, name: "the web novel" },
          start,
          skipped,
          sideStories: sideStoriesBefore(reached, start),
          partway: null,
          progress: mergeProgress(progress, {
            ...emptyProgress,
            webNovel: place.key,
            skipped: skipped.map((unit) => unit.key),
          }),
        });
      }
    }

    // Into each light novel collection that adapts the web novel, from the anime or another collection.
    for (const collection of collections) {
      const point = furthestOutside((from) => parseUnitKey(from.key, "light_novels")?.collection === collection.code);
      if (!point) continue;
      const { from, reached } = point;
      const startVolume = collection.volumes.find((volume) =>
        covered(volume).some((chapter) => chapter.position > reached),
      );
      const index = startVolume ? collection.volumes.indexOf(startVolume) : -1;
      const placeVolume = index > 0 ? collection.volumes[index - 1] : undefined;
      if (!startVolume || !placeVolume) continue;
      const placeNumber = parseUnitKey(placeVolume.key, "light_novels")?.volume ?? 0;
      if (lastVolumeNumber(progress, collection.code) >= placeNumber) continue;
      const skipped = collection.volumes.slice(0, index).filter((volume) => !covered(volume).every(seen));
      result.push({
        from,
        to: { medium: "light_novels", collection: collection.code, name: `the ${collection.name} light novels` },
        start: startVolume,
        skipped,
        sideStories: sideStoriesBefore(reached, startVolume),
        // The volume starts before where the reader is: it holds chapters they have read.
        partway: covered(startVolume).some((chapter) => chapter.position <= reached) ? startVolume : null,
        progress: mergeProgress(progress, {
          ...emptyProgress,
          lightNovels: [placeVolume.key],
          skipped: skipped.map((unit) => unit.key),
        }),
      });
    }

    // Into each manga series whose chapters go on past the reader's place (decision 49), from any other medium.
    for (const one of series) {
      const point = furthestOutside((from) => mangaSeriesOf(from.key) === one.code);
      if (!point) continue;
      const { from, reached } = point;
      const startChapter = one.chapters.find((manga) => covered(manga).some((chapter) => chapter.position > reached));
      const index = startChapter ? one.chapters.indexOf(startChapter) : -1;
      const placeChapter = index > 0 ? one.chapters[index - 1] : undefined;
      if (!startChapter || !placeChapter) continue;
      const current = lastMangaChapter(progress, one.code);
      if (current !== null && (positionOf.get(current) ?? -1) >= placeChapter.position) continue;
      // Credited where the reader has seen all it tells, chapters and side stories; a chapter the manga
      // made up (it tells neither) is new to anyone who crosses.
      const skipped = one.chapters.slice(0, index).filter((manga) => {
        const tells = [...covered(manga), ...told(manga)];
        return tells.length === 0 || !tells.every(seen);
      });
      result.push({
        from,
        to: { medium: "manga", collection: one.code, name: `the manga (${one.name})` },
        start: startChapter,
        skipped,
        sideStories: sideStoriesBefore(reached, startChapter),
        partway: covered(startChapter).some((chapter) => chapter.position <= reached) ? startChapter : null,
        progress: mergeProgress(progress, {
          ...emptyProgress,
          manga: [placeChapter.key],
          skipped: skipped.map((unit) => unit.key),
        }),
      });
    }
    return result;
  };
}
