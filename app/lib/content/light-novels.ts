import type { Gated } from "../shield/gated";
import type { VolumeChangeKind } from "../vocabulary";

/* What the light novels page shows of a volume (the view its model returns). */

/** A unit a volume points to, by key and label. */
export interface UnitLink {
  key: string;
  label: string;
}

/**
 * What a volume changed from the web novel, as the page shows it (the list is gated with the volume).
 * The note of a scene the volume cut tells of chapters its readers have not read in it: it is gated by
 * what reveals them too (`noteOfChange`); the others spoil nothing the volume does not.
 */
export interface VolumeChange {
  kind: VolumeChangeKind;
  note: Gated<string>;
  chapters: { from: UnitLink; to: UnitLink } | null;
}

/** One edition of a volume: its language (a BCP 47 tag), publisher, title there, date and ISBN. */
export interface VolumeEdition {
  language: string;
  publisher: string;
  /** Its title in its language, gated as the volume's own title is; null where the pack gives none. */
  title: Gated<string> | null;
  /** At its precision (app/lib/content/dates.ts); null where it is not known. */
  releasedOn: string | null;
  isbn: string | null;
}

/**
 * A volume's English edition, a light novel's or a manga's: its date at its precision, null where there is
 * no English date; `noEnglishEdition` says whether the pack states there is no edition yet (else, without a
 * date, whether there is one is not known).
 */
export interface EnglishEdition {
  releasedEn: string | null;
  noEnglishEdition: boolean;
}

export interface LightNovelVolume extends EnglishEdition {
  key: string;
  /** Its place in its collection (its key's number). */
  number: number;
  /** The number the series gives it where that is not its place ("7.5", "EX"): `volumeName` reads both. */
  label: string | null;
  /**
   * Its title and original, gated as a unit's title is (app/lib/shield/knowledge.ts: `titleRevealers`).
   * Null while the volume has no title (announced by its number): it is named by its place.
   */
  title: Gated<{ title: string; originalTitle: string | null }> | null;
  /** At its precision (app/lib/content/dates.ts); null where it is not known. */
  releasedJp: string | null;
  isbn: string | null;
  /** Who illustrated it: its own illustrator, else its collection's, else the series'. */
  illustrator: string | null;
  editions: VolumeEdition[];
  pageCount: number | null;
  /**
   * Its cover's address, gated as its title is: a cover prints the title (and may show who is in the
   * book), so it is seen where the title is. Null where the pack has no cover.
   */
  cover: Gated<string> | null;
  /**
   * Its chapters as the book names them: the book's own label ("Prologue", "Chapter 1"; null where the
   * pack does not know it), public, and the title, gated by the units that reveal the volume (a reader
   * who only reached its place, from a manga that left chapters out, has not read every chapter it
   * names) or the choice to see titles, or where it repeats a title the web novel flags, by what reveals that.
   */
  chapters: { label: string | null; title: Gated<string> }[];
  /** Gated as a whole by what the volume reveals; the count is never hidden. */
  changes: Gated<VolumeChange[]> & { count: number };
  position: number;
  /** The web novel chapters it adapts, and how many. */
  adapts: { from: UnitLink; to: UnitLink; chapters: number } | null;
  readAfter: UnitLink | null;
  /** The side stories it prints (a short story collection's, a bonus story): its readers have read them. */
  sideStories: UnitLink[];
  mistakeCount: number;
  /** Comments in its discussion at its own horizon, gated by the volume. */
  discussion: Gated<number>;
}
