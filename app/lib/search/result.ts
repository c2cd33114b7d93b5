/** Hits of the site search as the results page and the header's suggestions show them. */
import type { MediumName, ShownNames } from "../content/medium-names";
import { type Gated, knownTo, type Secret } from "../shield/gated";
import type { Knowledge } from "../shield/knowledge";
import type { SearchKind } from "./query";

export type { SearchKind };

/**
 * One hit: which entry of the index it is (`character:oren-vale`) and its kind, with what it shows
 * (title, line under it, link) gated where the entry spoils. A hit the requester does not know is
 * never in a response at all (searchResultsFor), so its key and kind are public only to those who know it.
 */
export type SearchResult = { ref: string; kind: SearchKind } & Gated<HitText>;

/** What a hit shows. A character's hit carries their names, so the reader is shown the one they know (`namedHit`). */
export interface HitText {
  title: string;
  subtitle: string;
  path: string;
  /** The title as first written (a Japanese original), for a search in that script (searchSite). */
  originalTitle?: string;
  character?: HitCharacter;
  /** Why the header's suggestions found it (asked with `suggest=1`): the words of it that match. */
  matched?: HitMatch;
}

/**
 * A text with the words a search found in it marked: its pieces in order, every second one (the 2nd,
 * the 4th, …) a word found. Joined, the pieces are the text.
 */
export type MarkedText = string[];

/**
 * Where a hit holds the words: its title, marked, or where the title holds none of them, a few words of
 * its other names or its text around them ("…the Ash Warden's lantern…"). Both come from the hit's own
 * entry, gated with it: a reader is shown them only with the hit.
 */
export interface HitMatch {
  title?: MarkedText;
  around?: MarkedText;
}

/** What marks the start and the end of a word found in the search index's marked texts (`markedText`). */
export const MARK_START = "\u0001";
export const MARK_END = "\u0002";

/**
 * A text the index marked (its `highlight` or `snippet`) as its pieces, or null when it marks nothing:
 * every word found between MARK_START and MARK_END. Words found side by side are one piece ("Ash
 * Warden"), as a reader reads them; the markers never reach a page.
 */
export function markedText(marked: string | null): MarkedText | null {
  if (!marked?.includes(MARK_START)) return null;
  const pieces = marked
    .replace(new RegExp(`${MARK_END}(\\s+)${MARK_START}`, "gu"), "$1")
    // The index keeps a dot inside a word ("12.5" is one), so a word found at a sentence's end or before
    // an ellipsis comes marked with its dots ("bell..."): only the word is the find, the dots stay plain.
    .replace(new RegExp(`(\\.+)${MARK_END}`, "gu"), `${MARK_END}$1`)
    .replace(new RegExp(`${MARK_START}(\\.+)`, "gu"), `$1${MARK_START}`)
    .split(new RegExp(`[${MARK_START}${MARK_END}]`, "u"));
  return pieces.some((piece, at) => at % 2 === 1 && piece.trim()) ? pieces : null;
}

/** What parts an entry's names and its text, as the index holds them ("Mira · The Doorwarden · ミラ"). */
const PARTS = " · ";

/**
 * A few words of an entry's names or text the index marked (its `snippet`), as a suggestion shows them:
 * only the parts holding a word found ("The Doorwarden", not the other names beside it, nor the pairs
 * of letters the index keeps after them: `unspacedPairs`), or null when it marks nothing.
 */
export function markedAround(marked: string | null): MarkedText | null {
  if (!marked?.includes(MARK_START)) return null;
  const parts: string[] = [];
  for (const part of marked.split(PARTS)) {
    const last = parts.at(-1);
    // Words found side by side across two parts are one mark: its parts stay together.
    if (last !== undefined && last.lastIndexOf(MARK_START) > last.lastIndexOf(MARK_END))
      parts.push(`${parts.pop()}${PARTS}${part}`);
    else parts.push(part);
  }
  return markedText(parts.filter((part) => part.includes(MARK_START)).join(PARTS));
}

/** A text as compared for the same words: lower case, its punctuation and ellipses as spaces. */
const asWords = (text: string) =>
  ` ${text
    .toLocaleLowerCase("en")
    .replace(/[\p{P}\p{S}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()} `;

/**
 * Whether a line of words found around the words (`around`, as shown: `markedAround`) says only what the
 * line under the title says already (`subtitle`), whole or the cut piece of it a snippet is.
 */
export function saysAlready(subtitle: string, around: MarkedText) {
  return asWords(subtitle).includes(asWords(around.join("")));
}

/**
 * A character's names as their hit carries them: the pack's, those media and translations say (each a
 * secret: one a medium says later travels only to a requester who knows it) and their affiliations.
 */
