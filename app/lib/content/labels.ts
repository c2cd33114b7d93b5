import type { AnimeSpecialKind, ChapterKind, Medium } from "../vocabulary";
import { unitMediumLabels } from "./units";

/**
 * A story unit's or group's label with its title, composed once for every place that names it
 * (headings, page titles, options, suggestions, search results, the tracker), so that no name is said
 * twice when the pack's title already carries it.
 */

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Whether `inner`'s words appear in `outer`, in order and next to each other. */
function holdsWords(outer: string, inner: string) {
  const haystack = words(outer);
  const needle = words(inner);
  if (!needle.length) return false;
  return haystack.some((_, start) => needle.every((word, offset) => haystack[start + offset] === word));
}

/** Whether `label` begins with the words of `head`: "Lanternfall EX 1" begins with "Lanternfall EX". */
function beginsWithWords(label: string, head: string) {
  const labelWords = words(label);
  const headWords = words(head);
  return headWords.length > 0 && headWords.every((word, index) => labelWords[index] === word);
}

/**
 * "Chapter 14" and "The Ash Warden" read "Chapter 14: The Ash Warden". A title that repeats the label,
 * or part of it, before a colon gives up that part: "Season 2" and "Lanternfall Season 2: Cinder
 * Academy" read "Season 2: Cinder Academy"; "Lanternfall EX 1" and "Lanternfall EX: Moth Letters"
 * read "Lanternfall EX 1: Moth Letters"; "Arc 2 · Interlude 17" and "Interlude: Letters to Lowwick"
 * read "Arc 2 · Interlude 17: Letters to Lowwick". A title that is only the label, or holds it, is not repeated.
 * A withheld title (null or empty) reads as the label alone.
 */
export function labelWithTitle(label: string, title: string | null | undefined, separator = ": ") {
  const shown = title?.trim() ?? "";
  const rest = titleAfterLabel(label, shown);
  if (rest === null) return shown;
  return rest ? `${label}${separator}${rest}` : label;
}

/**
 * What a title adds to its label, for places that show the label beside it: "Interlude" and
 * "Interlude: Letters to Lowwick" give "Letters to Lowwick"; a title that only repeats the label gives
 * "". Null when the title holds the label in the middle and can only be shown whole.
 */
export function titleAfterLabel(label: string, title: string | null | undefined): string | null {
  const shown = title?.trim() ?? "";
  if (!shown) return "";
  const colon = shown.indexOf(": ");
  if (colon > 0) {
    const head = shown.slice(0, colon);
    const rest = shown.slice(colon + 2).trim();
    // "Arc 7 · Interlude 11" and "Interlude: Meanwhile" give "Meanwhile": the label's last part counts too.
    const lastPart = label.split(" · ").at(-1) ?? label;
    if (rest && (beginsWithWords(label, head) || beginsWithWords(lastPart, head) || holdsWords(head, label)))
      return withoutLabelNumber(label, head, rest);
  }
  if (beginsWithWords(label, shown) || beginsWithWords(label.split(" · ").at(-1) ?? label, shown)) return "";
  if (holdsWords(shown, label)) return null;
  return shown;
}

/**
 * What an arc's title adds where "Arc 8" is said beside it (a card's kicker, "Arc 8: " before a gated
 * title): "The Name" of "Arc 8: The Name", and of "Arc 8 – The Name" as wikis write it; the whole title
 * where it cannot be shortened.
 */
export function arcTitleAfter(number: number, title: string) {
  const dashed = new RegExp(`^arc ${number}\\s+[-–—]\\s+(\\S.*)$`, "iu").exec(title.trim());
  return dashed?.[1] ?? (titleAfterLabel(`Arc ${number}`, title) || title);
}

/**
 * The label's number, when the title puts it at the end of what it adds instead of after the name it
 * shares with the label: "Lanternfall Short Stories 3" and "Lanternfall Short Stories: Lamplit Tales 3"
 * give "Lamplit Tales", so the label says the number once ("Lanternfall Short Stories 3: Lamplit Tales").
 */
function withoutLabelNumber(label: string, head: string, rest: string) {
  const number = /\s(\d+)$/.exec(label)?.[1];
  if (!number || words(head).includes(number)) return rest;
  return rest.replace(new RegExp(`\\s+${number}$`), "") || rest;
}

