import { lightNovelPlace, placeName } from "../content/labels";
import { formatDate } from "../format";
import {
  type AnimeMistake,
  type AnimeMistakePlace,
  type LnMistake,
  type ListedMistake,
  listedMistake,
  type MistakeEntry,
  type MistakeText,
} from "../mistakes/entries";
import {
  animeMistakePath,
  animeTrackLabels,
  formatTimestamp,
  mistakeCategoryLabels,
  mistakeSeverityLabels,
  mistakeStatusLabels,
} from "../mistakes/rules";
import type { AtomEntry } from "./atom";

/*
 * The translation notes' Atom feed (decisions 86 and 92). A feed cannot ask its reader what they have seen,
 * so it is sealed for what its address states (`reveal`, as the release feeds read it), by default nothing:
 * each entry is gated whole, as a volume's or the anime's page lists it. One behind the shield says what
 * is public of it, and no more: its volume or episode, when the site posted or changed it, and its link.
 * How it is judged, where it is within its unit, its edition or track, who wrote it and its lines come
 * with the reveal.
 */

/**
 * An entry as the feed lists it: its handle, the page that lists it, its volume or episode and when the
 * site posted or changed it are public (the dates are the feed's order, not the story's); the entry
 * itself is gated whole.
 */
export interface FeedNote<E extends MistakeEntry> extends ListedMistake<E> {
  path: string;
  /** Its volume ("Lanternfall 3") or episode ("Season 1 · Episode 3", "Anime · OVA 2"), as its unit's label names it. */
  unit: string;
  published: string;
  updated: string;
}

function feedNote<E extends MistakeEntry>(entry: E, path: string, unit: string): FeedNote<E> {
  return { ...listedMistake(entry), path, unit, published: entry.addedOn, updated: entry.updatedOn ?? entry.addedOn };
}

/** A light novel entry in the feed, with the address of the page of its volume that lists it. */
export const lnFeedNote = (entry: LnMistake, path: string) => feedNote(entry, path, entry.volume.label);

/** An anime entry in the feed. */
export const animeFeedNote = (entry: AnimeMistake) =>
  feedNote(entry, animeMistakePath(entry.id, entry.episode.key), animePlace(entry.episode));

/**
 * Its unit's label, as every page names the place (`placeName`): "Season 1 · Episode 3", an OVA's, special's
 * or film's ("Anime · OVA 2"), a recut episode's ("Season 1 Recut · Episode 3").
 */
function animePlace(place: AnimeMistakePlace) {
  return place.medium === "anime"
    ? placeName({ medium: "anime", season: place.season, episode: place.number, label: place.label })
    : place.label;
}

/** A light novel entry of the feed, as its sealed note allows. */
export function lnNoteEntry(note: FeedNote<LnMistake>, origin: string): AtomEntry {
  const entry = note.content;
  if (!entry?.content) return sealedEntry(note, origin);
  return openEntry(note, origin, entry, entry.content, {
    where: lightNovelPlace(entry.volume.label, { number: entry.chapter, label: entry.chapterLabel }),
    details: [placeInVolume(entry), entry.edition],
  });
}

/** An anime entry of the feed, as its sealed note allows. */
export function animeNoteEntry(note: FeedNote<AnimeMistake>, origin: string): AtomEntry {
  const entry = note.content;
  if (!entry?.content) return sealedEntry(note, origin);
  return openEntry(note, origin, entry, entry.content, {
    where: `${note.unit} at ${formatTimestamp(entry.start)}`,
    details: [
      `${formatTimestamp(entry.start)}–${formatTimestamp(entry.end)}`,
      `${entry.platform} ${animeTrackLabels[entry.track].toLowerCase()}`,
    ],
  });
}

/**
 * What the feed's reader may see of an entry behind the shield: that it is there, on its volume or episode,
 * and when the site posted it or last changed it (the date the feed lists it by), which tell one such entry
 * from another; its link opens it on the site.
 */
function sealedEntry(note: FeedNote<MistakeEntry>, origin: string): AtomEntry {
  const changed = note.updated !== note.published;
  const dated = changed ? `changed ${formatDate(note.updated)}` : `added ${formatDate(note.published)}`;
  const history = changed
    ? `added ${formatDate(note.published)}, last changed ${formatDate(note.updated)}`
    : `added ${formatDate(note.published)}`;
  return {
    ...common(note, origin),
    title: `${note.unit}: a note behind the spoiler shield, ${dated}`,
    authors: [],
    categories: [],
    summary: `A translation note on ${note.unit}, ${history}. This feed knows only the progress its address states, so it leaves out what the note is and the lines it corrects: open it on the site, where your progress decides whether it shows.`,
  };
}

/** An entry the shield lets through: how it is judged, where it is, its lines and who wrote it. */
function openEntry(
  note: FeedNote<MistakeEntry>,
  origin: string,
  entry: MistakeEntry,
  text: MistakeText,
  { where, details }: { where: string; details: Array<string | null> },
): AtomEntry {
  const facts = [
    mistakeCategoryLabels[entry.category],
    mistakeSeverityLabels[entry.severity],
    mistakeStatusLabels[entry.status],
    ...details,
  ]
    .filter(Boolean)
    .join(" · ");
  return {
    ...common(note, origin),
    title: `${where}: ${mistakeCategoryLabels[entry.category]} (${mistakeSeverityLabels[entry.severity]})`,
    authors: entry.credits,
    categories: [entry.category, entry.severity],
    summary: `${facts}. Official: “${text.official}” Suggested: “${text.suggested}” ${text.explanation}`,
  };
}

function common(note: FeedNote<MistakeEntry>, origin: string) {
  return {
    id: `${origin}${note.path}`,
    link: `${origin}${note.path}`,
    updated: note.updated,
    published: note.published,
  };
}

/** Where a light novel entry is in its volume: a page, or an ebook position. */
const placeInVolume = (entry: LnMistake) =>
  entry.page ? `p. ${entry.page}` : entry.ebookPosition ? `ebook ${entry.ebookPosition}` : null;
