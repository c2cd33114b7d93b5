/**
 * The translation-mistake entries as pages show them: the mistakes model returns these, and the
 * components render them without knowing how they are stored. Every line an entry quotes from the
 * story is behind the spoiler shield, inside its `content` (./gated). The pages that list a place's
 * entries gate the whole entry (`ListedMistake`): a sealed one keeps only its handle and its place.
 */
import type { Gated } from "../shield/gated";
import type { AnimeSpecialKind, AnimeTrack, MistakeCategory, MistakeSeverity, MistakeStatus } from "../vocabulary";

/** The lines an entry quotes from the story, and why they differ. */
export interface MistakeText {
  japanese: string | null;
  official: string;
  suggested: string;
  explanation: string;
}

/** What every entry has, light novel or anime: public facts, and its text gated. */
export interface MistakeEntry extends Gated<MistakeText> {
  id: string;
  category: MistakeCategory;
  severity: MistakeSeverity;
  status: MistakeStatus;
  credits: string[];
  addedOn: string;
  updatedOn: string | null;
}

export interface LnMistake extends MistakeEntry {
  volume: { key: string; label: string };
  /** The chapter's place in its volume's list (a pack's entry) or its number as a reader wrote it (a report's). */
  chapter: number;
  /** The chapter's label as its book prints it ("Prologue", "Chapter 3"); null where it is not known. */
  chapterLabel: string | null;
  /** Its title, gated as its volume's contents gate it (a title can spoil where the passage does not). */
  chapterTitle: Gated<string | null>;
  webNovelChapter: { key: string; label: string } | null;
  page: number | null;
  ebookPosition: string | null;
  edition: string;
}

/** An entry on its own volume's page, which names the volume once, not per entry. */
export type LnMistakeInVolume = Omit<LnMistake, "volume">;

/**
 * An entry as the page of its place lists it: its handle (a permalink's target) and what reveals it, and
 * the entry itself gated, so one the requester does not know is only its place in a run of hidden
 * entries. How it is judged, where it is within its volume or episode and its text arrive with the
 * reveal: a sealed entry's severity would tell what lies ahead (decision 86).
 */
export interface ListedMistake<E extends MistakeEntry> extends Gated<E> {
  id: string;
}

export function listedMistake<E extends MistakeEntry>(entry: E): ListedMistake<E> {
  return { id: entry.id, revealedBy: entry.revealedBy, content: entry };
}

export type { AnimeTrack };

/**
 * Where an anime entry's line is spoken: an episode of a season, an OVA, special or film (decision 84), or
 * an episode of a recut, for a line of a scene the recut adds (decision 85), with its story position for
 * "I have watched up to here". Its title is gated as a unit's title is (app/lib/shield/knowledge.ts:
 * `titleRevealers`); null where it has none yet.
 */
export type AnimeMistakePlace =
  | {
      medium: "anime";
      key: string;
      season: number;
      /** Its place in its season; `label` is the number the series gives it: `episodeName` reads both. */
      number: number;
      label: string | null;
      title: Gated<string> | null;
      position: number;
    }
  | {
      medium: "anime_specials";
      key: string;
      kind: AnimeSpecialKind;
      /** "Anime · OVA 2", "Anime · Film": its unit's label, never a spoiler. */
      label: string;
      title: Gated<string> | null;
      position: number;
    }
  | {
      /** Not a medium of its own (its unit's is `anime`): what tells this place from a season's episode. */
      medium: "anime_recut";
      key: string;
      /** The season it re-cuts, whose section lists it, after the season's own episodes. */
      season: number;
      recut: number;
      /** Its number among the recut's own episodes. */
      number: number;
      /** "Season 1 Recut · Episode 3": its unit's label, never a spoiler. */
      label: string;
      title: Gated<string> | null;
      position: number;
    };

