/*
 * Where the series is listed on the tracking services readers keep lists on (MyAnimeList, whose export
 * format AniList and Kitsu also write, and Novel Updates), as the content pack names it: each entry is
 * one anime season (or part), one OVA, special or film, one light novel collection or the web novel. The reading tracker reads them to
 * import a reader's progress from those services' export files.
 */

export const externalServices = ["myanimelist", "novelupdates"] as const;
export type ExternalService = (typeof externalServices)[number];

/** The list an id belongs to: MyAnimeList numbers its anime and its manga (novels included) apart. */
export const externalLists = ["anime", "manga", "series"] as const;
export type ExternalList = (typeof externalLists)[number];

/**
 * A season's entry, a part's or a recut's: `episodes` are the run of the season's episodes (as the season
 * numbers them) a part's entry lists, the service numbering them from 1 (MyAnimeList gives each part its
 * own entry, whose episode 1 is the part's first episode); `recut` is the recut of the season an entry
 * lists, numbered as the recut numbers its own episodes (decision 45).
 */
export type AnimeTarget = {
  medium: "anime";
  season: number;
  episodes?: { from: number; to: number };
  recut?: number;
};

/** An OVA's, a special's or a film's own entry (MyAnimeList lists each apart): `special` is its key, sp:slug. */
export type AnimeSpecialTarget = { medium: "anime_specials"; special: string };

/** A manga series' own entry, numbered by the series' own chapters and volumes (decision 49). */
export type MangaTarget = { medium: "manga"; series: string };

/** What on this site an entry on a service stands for. */
export type ExternalTarget =
  | AnimeTarget
  | AnimeSpecialTarget
  | MangaTarget
  | { medium: "light_novels"; collection: string }
  | { medium: "web_novel" };

/** An anime entry's target as `external_ids.target` stores it: "2" for a season, "2:8-13" for a part, "1r1" for a recut. */
export function animeTargetText({ season, episodes, recut }: AnimeTarget) {
  if (recut !== undefined) return `${season}r${recut}`;
  return episodes ? `${season}:${episodes.from}-${episodes.to}` : String(season);
}

/** An anime entry's target from its stored text ("2", "2:8-13", "1r1"). */
export function parseAnimeTarget(text: string): AnimeTarget {
  const [, season, recut, from, to] = /^(\d+)(?:r(\d+)|:(\d+)-(\d+))?$/.exec(text) ?? [];
  if (recut !== undefined) return { medium: "anime", season: Number(season), recut: Number(recut) };
  return from === undefined || to === undefined
    ? { medium: "anime", season: Number(season) }
    : { medium: "anime", season: Number(season), episodes: { from: Number(from), to: Number(to) } };
}

/** One entry of the series on a service, and what it stands for here. */
export interface ExternalId {
  service: ExternalService;
  list: ExternalList;
  /** The service's id, as text: a MyAnimeList number or a Novel Updates slug. */
  id: string;
  target: ExternalTarget;
}

/** The services' names, as readers know them. */
export const serviceNames: Record<ExternalService, string> = {
  myanimelist: "MyAnimeList",
  novelupdates: "Novel Updates",
};

/** The lookup key of an entry: service, list and id. */
export const externalIdKey = (service: ExternalService, list: ExternalList, id: string) => `${service}/${list}/${id}`;

/** The pack's entries by their lookup key. */
export function externalIdIndex(ids: readonly ExternalId[]): Map<string, ExternalTarget> {
  return new Map(ids.map((entry) => [externalIdKey(entry.service, entry.list, entry.id), entry.target]));
}
