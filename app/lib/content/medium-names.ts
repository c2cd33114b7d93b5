import type { Medium } from "./units";
import { escapeRegExp, wholeWords } from "../search/whole-words";

/*
 * A character's names per medium and per translation (characters.json `mediumNames`): "Felix" in the
 * anime where the light novels say "Ferris". Which one a reader is shown, and how the others are
 * labelled, is worked out here, so the profile, the catalogue and the relationships say it alike.
 */

/**
 * The media a character can be named otherwise in, in the order a series usually comes out in them (the
 * manga adapts the light novels before the anime does).
 */
export const namedMedia = ["web_novel", "light_novels", "manga", "anime"] as const satisfies readonly Medium[];
export type NamedMedium = (typeof namedMedia)[number];

/** A name in one medium (and translation), as the characters table keeps it (`medium_names`, JSON). */
export interface StoredMediumName {
  medium: NamedMedium;
  /** Which of a medium's translations says it ("fan translation"); null where the medium has one. */
  translation: string | null;
  name: string;
  /** The units that reveal it, space-separated; null where it is said wherever the character is met. */
  revealedBy: string | null;
}

/** A name in one medium, as pages hold it once the requester may know it. */
export interface MediumName {
  medium: NamedMedium;
  translation: string | null;
  name: string;
}

const mediumPhrases: Record<NamedMedium, string> = {
  web_novel: "the web novel",
  light_novels: "the light novels",
  manga: "the manga",
  anime: "the anime",
};

/** Where a name is said, as a label reads: "the anime", "the light novels (fan translation)". */
export function whereSaid({ medium, translation }: Pick<MediumName, "medium" | "translation">) {
  return translation ? `${mediumPhrases[medium]} (${translation})` : mediumPhrases[medium];
}

/** "the web novel", "the web novel and the anime", "the web novel, the light novels and the anime". */
function listed(places: readonly string[]) {
  return places.length > 1 ? `${places.slice(0, -1).join(", ")} and ${places.at(-1)}` : (places[0] ?? "");
}

/** Another name of the character the reader is shown beside the one heading: "Ferris in the light novels". */
export interface OtherName {
  name: string;
  /** Where it is said: "the light novels", "the web novel and the anime". */
  where: string;
}

export interface ShownNames {
  /** The name to head the character with. */
  name: string;
  /** The character's other names, each with the media that say it, in the media's order. */
  others: OtherName[];
}

/**
 * The name a reader is shown for a character, and the others labelled with where they are said.
 * `names`: the per-medium names the reader may know (others left out); `appearsIn`: the media the
 * character appears in, which say the main name where they have no name of their own; `followed`: the
 * medium the reader follows first (app/lib/progress/followed-first.ts), or null for a reader with no
 * progress, who is shown the main name. A medium's first name listed is the one its readers see; its
 * other translations are labelled with theirs.
 */
export function shownNames(
  main: string,
  names: readonly MediumName[],
  appearsIn: readonly NamedMedium[],
  followed: NamedMedium | null,
): ShownNames {
  const firstOf = (medium: NamedMedium) => names.find((name) => name.medium === medium);
  const name = (followed && firstOf(followed)?.name) ?? main;
  // Each medium the character is in says its own first name, or the main name; translations theirs.
  const said: Array<{ name: string; where: string }> = [];
  for (const medium of namedMedia) {
    const own = names.filter((each) => each.medium === medium);
    if (own.length === 0) {
      if (appearsIn.includes(medium)) said.push({ name: main, where: whereSaid({ medium, translation: null }) });
      continue;
    }
    for (const each of own) said.push({ name: each.name, where: whereSaid(each) });
  }
  // Each other name once, with every medium that says it.
  const others = new Map<string, { name: string; places: string[] }>();
  for (const each of said) {
    const key = each.name.toLocaleLowerCase("en");
    if (key === name.toLocaleLowerCase("en")) continue;
    const other = others.get(key) ?? others.set(key, { name: each.name, places: [] }).get(key)!;
    other.places.push(each.where);
  }
  return { name, others: [...others.values()].map((other) => ({ name: other.name, where: listed(other.places) })) };
}

/** A character's name as the pack writes it in prose, and the name this reader is shown instead. */
export interface ProseRename {
  from: string;
  to: string;
}

/**
 * Prose (a fact, a relationship, a summary) as this reader is shown it: each whole name of `renames` said
 * as the name the reader knows the character by ("Still sends Nix a bun" to a viewer of the anime, where
 * Nix is "Nyx"). Only a whole name, as a word of its own, is changed: a longer name first, so "Ferris
 * Dunmore" is not taken for "Ferris"; "Nixie" keeps its own letters. The pattern is made once, for every
 * text of a page.
 */
export function proseRenamer(renames: readonly ProseRename[]): (text: string) => string {
  const byName = new Map(
    renames.filter((rename) => rename.from && rename.from !== rename.to).map((rename) => [rename.from, rename.to]),
  );
  if (!byName.size) return (text) => text;
  const pattern = wholeWords([...byName.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp), "g");
  return (text) => text.replace(pattern, (name) => byName.get(name) ?? name);
}
