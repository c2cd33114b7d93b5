/**
 * The anime as the /anime and /break_time pages show it: the anime model returns these, and the
 * components render them without knowing how they are stored.
 */
import type { Gated } from "../shield/gated";
import type { Knowledge } from "../shield/knowledge";
import { parseUnitKey } from "./units";
import { viewToOpen } from "./views";
import type { AdaptationChangeKind, AnimeSpecialKind } from "../vocabulary";
import { animeMistakesSeasonPath } from "../mistakes/rules";

/** A story unit named by its key and its short label (never a spoiler): "Arc 2 · Chapter 14". */
export interface UnitLabel {
  key: string;
  label: string;
}

/** A side story an episode tells: its label is public, its title waits as the story's own does. */
export interface ToldSideStory extends UnitLabel {
  title: Gated<string>;
}

/**
 * What a season's episode adapts, by labels (never a spoiler): the runs of web novel chapters it tells,
 * in story order (the chapters between two runs it passed over), and the side stories it tells. Both
 * are empty for an anime-original episode.
 */
export interface EpisodeAdapts {
  chapters: { from: UnitLabel; to: UnitLabel }[];
  sideStories: ToldSideStory[];
}

/**
 * One thing an episode does differently from the web novel. Its kind and the chapters it concerns
 * are labels and numbers, shown to everyone (the season's overview counts the skipped chapters too);
 * the pack's words about it tell the story, so they are gated with the episode.
 */
export interface AdaptationChange {
  kind: AdaptationChangeKind;
  /** The web novel chapters it concerns, first to last, and how many they are. */
  chapters: { from: UnitLabel; to: UnitLabel; count: number } | null;
  /**
   * The pack's words, revealed by what reveals the episode, or for chapters the episode skipped by what
   * reveals them (its viewers have not seen them); null for a change found from the chapter ranges alone.
   */
  note: Gated<string> | null;
  /** Found from the episodes' chapter ranges at import rather than written in the pack. */
  computed: boolean;
}

/**
 * A Break Time short: its number and date are public; its title is revealed by the short or the episode it
 * accompanies. Null while the short has no title (announced by number only): it is named by its place.
 */
export interface BreakTimeShort {
  key: string;
  number: number;
  title: Gated<string> | null;
  airedOn: string | null;
}

/** A short as /break_time lists it, with how many comments its discussion holds at its own horizon (gated by the short). */
export interface ListedBreakTimeShort extends BreakTimeShort {
  discussion: Gated<number>;
}

export interface AnimeEpisode {
  key: string;
  season: number;
  /** Its place in its season (its key's number). */
  number: number;
  /** The number the series gives it where that is not its place ("13.5", "0", "SP1"): `episodeName` reads both. */
  label: string | null;
  /** Story position, for ordering and "I have watched up to here" (the shield reads `revealedBy`s). */
  position: number;
  /**
   * Its title and original, gated as a unit's title is (app/lib/shield/knowledge.ts: `titleRevealers`):
   * they wait for the reader to reach the episode or choose to see titles of what they have not reached,
   * and a title the pack flags as a spoiler waits for what reveals it. Null while the episode has no
   * title (announced by number only): it is named by its place. Its number and date are public.
   */
  title: Gated<{ title: string; originalTitle: string | null }> | null;
  /**
   * At its precision (app/lib/content/dates.ts); null where it is not known. Where the pack gives the
   * hour, the broadcaster's date: the day its clock showed in its time zone.
   */
  airedOn: string | null;
  /** The broadcast's local time ("00:30") and the broadcaster's IANA time zone, where the pack gives them. */
  airedTime: { time: string; timeZone: string } | null;
  /** Its length in minutes: its own where the pack gives one, else its season's usual; null where not known. */
  runtime: number | null;
  /** Whether its runtime is its own and not the season's usual (a double-length premiere): shown then. */
  runtimeDiffers: boolean;
  /** The part of its season it aired in; null in a season without parts. */
  part: number | null;
  /** What it adapts: runs of web novel chapters in story order, and side stories; both empty for an anime-original episode. */
  adapts: EpisodeAdapts;
  /** An anime-original episode's note on what the anime made up, revealed by the episode; null for one that adapts something. */
  original: Gated<string> | null;
  volumes: UnitLabel[];
  changes: AdaptationChange[];
  shorts: BreakTimeShort[];
  /** Mistakes (in the subtitles, dub and captions) recorded for the episode. */
  mistakeCount: number;
  /** Comments in its discussion at its own horizon, gated by the episode. */
  discussion: Gated<number>;
  /**
   * The recut episodes that show it whole or its last part (decision 45), as its revealers name them:
   * a viewer of any has watched it in the recut. Public, as the recut lists what its episodes hold.
   */
  heldBy: string[];
}

/**
 * A part (cour) of a season, aired apart from the others: its run of the season's episodes and its dates
 * are public; its title, which may name what happens in it, is gated as a unit's title is.
 */
export interface SeasonPart {
  number: number;
  /** Gated where the pack gates it, else until the reader reaches the part's first episode (or shows such titles). */
  title: Gated<string> | null;
  /** Its first and last episodes' places in the season (their keys' numbers). */
  firstEpisode: number;
  lastEpisode: number;
  /** Its run of episodes by the numbers they go by: "Episodes 13–24", "Episodes 13.5–24" (`episodeRunName`). */
  episodes: string;
  airedFrom: string | null;
  airedTo: string | null;
}