/**
 * A title and the label to show beside it, for lists that show both on two lines (search,
 * suggestions, releases): every row gets its label as its second line, and a title that carries its
 * label, or part of it, gives that part to the label: "Lanternfall 14: The Lamps of Morning" beside
 * "Lanternfall 14" is "The Lamps of Morning"; "Interlude: Meanwhile" beside "Arc 7 · Interlude 11" is
 * "Meanwhile". A title that is only its label is shown alone; one that holds it in the middle, whole.
 */
export function titleBesideLabel(label: string, title: string): { title: string; label: string | null } {
  const rest = titleAfterLabel(label, title);
  if (rest === null) return { title, label: null };
  return rest ? { title: rest, label } : { title: label, label: null };
}

/** A unit by what the pack says of its place, as `placeName` names it. */
export type UnitPlace =
  | {
      medium: "web_novel";
      arc: number;
      /** The entry's name within its arc (`webNovelEntryNames`): "Chapter 26", "Interlude". */
      name: string;
    }
  | {
      medium: "light_novels";
      collectionName: string;
      volume: number;
      /** The number the series gives the volume, where that is not its place ("7.5", "EX"). */
      label?: string | null | undefined;
    }
  | {
      medium: "side_stories";
      publishedIn: string;
      /** Where among the stories published in the same place: its month, or its number there. */
      among?: string;
    }
  | {
      medium: "anime";
      season: number;
      episode: number;
      /** The number the series gives a season's episode, where that is not its place ("13.5", "0", "SP1"). */
      label?: string | null | undefined;
      recut?: number;
    }
  | { medium: "break_time"; season: number; number: number }
  | {
      medium: "anime_specials";
      kind: AnimeSpecialKind;
      /** Its number among the pack's specials of its kind, where there is more than one. */
      among?: number;
    }
  | {
      medium: "manga";
      /** The series' place among the pack's manga series (its title may be a spoiler). */
      series: number;
      /** The chapter's number as the series gives it (`mangaChapterNumbers`): "7", "12.5". */
      number: string;
    };

/** A web novel arc named by its place, never its title: "Arc 3". */
export const arcName = (arc: number) => `Arc ${arc}`;

/** An anime season named by its place, never its title: "Season 2". */
export const seasonName = (season: number) => `Season ${season}`;

/** A part (cour) of an anime season named by its place, never its title: "Season 2 · Part 2". */
export const seasonPartName = (season: number, part: number) => `${seasonName(season)} · Part ${part}`;

/**
 * The number a light novel volume goes by: its label where the series writes it otherwise than its place
 * in its collection ("7.5", "EX", "0"), else that place ("3").
 */
export const volumeNumberName = (volume: { number: number; label?: string | null | undefined }) =>
  volume.label ?? String(volume.number);

/**
 * A light novel volume named by its collection and the number it goes by, never its title: "Lanternfall 3",
 * "Lanternfall 7.5". Every page, feed, form and view that names a volume says this.
 */
export const volumeName = (collectionName: string, volume: { number: number; label?: string | null | undefined }) =>
  `${collectionName} ${volumeNumberName(volume)}`;

/**
 * The number a season's episode goes by: its label where the series writes it otherwise than its place
 * in its season (a recap's "13.5", a prologue's "0", an extra's "SP1"), else that place ("13"). In a
 * season aired in parts it is the season's number, as the series writes it, not a part's count from 1.
 */
export const episodeNumberName = (episode: { number: number; label?: string | null | undefined }) =>
  episode.label ?? String(episode.number);

/**
 * A season's episode named by the number it goes by, never its title: "Episode 13", "Episode 13.5".
 * Every page, feed, form and view that names an episode within its season says this.
 */
export const episodeName = (episode: { number: number; label?: string | null | undefined }) =>
  `Episode ${episodeNumberName(episode)}`;

/**
 * A run of a season's episodes named by their two ends: "Episode 13.5" for one, "Episodes 13–24" for
 * more (a part's, a recut episode's), each end by the number it goes by.
 */
export function episodeRunName(
  first: { number: number; label?: string | null | undefined },
  last: { number: number; label?: string | null | undefined },
) {
  return first.number === last.number
    ? episodeName(first)
    : `Episodes ${episodeNumberName(first)}–${episodeNumberName(last)}`;
}

