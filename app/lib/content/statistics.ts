/*
 * The home page's totals as the site reads them back. They are counted once when a pack is imported
 * (the content-pack pipeline writes them as the "totals" series of content_statistics).
 */

/** The home page's totals, stored as the "totals" series. */
export type SeriesTotals = Record<
  | "arcs"
  | "chapters"
  | "words"
  | "volumes"
  | "side_stories"
  | "episodes"
  | "shorts"
  | "characters"
  // What the sums lack: chapters without a word count, chapters without a month, volumes without a date.
  | "chapters_without_words"
  | "chapters_without_month"
  | "volumes_undated",
  number
>;

/** The totals from the stored "totals" bars; a total the import did not write is 0. */
export function totalsFrom(bars: Array<{ label: string; value: number }>): SeriesTotals {
  const stored = new Map(bars.map(({ label, value }) => [label, value]));
  const total = (name: keyof SeriesTotals) => stored.get(name) ?? 0;
  return {
    arcs: total("arcs"),
    chapters: total("chapters"),
    words: total("words"),
    volumes: total("volumes"),
    side_stories: total("side_stories"),
    episodes: total("episodes"),
    shorts: total("shorts"),
    characters: total("characters"),
    chapters_without_words: total("chapters_without_words"),
    chapters_without_month: total("chapters_without_month"),
    volumes_undated: total("volumes_undated"),
  };
}

/**
 * The anime's figures, stored as the "anime" series: its seasons and their own episodes, and apart from
 * them the recuts (decision 45) and their episodes, the OVAs, specials and films (decision 52) by kind,
 * those of them without a release date, and the Break Time shorts.
 */
export type AnimeTotals = Record<
  "seasons" | "episodes" | "recuts" | "recut_episodes" | "ovas" | "specials" | "films" | "specials_undated" | "shorts",
  number
>;

/**
 * The manga's figures, stored as the "manga" series (decision 49): series, volumes and chapters, and what
 * the charts lack: chapters and volumes without a date, chapters that adapt no web novel chapter (a
 * manga-original extra, a side story) and so belong to no arc.
 */
export type MangaTotals = Record<
  "series" | "volumes" | "chapters" | "chapters_undated" | "volumes_undated" | "chapters_without_arc",
  number
>;

const animeTotalNames = [
  "seasons",
  "episodes",
  "recuts",
  "recut_episodes",
  "ovas",
  "specials",
  "films",
  "specials_undated",
  "shorts",
] as const satisfies ReadonlyArray<keyof AnimeTotals>;

const mangaTotalNames = [
  "series",
  "volumes",
  "chapters",
  "chapters_undated",
  "volumes_undated",
  "chapters_without_arc",
] as const satisfies ReadonlyArray<keyof MangaTotals>;

/** Named figures from stored bars; a figure the import did not write (a database imported before) is 0. */
function figuresFrom<Name extends string>(names: readonly Name[], bars: Array<{ label: string; value: number }>) {
  const stored = new Map(bars.map(({ label, value }) => [label, value]));
  return Object.fromEntries(names.map((name) => [name, stored.get(name) ?? 0])) as Record<Name, number>;
}

/** The anime's figures from the stored "anime" bars. */
export const animeTotalsFrom = (bars: Array<{ label: string; value: number }>): AnimeTotals =>
  figuresFrom(animeTotalNames, bars);

/** The manga's figures from the stored "manga" bars. */
export const mangaTotalsFrom = (bars: Array<{ label: string; value: number }>): MangaTotals =>
  figuresFrom(mangaTotalNames, bars);
