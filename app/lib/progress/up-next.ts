import { isRecutEpisodeKey, parseUnitKey } from "../content/units";
import type { Knowledge } from "../shield/knowledge";
import {
  knowledgeOf,
  lastMangaChapter,
  lastRecutEpisode,
  lastVolumeKey,
  lastVolumeNumber,
  type Progress,
  watchedInRecut,
} from "./record";
import { followedMedia } from "./changes";
import { releaseDay } from "../feeds/releases";
import {
  animeRecuts,
  knownThrough,
  lightNovelCollections,
  mangaSeries,
  isOut,
  positionsOf,
  type TrackerUnit,
  unitsByMedium,
} from "./tracker-units";

/** What the tracker offers next: `next` to read or watch, then what the reader `passed` on the way. */
export interface UpNextUnits {
  /** The next chapter, volume (per collection started) and episode of each medium the reader follows, with the side stories and Break Time shorts that come right there. */
  next: TrackerUnit[];
  /** Unread units behind the reader's places, in story order: skipped chapters and volumes, side stories, Break Time shorts. */
  passed: TrackerUnit[];
  /** How many more were passed than `passed` lists. */
  morePassed: number;
  /**
   * What would be next on a line but is not out yet (`isOut`): a volume announced, an episode not aired.
   * Never offered to mark; the tracker says when each comes out.
   */
  coming: TrackerUnit[];
}

/**
 * Where the reader is, as Up next and the side stories checklist both need it, worked out in one pass
 * over the timeline: the tracker works it out once a render and hands it to both.
 */
export interface ReaderPlaces {
  /**
   * The reader's place in the story, where side stories fit: the furthest they have reached along the
   * web novel, a light novel collection of the main story or the anime (a season or a recut); -1 before
   * any. What is read on its own says nothing of it: a side story ticked, a book of side stories (a side
   * volume, a short story collection), a Break Time short, an OVA, special or film. A reader who has read
   * a story that fits after arc 3 has not read arcs 1 to 3, so the stories that fit before it are not passed.
   */
  story: number;
  /** Where the reader is in the anime, in a season or a recut: the furthest season's episode watched; -1 before any. Shorts aired with it and before are behind them. */
  anime: number;
}

/** The reader's places (`ReaderPlaces`) on this timeline; `knowledge` is what `progress` makes known, where the caller has it. */
export function readerPlaces(
  progress: Progress,
  units: readonly TrackerUnit[],
  knowledge: Knowledge = knowledgeOf(progress),
): ReaderPlaces {
  const along = new Set([progress.webNovel, ...progress.lightNovels, progress.anime]);
  const inRecuts = progress.recuts.length > 0;
  let story = -1;
  let season = -1;
  // The furthest of the seasons' own episodes the reader watched in a recut.
  let recut = -1;
  for (const unit of units) {
    if (!unit.sideVolume && along.has(unit.key)) story = Math.max(story, unit.position);
    if (unit.key === progress.anime) season = unit.position;
    if (
      inRecuts &&
      unit.medium === "anime" &&
      !isRecutEpisodeKey(unit.key) &&
      watchedInRecut(unit.coveredBy, knowledge)
    )
      recut = Math.max(recut, unit.position);
  }
  return { story: Math.max(story, recut), anime: Math.max(season, recut) };
}

/** The reader's place in the story, where side stories fit (`ReaderPlaces.story`). */
export function storyPlace(progress: Progress, units: readonly TrackerUnit[]) {
  return readerPlaces(progress, units).story;
}

/** How many of what the reader passed Up next lists (the rest it counts). */
export const PASSED_LISTED = 6;

/** How many side stories (and, apart, shorts) Up next offers at the reader's place. */
const COMING_RIGHT_THERE = 3;