export interface HitCharacter {
  name: string;
  mediumNames: Array<Secret<MediumName>>;
  affiliations: string[];
  /** Their other names the words found too (entries of the same profile the requester knows): `oncePerPage`. */
  alsoFound?: string[];
}

/** The index's entry of a character's true name (pack/resolve/characters.ts): it heads as it is. */
export const TRUE_NAME_REF = "character-true-name:";

/**
 * The index's entry of a titled unit's place (pack/resolve/resolution.ts: `unitEntries`), before the key of
 * its titled entry ("place:volume:ln:main-5"): named by its label, found by everyone, shown only to a
 * requester who does not know the titled entry (`oncePerUnit`).
 */
export const PLACE_REF = "place:";

/**
 * A hit as the reader is shown it. A character heads with the name they know them by (`shown`, as the
 * profile works it out: app/components/character-name.tsx), whichever of their names the words found;
 * the name found, where it is another, goes under it with where it is said ("Felis Dunmore in the web
 * novel (fan translation)"), then their affiliations. Other hits are shown as they are.
 */
export function namedHit(text: HitText, shown: ShownNames | null): { title: string; subtitle: string } {
  const { character } = text;
  if (!character || !shown) return text;
  const same = (a: string, b: string) => a.toLocaleLowerCase("en") === b.toLocaleLowerCase("en");
  // Found by the name the reader knows (too), nothing more needs saying.
  const other = [text.title, ...(character.alsoFound ?? [])].some((found) => same(found, shown.name))
    ? null
    : (shown.others.find((name) => same(name.name, text.title)) ?? { name: text.title, where: "" });
  const foundAs = other ? (other.where ? `${other.name} in ${other.where}` : `Also called ${other.name}`) : null;
  return { title: shown.name, subtitle: [foundAs, ...character.affiliations].filter(Boolean).join(" · ") };
}

/** How many hits each kind has for a query (kinds without any are left out), for the filter chips. */
export type SearchKindCounts = Partial<Record<SearchKind, number>>;

/** What a search shows a requester: a page of the hits they know, how many, and how many of each kind. */
export type SearchShown = { results: SearchResult[]; total: number; counts: SearchKindCounts };

/**
 * What a search shows a requester: the hits they know (in the order of the hits, a page a slice of
 * it) and their number per kind. A hit they do not know leaves no trace, not a count, a kind, a rank or
 * a page: the answer for a word only gated text holds is the answer for a word nothing holds.
 */
export function searchResultsFor(
  matches: readonly SearchResult[],
  knowledge: Knowledge,
  { kind, limit, offset }: { kind: SearchKind | null; limit: number; offset: number },
): SearchShown {
  const known = oncePerUnit(oncePerPage(knownTo(matches, knowledge)));
  const counts: SearchKindCounts = {};
  for (const match of known) counts[match.kind] = (counts[match.kind] ?? 0) + 1;
  const ofKind = kind ? known.filter((match) => match.kind === kind) : known;
  return { results: ofKind.slice(offset, offset + limit), total: ofKind.length, counts };
}

/**
 * The hits with each unit found once: where the requester knows a titled unit's entry, it is listed
 * instead of its place's entry (`PLACE_REF`), at the better place of the two. Whatever finds the place
 * entry finds the titled one too (its names hold the place's), so a reader who knows the title is shown
 * it, and ranked as its label ranks: "ep 3" lists the episode 3 they watched beside those they have not,
 * whose label is their entry's title.
 */
function oncePerUnit(hits: readonly SearchResult[]): SearchResult[] {
  const titled = new Map(hits.map((hit) => [hit.ref, hit]));
  const listed = new Set<string>();
  return hits.flatMap((hit) => {
    const unit = hit.ref.startsWith(PLACE_REF) ? hit.ref.slice(PLACE_REF.length) : hit.ref;
    if (listed.has(unit)) return [];
    listed.add(unit);
    return [titled.get(unit) ?? hit];
  });
}

/**
 * The hits with each page found once: a character whose true name the requester knows is found by it
 * and by the name everyone knows them by (two entries, one profile), and is listed at the better of the two.
 */
function oncePerPage(hits: readonly SearchResult[]): SearchResult[] {
  // By profile, the character's names as the entry listed carries them (none for a true name's entry).
  const listed = new Map<string, HitCharacter | undefined>();
  return hits.flatMap((hit) => {
    if (hit.kind !== "character" || !hit.content) return [hit];
    const { path, title } = hit.content;
    if (listed.has(path)) {
      // The names it was found by go with the entry listed, so the reader is told only of a name they do not know.
      const first = listed.get(path);
      if (first) (first.alsoFound ??= []).push(title);
      return [];
    }
    const character = hit.content.character && { ...hit.content.character };
    listed.set(path, character);
    return [character ? { ...hit, content: { ...hit.content, character } } : hit];
  });
}