/** A manga series named by its place, never its title: "Manga 2". */
export const mangaSeriesName = (series: number) => `Manga ${series}`;

/** A manga volume named by its series' place and its number: "Manga 1 · Volume 2" (the release radar's). */
export const mangaVolumeLabel = (series: number, volume: number) => `${mangaSeriesName(series)} · Volume ${volume}`;

/**
 * The number each chapter of a manga series goes by, by its place in the series: its label where it has
 * one ("12.5"), else the count of the series' chapters without a label up to it, so an extra between 12
 * and 13 does not make chapter 13 "Chapter 14".
 */
export function mangaChapterNumbers(chapters: readonly { number: number; label?: string | undefined }[]) {
  const numbers = new Map<number, string>();
  let count = 0;
  for (const chapter of [...chapters].sort((a, b) => a.number - b.number))
    numbers.set(chapter.number, chapter.label ?? String(++count));
  return numbers;
}

/** What the site calls each kind of anime special. */
export const animeSpecialKindLabels: Record<AnimeSpecialKind, string> = {
  ova: "OVA",
  special: "Special",
  film: "Film",
};

/** A recut of a season named by its place, never its title: "Season 1 Recut", "Season 1 Recut 2". */
export function recutName(season: number, recut: number) {
  return `Season ${season} Recut${recut === 1 ? "" : ` ${recut}`}`;
}

/**
 * A unit named by its place in the story, never by its title: "Arc 6 · Chapter 24", "Lanternfall 3",
 * "Side story · Lanternfall EX 1" ("Side story · Author's blog, Jan 2015" where the blog holds more than
 * one), "Season 2 · Episode 3", "Season 1 · Break Time 2", "Anime · OVA 2", "Anime · Film", "Manga 1 · Chapter 12.5". Every unit's label
 * is this (the importer stores it), so it is what shows where a title is hidden, and it spoils nothing.
 */
export function placeName(place: UnitPlace): string {
  switch (place.medium) {
    case "web_novel":
      return `Arc ${place.arc} · ${place.name}`;
    case "light_novels":
      return volumeName(place.collectionName, { number: place.volume, label: place.label });
    case "side_stories":
      return `Side story · ${place.publishedIn}${place.among ? `, ${place.among}` : ""}`;
    case "anime":
      // A recut numbers its own episodes, which carry no label of the series'.
      return place.recut === undefined
        ? `${seasonName(place.season)} · ${episodeName({ number: place.episode, label: place.label })}`
        : `${recutName(place.season, place.recut)} · Episode ${place.episode}`;
    case "break_time":
      return breakTimeLabel(place);
    case "anime_specials":
      return `Anime · ${animeSpecialKindLabels[place.kind]}${place.among ? ` ${place.among}` : ""}`;
    case "manga":
      return `${mangaSeriesName(place.series)} · Chapter ${place.number}`;
  }
}

/**
 * A unit's label without its medium in front, for a place that says the medium beside it (a badge, a
 * card's heading): "Lanternfall EX 1" beside "Side story", "OVA 2" beside "Anime".
 */
export function placeWithinMedium({ medium, label }: { medium: Medium; label: string }) {
  const kind = `${unitMediumLabels[medium]} · `;
  return label.startsWith(kind) ? label.slice(kind.length) : label;
}

/**
 * A unit's medium and its place in it, each said once, for a card that names both: "Web novel" over
 * "Arc 1 · Chapter 7", "Side story" over "Lanternfall EX 1"; a manga chapter's series, which says the
 * medium, over its chapter: "Manga 1" over "Chapter 3".
 */
export function mediumAndPlace(unit: { medium: Medium; label: string }) {
  const within = unit.label.indexOf(" · ");
  return unit.medium === "manga" && within !== -1
    ? { medium: unit.label.slice(0, within), place: unit.label.slice(within + " · ".length) }
    : { medium: unitMediumLabels[unit.medium], place: placeWithinMedium(unit) };
}

/** A Break Time short's label: "Season 1 · Break Time 2". */
export function breakTimeLabel(short: { season: number; number: number }) {
  return `Season ${short.season} · Break Time ${short.number}`;
}

