import { isRecutEpisodeKey, parseUnitKey } from "../content/units";
import { type Knowledge, knowledgeOfUnits, knows, noKnowledge } from "../shield/knowledge";

/*
 * A reader's progress record, what it has reached and what that makes known: all the shield on every
 * page reads. Apart from ./progress (how a record changes), ./tracker-units and ./up-next, which only
 * the tracker and "I have read up to here" load.
 */

/**
 * A reader's progress in every medium. Kept in the browser for everyone and, for signed-in readers,
 * in D1 too. `position` is derived (the furthest point on the story timeline reached in any medium)
 * and stays in the stored record so older files keep importing; the spoiler shield never reads it (what a reader
 * knows is worked out per medium: ./knowledge).
 */
export interface Progress {
  /** 2 since light novel places are unit keys; version 1 records (and files) are read as version 2 (./file). */
  version: 2;
  /** The last web novel chapter read, e.g. wn:2-14. */
  webNovel: string | null;
  /**
   * The last volume read in each light novel collection started, by unit key (ln:main-3): one per
   * collection, sorted.
   */
  lightNovels: string[];
  /** Side stories read, by unit key (ss:slug). */
  sideStories: string[];
  /** The last anime episode watched, e.g. anime:1-5. */
  anime: string | null;
  /**
   * The last episode watched of each recut of a season started (decision 45), by unit key (anime:1r1-2):
   * one per recut, sorted. Records from before recuts (and older files) have none.
   */
  recuts: string[];
  /** Break Time shorts watched, by unit key (bt:1-5). */
  breakTime: string[];
  /**
   * OVAs, specials and films watched, by unit key (sp:slug): each on its own, so watching a film says
   * nothing of the episodes before it. Records written before there were any have none.
   */
  animeSpecials: string[];
  /**
   * The last chapter read of each manga series started, by unit key (manga:wick-7): one per series,
   * sorted. Each series is a line of its own (decision 49). Records written before the manga have none.
   */
  manga: string[];
  /**
   * Web novel chapters and light novel volumes before the reader's place that they have not read, by
   * unit key: what they passed over when they crossed from another medium (./media-crossing). They
   * stay unread, and what they reveal stays hidden, until the reader marks them read.
   */
  skipped: string[];
  position: number;
  updatedAt: string;
}

export const emptyProgress: Progress = {
  version: 2,
  webNovel: null,
  lightNovels: [],
  sideStories: [],
  anime: null,
  recuts: [],
  breakTime: [],
  animeSpecials: [],
  manga: [],
  skipped: [],
  position: 0,
  updatedAt: "1970-01-01T00:00:00.000Z",
};

/** The unit keys a progress record has reached (for positions, and for what the reader knows). */
export function reachedUnits(progress: Progress) {
  return [
    progress.webNovel,
    ...progress.lightNovels,
    ...progress.sideStories,
    progress.anime,
    ...progress.recuts,
    ...progress.breakTime,
    ...progress.animeSpecials,
    ...progress.manga,
  ].filter((unit): unit is string => Boolean(unit));
}

/** What a reader with this progress knows (./knowledge): every place but the units skipped on the way. */
export function knowledgeOf(progress: Progress | null): Knowledge {
  return progress ? knowledgeOfUnits(reachedUnits(progress), progress.skipped) : noKnowledge;
}

/** The key of the last volume read in a collection, or null when none is. */
export function lastVolumeKey(progress: Progress, collection: string) {
  return progress.lightNovels.find((key) => parseUnitKey(key, "light_novels")?.collection === collection) ?? null;
}

/** The number of the last volume read in a collection; 0 when none is. */
export function lastVolumeNumber(progress: Progress, collection: string) {
  const key = lastVolumeKey(progress, collection);
  return (key && parseUnitKey(key, "light_novels")?.volume) || 0;
}

/** The furthest volume of each collection among these volume keys, one per collection, sorted. */
export function furthestVolumes(keys: readonly string[]) {
  const furthest = new Map<string, { key: string; volume: number }>();
  for (const key of keys) {
    const parts = parseUnitKey(key, "light_novels");
    if (parts && parts.volume > (furthest.get(parts.collection)?.volume ?? 0))
      furthest.set(parts.collection, { key, volume: parts.volume });
  }
  return [...furthest.values()].map(({ key }) => key).sort();
}

/** The recut an episode key belongs to ("1r1" for anime:1r1-2), or null for any other key. */
export function recutOf(key: string) {
  const parts = parseUnitKey(key, "anime");
  return parts?.recut === undefined ? null : `${parts.season}r${parts.recut}`;
}

/** The last episode watched of a recut ("1r1"), or null when none is. */
export function lastRecutEpisode(progress: Progress, recut: string) {
  return progress.recuts.find((key) => recutOf(key) === recut) ?? null;
}

/**
 * Whether the reader watched a season's episode in a recut (decision 45): among the units that know it
 * (its revealers: a tracker unit's `coveredBy`, an anime page episode's `heldBy`) is a recut episode they
 * watched. A recut episode is among them where it holds the episode whole or its last part, never where it
 * holds an earlier part alone. The tracker's Up next and /anime both ask this.
 */
export function watchedInRecut(shownBy: readonly string[], knowledge: Knowledge) {
  return shownBy.some((key) => isRecutEpisodeKey(key) && knows(knowledge, [key]));
}

/** The furthest episode of each recut among these recut episode keys, one per recut, sorted. */
export function furthestRecutEpisodes(keys: readonly string[]) {
  const furthest = new Map<string, { key: string; episode: number }>();
  for (const key of keys) {
    const parts = parseUnitKey(key, "anime");
    const recut = recutOf(key);
    if (parts && recut && parts.episode > (furthest.get(recut)?.episode ?? 0))
      furthest.set(recut, { key, episode: parts.episode });
  }
  return [...furthest.values()].map(({ key }) => key).sort();
}

/** The manga series a chapter key belongs to ("wick" for manga:wick-7), or null for any other key. */
export function mangaSeriesOf(key: string) {
  return parseUnitKey(key, "manga")?.series ?? null;
}

/** The last chapter read of a manga series ("wick"), or null when none is. */
export function lastMangaChapter(progress: Progress, series: string) {
  return progress.manga.find((key) => mangaSeriesOf(key) === series) ?? null;
}

/** The furthest chapter of each manga series among these chapter keys, one per series, sorted. */
export function furthestMangaChapters(keys: readonly string[]) {
  const furthest = new Map<string, { key: string; chapter: number }>();
  for (const key of keys) {
    const parts = parseUnitKey(key, "manga");
    if (parts && parts.chapter > (furthest.get(parts.series)?.chapter ?? 0))
      furthest.set(parts.series, { key, chapter: parts.chapter });
  }
  return [...furthest.values()].map(({ key }) => key).sort();
}
