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