export interface AnimeMistake extends MistakeEntry {
  /** Its episode, special or recut episode (the name says episode: most are, and the column is `episode_key`). */
  episode: AnimeMistakePlace;
  /** Seconds into the episode or special. */
  start: number;
  end: number;
  platform: string;
  track: AnimeTrack;
}

/** An anime entry on the anime's page, which names its episode once, above its entries. */
export type AnimeMistakeInEpisode = Omit<AnimeMistake, "episode">;

/** An anime entry as the anime's page lists it (`ListedMistake`), with its episode to group it by. */
export interface ListedAnimeMistake extends ListedMistake<AnimeMistakeInEpisode> {
  episode: AnimeMistakePlace;
}

export function listedAnimeMistake({ episode, ...entry }: AnimeMistake): ListedAnimeMistake {
  return { ...listedMistake(entry), episode };
}

/** One episode's entries as one gated item: the reader sees the episode when they know any of its entries. */
export interface EpisodeMistakes extends Gated<ListedAnimeMistake[]> {
  key: string;
}

/**
 * An episode's entries grouped in the order they come. A group is revealed by whatever reveals any
 * of its entries, the episode itself first (so asking to see a folded episode asks for that episode);
 * it spoils nothing if one of them spoils nothing.
 */
export function episodeMistakes(entries: readonly ListedAnimeMistake[]): EpisodeMistakes[] {
  const episodes = new Map<string, ListedAnimeMistake[]>();
  for (const entry of entries) episodes.set(entry.episode.key, [...(episodes.get(entry.episode.key) ?? []), entry]);
  return [...episodes].map(([key, list]) => {
    const units = new Set(list.flatMap((entry) => entry.revealedBy ?? []));
    const revealedBy = list.some((entry) => entry.revealedBy === null)
      ? null
      : [...units].sort((a, b) => Number(b === key) - Number(a === key));
    return { key, revealedBy, content: list };
  });
}

/** One volume with how many entries it has, and how many of those its requester knows are of each severity. */
export interface VolumeMistakeCount {
  key: string;
  collectionCode: string;
  collectionName: string;
  number: number;
  /** The number the series gives it where that is not its place: `volumeName` reads both. */
  label: string | null;
  /**
   * Gated as a unit's title is (app/lib/shield/knowledge.ts: `titleRevealers`); null while the volume has
   * none (announced by its number), named by its place alone.
   */
  title: Gated<string> | null;
  /**
   * Among the entries the requester knows only: a breakdown of entries beyond their place would tell
   * them what lies ahead (a first load counts the entries that spoil nothing).
   */
  knownBySeverity: Record<MistakeSeverity, number>;
  /** Every entry, known or not: the volume's page says as much in its runs of hidden entries. */
  total: number;
}

/** How many entries each filter value has. */
export type MistakeFacets = Record<"category" | "severity" | "status", Record<string, number>>;

/** The official line and the suggested one: what a one-line summary of an entry quotes. */
export type MistakeLines = Pick<MistakeText, "official" | "suggested">;

/**
 * One line of the newest entries: its handle, and, gated with its lines, where it is (an anime entry's
 * timestamp with it), how it is judged and when it was added. A line the requester does not know is only
 * its place in a run of hidden lines: what it is would tell what lies ahead (decision 86).
 */
export interface NewestMistake extends Gated<NewestMistakeLine> {
  id: string;
}

export interface NewestMistakeLine extends MistakeLines {
  /** "Lanternfall 3, chapter 2" or "Anime season 1 · episode 4 at 12:34". */
  where: string;
  path: string;
  severity: MistakeSeverity;
  addedOn: string;
}

/** An existing entry like the one a reader is reporting: where it is, and its lines (gated). */
export interface SimilarMistake extends Gated<MistakeLines> {
  id: string;
  /** Its volume or episode key. */
  unit: string;
  /** The address of the entry on the page that lists it (a volume's page of 50, an anime season). */
  path: string;
  /** "Lanternfall 3, chapter 2" or "Season 1 · Episode 4". */
  where: string;
}
