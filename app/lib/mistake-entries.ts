/**
 * The translation-mistake entries as pages show them: the mistakes model returns these, and the
 * components render them without knowing how they are stored.
 */
import type { animeTrackLabels, MistakeCategory, MistakeSeverity, MistakeStatus } from "./mistakes";

/** What every entry has, light novel or anime. */
export interface MistakeEntry {
  id: string;
  japanese: string | null;
  official: string;
  suggested: string;
  explanation: string;
  category: MistakeCategory;
  severity: MistakeSeverity;
  status: MistakeStatus;
  /** Story position from which the spoiler shield shows the entry. */
  revealAt: number;
  credits: string[];
  addedOn: string;
  updatedOn: string | null;
}

export interface LnMistake extends MistakeEntry {
  volume: { key: string; label: string };
  chapter: number;
  chapterTitle: string | null;
  webNovelChapter: { key: string; label: string } | null;
  page: number | null;
  ebookPosition: string | null;
  edition: string;
}

/** An entry on its own volume's page, which names the volume once, not per entry. */
export type LnMistakeInVolume = Omit<LnMistake, "volume">;

export type AnimeTrack = keyof typeof animeTrackLabels;

export interface AnimeMistake extends MistakeEntry {
  /** The episode, with its story position for "I have watched up to here". */
  episode: { key: string; season: number; number: number; title: string; position: number };
  /** Seconds into the episode. */
  start: number;
  end: number;
  platform: string;
  track: AnimeTrack;
}

/** One volume with how many entries it has of each severity. */
export interface VolumeMistakeCount {
  key: string;
  collectionCode: string;
  collectionName: string;
  number: number;
  title: string;
  counts: Record<MistakeSeverity, number>;
  total: number;
}

/** How many entries each filter value has. */
export type MistakeFacets = Record<"category" | "severity" | "status", Record<string, number>>;

/** One line of the newest entries: only what the line shows, where it links and when it may show. */
export interface NewestMistake {
  id: string;
  /** "Lanternfall 3, chapter 2" or "Anime season 1 · episode 4 at 12:34". */
  where: string;
  path: string;
  severity: MistakeSeverity;
  official: string;
  suggested: string;
  addedOn: string;
  revealAt: number;
}