/**
 * The next things to read or watch: the next unit of every medium the reader follows (light novels in
 * the collections started), and the side stories and Break Time shorts that sit between the reader's
 * place and those; then what the reader passed on the way and has not read (first what a crossing from
 * another medium skipped, then side stories and shorts that belong before), at most `passedCount`.
 * `places` are the reader's places on this timeline, where the caller has worked them out already.
 * Nothing not out by `today` is offered (`isOut`, decision 77): a line whose next unit is announced but
 * not out offers nothing further on it (marking a later unit would mark that one too), and the unit is
 * listed in `coming` instead; side stories and shorts not out are left out.
 */
export function upNext(
  progress: Progress,
  units: readonly TrackerUnit[],
  passedCount = PASSED_LISTED,
  places?: ReaderPlaces,
  today = releaseDay(),
): UpNextUnits {
  const out = (unit: TrackerUnit) => isOut(unit, today);
  const positionOf = positionsOf(units);
  const placeOf = (unitKey: string | null) => (unitKey ? (positionOf(unitKey) ?? -1) : -1);
  const followed = followedMedia(progress);
  const byMedium = unitsByMedium(units);
  const after = (list: readonly TrackerUnit[], place: number) => list.find((unit) => unit.position > place);

  const next: TrackerUnit[] = [];
  // A book of side stories started: its next volume, offered where it fits (below), not ahead of the story.
  const sideVolumes: TrackerUnit[] = [];
  if (followed.has("web_novel"))
    next.push(...[after(byMedium.web_novel, placeOf(progress.webNovel))].filter((unit) => unit !== undefined));
  for (const collection of lightNovelCollections(units)) {
    if (lastVolumeKey(progress, collection.code) === null) continue;
    const read = lastVolumeNumber(progress, collection.code);
    const volume = collection.volumes.find((unit) => (parseUnitKey(unit.key, "light_novels")?.volume ?? 0) > read);
    if (volume) (volume.sideVolume ? sideVolumes : next).push(volume);
  }
  const knowledge = knowledgeOf(progress);
  const { story: furthest, anime: watchedTo } = places ?? readerPlaces(progress, units, knowledge);
  const recutsNext: TrackerUnit[] = [];
  for (const recut of animeRecuts(units)) {
    const last = lastRecutEpisode(progress, recut.id);
    if (last === null) continue;
    const episode = after(recut.episodes, placeOf(last));
    if (episode) recutsNext.push(episode);
  }
  // A viewer of recuts alone is offered their next episodes, not the season's own, and once each recut
  // is watched to its end, the seasons' first episode no recut episode they watched holds (an episode the
  // recut left out, or where the anime goes on after it): marking one watched counts every episode before
  // it, so none is offered past one they have not seen. One who watches both is offered the season's next
  // episode that no recut episode they watched holds.
  const watchesSeasons = progress.anime !== null || !progress.recuts.length;
  const animePlace = placeOf(progress.anime);
  const nextEpisode =
    followed.has("anime") && (watchesSeasons || !recutsNext.length)
      ? byMedium.anime.find((unit) => unit.position > animePlace && !watchedInRecut(unit.coveredBy, knowledge))
      : undefined;
  if (nextEpisode) next.push(nextEpisode);
  next.push(...recutsNext);
  // Each manga series started: its next chapter in the series' own order (decision 49); and where a
  // series was read to its end, the next series' first chapter, where the manga goes on.
  const series = mangaSeries(units);
  series.forEach(({ code, chapters }, index) => {
    const last = lastMangaChapter(progress, code);
    if (last !== null) {
      const chapter = chapters[chapters.findIndex((unit) => unit.key === last) + 1];
      if (chapter) next.push(chapter);
      return;
    }
    const before = series[index - 1];
    const first = chapters[0];
    if (before && first && lastMangaChapter(progress, before.code) === before.chapters.at(-1)?.key) next.push(first);
  });

  // The units next on each line (chapters, volumes, episodes), before what fits between them is added.
  const main = [...next];
  const upcoming = Math.min(...main.map((unit) => unit.position), Infinity);
  // Side stories come at the reader's place in the story; shorts with the episodes, the ones aired with
  // what the reader watched (in the season or a recut) behind them.
  const checked = new Set([...progress.sideStories, ...progress.breakTime, ...progress.animeSpecials]);
  // Neither ticked nor had through another unit (a short aired with a watched episode, a story printed in a
  // book read or told in a film watched: known, if not read, so not offered to read).
  const unchecked = (list: readonly TrackerUnit[]) =>
    list.filter((unit) => !checked.has(unit.key) && knownThrough(unit, knowledge) === null && out(unit));
  const sideStories = unchecked(byMedium.side_stories);
  // Shorts, OVAs, specials and films come with the episodes they are watched after, in story order.
  const shorts = followed.has("anime")
    ? unchecked([...byMedium.break_time, ...byMedium.anime_specials]).sort((a, b) => a.position - b.position)
    : [];
  // A side volume fits at a point of the story: offered once the reader is there or it comes before what is next.
  const sideVolumesThere = sideVolumes.filter((volume) => volume.position <= Math.max(furthest, upcoming));
  next.push(...sideVolumesThere);
  // A few at a time: a reader at the end of what they follow is not handed the rest of the story.
  const rightThere = sideStories
    .filter((unit) => unit.position > furthest && unit.position <= upcoming)
    .slice(0, COMING_RIGHT_THERE);
  // Shorts up to the anime's next episode, the season's or a recut's.
  const animeNext = [...(nextEpisode ? [nextEpisode] : []), ...recutsNext];
  const nextAnime = Math.min(...animeNext.map((unit) => unit.position), Infinity);
  const shortsThere = shorts
    .filter((unit) => unit.position > watchedTo && unit.position <= nextAnime)
    .slice(0, COMING_RIGHT_THERE);
  next.push(...rightThere, ...shortsThere);

  // The gaps in the chapters and volumes first, as they matter most to the story; then side stories; shorts last.
  const skipped = new Set(progress.skipped);
  const passed = [
    ...units.filter((unit) => skipped.has(unit.key) && out(unit)),
    ...sideStories.filter((unit) => unit.position <= furthest),
    ...shorts.filter((unit) => unit.position <= watchedTo),
  ];
  // What sits inside a unit offered next is offered after it, as the reader gets there partway through
  // it: a side story placed past the story's next chapter (a volume or an episode sits at its last
  // chapter), a short or special that comes after a season's episode not watched yet (held by the recut
  // episode next).
  const nextChapter = byMedium.web_novel.find((unit) => unit.position > furthest)?.position ?? Infinity;
  const nextSeasonEpisode =
    byMedium.anime.find((unit) => unit.position > watchedTo && !isRecutEpisodeKey(unit.key))?.position ?? Infinity;
  const firstReaching = (list: readonly TrackerUnit[], position: number) =>
    Math.min(...list.map((unit) => unit.position).filter((at) => at >= position), Infinity);
  const reachedWith = new Map<string, number>();
  for (const story of rightThere)
    if (story.position >= nextChapter) reachedWith.set(story.key, firstReaching(main, story.position));
  for (const short of shortsThere)
    if (short.position >= nextSeasonEpisode) reachedWith.set(short.key, firstReaching(animeNext, short.position));
  const reachedAt = (unit: TrackerUnit) => reachedWith.get(unit.key) ?? unit.position;
  return {
    // The lines' places count what is not out yet (above: side stories come before the volume announced
    // where they fit, not past it), but only what is out is offered.
    next: next
      .filter(out)
      .sort(
        (a, b) =>
          reachedAt(a) - reachedAt(b) ||
          Number(reachedWith.has(a.key)) - Number(reachedWith.has(b.key)) ||
          a.position - b.position,
      ),
    passed: passed.slice(0, passedCount),
    morePassed: Math.max(0, passed.length - passedCount),
    coming: [...main, ...sideVolumesThere].filter((unit) => !out(unit)).sort((a, b) => a.position - b.position),
  };
}