/** A season and what it covers, none of it gated (but its parts' titles): numbers, dates, arcs and volumes are public. */
export interface AnimeSeason {
  number: number;
  title: string;
  /** How long its episodes usually run, in minutes; null where the pack does not say. */
  runtime: number | null;
  /** Its parts in airing order; none for a season that aired in one run. */
  parts: SeasonPart[];
  episodeCount: number;
  firstAired: string | null;
  lastAired: string | null;
  /** The web novel arcs its episodes adapt, each title waiting where the pack gates it. */
  arcs: { number: number; title: Gated<string> }[];
  volumes: UnitLabel[];
  skippedChapters: number;
  shortCount: number;
  /** The season's last episode, by key: a viewer who has watched it has finished the season. */
  lastEpisode: string | null;
  /** The web novel chapter right after the last one the season adapts (null when the season adapts the end). */
  readOn: UnitLabel | null;
}

export const adaptationChangeLabels: Record<AdaptationChangeKind, string> = {
  skipped: "Skipped",
  reordered: "Reordered",
  added: "Anime-original",
  changed: "Changed",
};

/**
 * Where an episode's or an OVA's, special's or film's mistakes are listed (the anime mistakes page heads
 * each with this id, in its season's section or the specials').
 */
export const animeMistakesPath = (episodeKey: string) => `${animeMistakesSeasonPath(episodeKey)}#episode-${episodeKey}`;

/**
 * One of the season's episodes as a recut episode holds it: whole, or a part of one split across the
 * recut's episodes. Its number and label are public (they are the season's own).
 */
export interface RecutContent {
  episode: UnitLabel;
  number: number;
  /** The part held, of how many; null for the whole episode. */
  part: { number: number; of: number } | null;
}

/** A scene a recut episode adds that none of the season's episodes has: its words gated with the episode. */
export interface RecutScene {
  note: Gated<string>;
  chapters: { from: UnitLabel; to: UnitLabel } | null;
}

/**
 * An episode of a recut (decision 45): which of the season's episodes it holds and its number and date
 * are public; its title and the scenes it adds are gated as an episode's are.
 */
export interface RecutEpisode {
  key: string;
  number: number;
  position: number;
  title: Gated<{ title: string; originalTitle: string | null }>;
  airedOn: string | null;
  airedTime: { time: string; timeZone: string } | null;
  runtime: number | null;
  runtimeDiffers: boolean;
  contents: RecutContent[];
  newScenes: RecutScene[];
  /**
   * Translation notes on the scenes it adds (decision 85): public, as an episode's count is. Its other
   * lines are the season's, noted on the season's episodes.
   */
  mistakeCount: number;
  /** Comments in its discussion at its own horizon, gated by the episode. */
  discussion: Gated<number>;
}

/** A version of a season that re-cuts its episodes: its title, dates and runtime are public. */
export interface AnimeRecut {
  season: number;
  number: number;
  title: string;
  originalTitle: string | null;
  runtime: number | null;
  airedFrom: string | null;
  airedTo: string | null;
  episodes: RecutEpisode[];
}

/**
 * An OVA, a special or a film, as /anime lists it and the API gives it. Its kind, label, date, runtime and
 * what it adapts (by labels) spoil nothing; its title waits as an episode's does (or, flagged, for what
 * reveals the special), and its synopsis and note for what reveals the special: itself, and the side
 * story or chapters it tells.
 */
/**
 * An OVA, special or film as a season of /anime names it: watched after one of the season's episodes, its
 * title waiting as the special's does on /anime/specials.
 */
export type SeasonSpecial = Pick<AnimeSpecial, "key" | "kind" | "label"> & {
  /** Null for a special without a title yet: named by its label. */
  title: Gated<string> | null;
  watchAfter: UnitLabel;
};

export interface AnimeSpecial {
  key: string;
  kind: AnimeSpecialKind;
  /** "Anime · Film", "Anime · OVA 2": never a spoiler. */
  label: string;
  /** Story position, for ordering beside the episodes. */
  position: number;
  /**
   * Its title and original, gated as an episode's are; null while the special has no title (announced by
   * its kind and number only): it is named by its label, and nothing waits.
   */
  title: Gated<{ title: string; originalTitle: string | null }> | null;
  /** At its precision (app/lib/content/dates.ts); null where it is not known. */
  releasedOn: string | null;
  runtime: number | null;
  synopsis: Gated<string> | null;
  /** An anime-original special's note on what it tells; null for one that adapts something. */
  original: Gated<string> | null;
  adapts: { chapters: { from: UnitLabel; to: UnitLabel }[]; sideStories: UnitLabel[] };
  /**
   * The episode it is watched after, where the pack says, and the recut episode that ends with it (its
   * viewers know the recut's numbers, not the season's); null where no recut holds it.
   */
  watchAfter: (UnitLabel & { inRecut: UnitLabel | null }) | null;
  /** Translation notes (on its subtitles, dub and captions) recorded for it: public, as an episode's count is. */
  mistakeCount: number;
  /** How many comments its discussion holds at its own horizon, gated by the special. */
  discussion: Gated<number>;
}

/**
 * The season a page of seasons (/anime, /break_time) opens on for a viewer when its address names none
 * (viewToOpen): the one holding the first episode after their place in the anime. A recut's place says
 * nothing of the season's episodes (decision 45), so it is no place here.
 */
export function seasonToOpen(seasons: readonly Pick<AnimeSeason, "number" | "episodeCount">[], knowledge: Knowledge) {
  return viewToOpen(
    seasons.map((season) => ({ number: season.number, unitCount: season.episodeCount })),
    knowledge,
    (key) => {
      const place = parseUnitKey(key, "anime");
      return place && place.recut === undefined ? { view: place.season, unit: place.episode } : null;
    },
  );
}