/**
 * The line under a Break Time short's title, in /break_time's words (a short airs with an episode):
 * "Season 1 · Break Time 2, airs with episode 2", with the episode's season when it is another one;
 * "released on its own" for a short that accompanies no episode.
 */
export function breakTimeAiring(
  short: { season: number; number: number },
  episode: { season: number; episode: number; label?: string | null | undefined } | null,
) {
  if (episode === null) return `${breakTimeLabel(short)}, released on its own`;
  const number = episodeNumberName({ number: episode.episode, label: episode.label });
  const airsWith =
    episode.season === short.season ? `episode ${number}` : `season ${episode.season}, episode ${number}`;
  return `${breakTimeLabel(short)}, airs with ${airsWith}`;
}

/**
 * A light novel chapter as a pack lists it: the line the book prints ("Prologue: Before the Lamps Are
 * Lit", "Chapter 1: Lowwick After Dusk", "Keeper Ansel Dray"), or its label and title apart, for a label
 * the line does not say ({ "label": "Chapter 123-A", "title": "Moth Letters" }, { "label": "Afterword" }).
 */
export type LightNovelChapterEntry = string | { label?: string; title?: string };

/** A light novel chapter: the book's own label for it (null where it is not known) and its title ("" when it has none). */
export interface LightNovelChapter {
  label: string | null;
  title: string;
}

/** A label a book puts in front of a chapter's title: "Prologue", "Chapter 12", "Chapter 123-A", "Afterword". */
const leadingChapterLabel = /^(prologue|epilogue|interlude|afterword|chapter\s+\d+(?:-[a-z\d]+)?)(?:\s*:\s*|$)/i;

/**
 * A chapter's label as the site writes it: a bare number as readers write it ("3", "123-A") is "Chapter 3",
 * "Chapter 123-A"; any other label ("Prologue", "Interlude 2", "Afterword") as the book prints it.
 */
export function lightNovelChapterLabel(label: string) {
  const written = label.trim();
  return /^\d+(?:-[A-Za-z\d]+)?$/.test(written) ? `Chapter ${written}` : written;
}

/**
 * A chapter of a pack's list, as its label and title: a line that starts with a label the book uses
 * gives it ("Chapter 1: Lowwick After Dusk"); a line without one has no known label, and no number is
 * made up from its place in the list (where a prologue would be chapter 1).
 */
export function lightNovelChapterOf(entry: LightNovelChapterEntry): LightNovelChapter {
  if (typeof entry !== "string")
    return { label: entry.label ? lightNovelChapterLabel(entry.label) : null, title: entry.title?.trim() ?? "" };
  const line = entry.trim();
  const label = leadingChapterLabel.exec(line);
  if (!label) return { label: null, title: line };
  // A title that starts with a label of its own (the web novel's: "Prologue: Interlude: Ledger of the
  // Forgotten") gives it up, so the chapter's name says one label.
  let title = line.slice(label[0].length).trim();
  for (
    let own = leadingChapterLabel.exec(title);
    own && own[0].length < title.length;
    own = leadingChapterLabel.exec(title)
  )
    title = title.slice(own[0].length).trim();
  return { label: label[1]!.replace(/\s+/g, " "), title };
}

/**
 * A light novel chapter named as its book names it: "Chapter 1: Lowwick After Dusk", "Prologue: Before
 * the Lamps Are Lit", "Epilogue", or its title alone where its label is not known. With neither, the
 * chapter's number as a report gave it ("Chapter 3"), else nothing.
 */
export function lightNovelChapterName(chapter: { label: string | null; title: string | null }, number?: number) {
  const title = chapter.title?.trim() ?? "";
  if (chapter.label) return title ? `${chapter.label}: ${title}` : chapter.label;
  return title || (number ? `Chapter ${number}` : "");
}

/**
 * Where a light novel entry (a translation note, a reported mistake) is, for a line that names it:
 * "Lanternfall 3, Chapter 6", "Lanternfall 3, Prologue" as the book labels the chapter; where the label
 * is not known, by its place in the volume's contents ("Lanternfall 3, chapter 7"); where that is not
 * known either, by the volume alone.
 */
