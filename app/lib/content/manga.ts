import type { Gated } from "../shield/gated";
import type { UnitLabel } from "./anime";
import type { EnglishEdition } from "./light-novels";

/*
 * The manga as its page and the API show it (decision 49): series, one per arc or part of the story, each
 * with its own volumes and chapters. Numbers, dates and what a chapter adapts (by the labels of the web
 * novel chapters and side stories) are public; titles wait as a chapter's do, and what a manga-original
 * chapter tells waits for what reveals the chapter.
 */

/** A manga series as its card shows it. */
export interface MangaSeriesCard {
  code: string;
  /** "Manga 2": never a spoiler. */
  name: string;
  title: Gated<{ title: string; originalTitle: string | null }>;
  chapterCount: number;
  volumeCount: number;
  /** The first and last volume dates known, at their precision. */
  firstReleased: string | null;
  lastReleased: string | null;
}

/** A light novel volume a manga volume adapts part of, and whether it adapts the whole volume's reach. */
export interface MangaVolumeSpan {
  volume: UnitLabel;
  /** It adapts up to the light novel volume's last chapter (else it ends partway through). */
  reachesItsEnd: boolean;
  /** It starts at the light novel volume's first chapter (else it starts partway through). */
  fromItsStart: boolean;
}

/** Its English edition (`EnglishEdition`) beside its original release, as a light novel volume's. */
export interface MangaVolume extends EnglishEdition {
  number: number;
  /** Null where the volume has none; waits until the reader reaches the volume's first chapter. */
  title: Gated<string> | null;
  /** In the original, at its precision (app/lib/content/dates.ts); null where it is not known. */
  releasedOn: string | null;
  isbn: string | null;
  /** The light novel volumes of the main line it adapts from, in order (one manga volume may span two). */
  lightNovels: MangaVolumeSpan[];
  chapters: MangaChapter[];
}

export interface MangaChapter {
  key: string;
  /** "Manga 1 · Chapter 6.5": never a spoiler. */
  label: string;
  /** The number the series gives it: "7", "6.5". */
  number: string;
  position: number;
  title: Gated<{ title: string }> | null;
  publishedOn: string | null;
  adapts: { chapters: { from: UnitLabel; to: UnitLabel }[]; sideStories: UnitLabel[] };
  /** A manga-original chapter's note on what it tells; null for one that adapts something. */
  original: Gated<string> | null;
  /** How many comments its discussion holds at its own horizon, gated by the chapter. */
  discussion: Gated<number>;
}

export interface MangaSeries {
  code: string;
  name: string;
  title: Gated<{ title: string; originalTitle: string | null }>;
  /** Who draws it and who publishes it, where the pack says: public, as the series credits them. */
  artist: string | null;
  publisher: string | null;
  volumes: MangaVolume[];
}

/**
 * What a light novel reader is told of a manga volume's reach ("ends partway through Lanternfall 4"), or
 * null where it starts and ends with whole light novel volumes.
 */
export function mangaVolumeReach(spans: readonly MangaVolumeSpan[]) {
  const first = spans[0];
  const last = spans.at(-1);
  if (!first || !last) return null;
  const parts = [
    !first.fromItsStart ? `starts partway through ${first.volume.label}` : null,
    !last.reachesItsEnd ? `ends partway through ${last.volume.label}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(" and ") : null;
}