export function lightNovelPlace(volume: string, chapter: { number: number; label: string | null }) {
  if (chapter.label) return `${volume}, ${chapter.label}`;
  // A reader's report that named a chapter the contents do not list has no place in them (0).
  return chapter.number > 0 ? `${volume}, chapter ${chapter.number}` : volume;
}

/** What a web novel entry is, in front of its title on the arc's list: "Prologue: Before the Lamps Are Lit". */
export const chapterKindLabels = {
  prologue: "Prologue",
  chapter: "Chapter",
  interlude: "Interlude",
  extra: "Extra",
  epilogue: "Epilogue",
  afterword: "Afterword",
} as const satisfies Record<ChapterKind, string>;

/** A web novel entry as its arc lists it: its place in reading order, its kind, and the series' own number for it. */
export interface WebNovelEntry {
  ordinal: number;
  kind: ChapterKind;
  label?: string | null | undefined;
}

/**
 * The names of an arc's entries, by ordinal, as the series numbers them. An entry with a `label` is
 * named by it ("Chapter 123-A", "Interlude 4"). Without one, a chapter is numbered among the arc's
 * chapters only, in reading order, so an interlude before it does not move its number ("Chapter 26",
 * not "Chapter 27"); any other kind is named by its kind alone where the arc has one of it
 * ("Prologue", "Interlude"), and numbered among its own kind where it has several ("Interlude 2").
 * Counting goes on from a label that starts with a number, as the series does: after "123-A" comes 124,
 * after "19-A", "19-B", "20-A" and "20-B" comes 21, after "226.5" comes 227; a label without one ("EX-2")
 * takes no number, so the chapter after it has the one it would have had.
 */
export function webNovelEntryNames(entries: readonly WebNovelEntry[]): Map<number, string> {
  const inOrder = [...entries].sort((a, b) => a.ordinal - b.ordinal);
  const ofKind = new Map<ChapterKind, number>();
  for (const entry of inOrder) ofKind.set(entry.kind, (ofKind.get(entry.kind) ?? 0) + 1);
  const counted = new Map<ChapterKind, number>();
  const names = new Map<number, string>();
  for (const entry of inOrder) {
    const word = chapterKindLabels[entry.kind];
    // A label written with its kind ("Interlude 4" on an interlude) says the word once.
    const label = entry.label?.trim().replace(new RegExp(`^${word}\\s+`, "i"), "");
    const counting = label ? /^\d+/.exec(label) : null;
    const place = label ? (counting ? Number(counting[0]) : null) : (counted.get(entry.kind) ?? 0) + 1;
    if (place !== null) counted.set(entry.kind, place);
    const number = label || (entry.kind === "chapter" || (ofKind.get(entry.kind) ?? 0) > 1 ? place : null);
    names.set(entry.ordinal, number === null ? word : `${word} ${number}`);
  }
  return names;
}

/** An entry's name within its arc, from its arc's full label ("Arc 3 · Chapter 26" → "Chapter 26"). */
export function webNovelChapterName(unitLabel: string) {
  const within = unitLabel.indexOf(" · ");
  return within === -1 ? unitLabel : unitLabel.slice(within + " · ".length);
}

/**
 * A chapter's name as fans write it with its arc's number, "Chapter 3-12" for arc 3's chapter 12, from the
 * name the series gives it ("Chapter 123-A" is "Chapter 3-123-A"), `unitLabel` being its full label: one
 * of its place's names, so "3-12" and "chapter 3-12" find it first, in search (its entry's alias) and in
 * the tracker's finder alike. None for an entry that is not numbered as a chapter ("Interlude 2"), nor for
 * a label that says its arc already ("3-26": `lintArcInLabels`).
 */
export function arcChapterName(arc: number, unitLabel: string) {
  const number = /^Chapter (\S+)$/.exec(webNovelChapterName(unitLabel))?.[1];
  return number === undefined || number.startsWith(`${arc}-`) ? null : `Chapter ${arc}-${number}`;
}

/**
 * A label to print where it may wrap: "Season 1 Recut\u00a0· Episode 3", a no-break space before each "·",
 * so a long label breaks after a separator, never before it (no line starts with the dot).
 */
export function wrappingLabel(label: string): string {
  return label.replaceAll(" · ", "\u00a0· ");
}
