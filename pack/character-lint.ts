import {
  type CrossedBeforeSecret,
  type CrossedReader,
  crossedBeforeSecret,
  crossingReader,
  type UnawareReader,
  unawareReaders,
} from "../app/lib/progress/crossed-readers";
import { readRevealers, type Revealers } from "../app/lib/shield/knowledge";
import {
  comparedWords,
  firstComparedWord,
  namePattern,
  readingsOf,
  revealedBeforeSecret,
} from "../app/lib/shield/secrets";
import { charactersMetBy } from "./reveals";
import type { ContentPack } from "./schema/files";
import { namesOf } from "./names";
import { addressAdvice, otherCrossings, packTexts, placedIn } from "./spoiler-lint";
import type { Report } from "./timeline";

/*
 * Characters named before the reader meets them: a character exists for a reader once they have met
 * them (pack/reveals.ts: `charactersMetBy`), so no text of the pack may name a character where a reader
 * can see the text without having met them: an arc summary that names "the top student Sabine Ostrander"
 * to a reader still in arc 1, a relationship on Ilse's profile naming a friend she makes later. It is
 * judged as the secret lint judges a secret (./spoiler-lint.ts), with meeting the character as the
 * secret, the character's names as its words, and the readers who crossed media.
 */

type Character = ContentPack["characters"]["characters"][number];

/**
 * Each way the cast is named, with the characters it names. A word several characters share (a family's
 * surname: "Quill") names whichever of them the reader has met, so it is met with any of them.
 */
function castNames(pack: ContentPack, metBy: ReadonlyMap<string, string | null>) {
  const named = new Map<string, { name: string; characters: Character[] }>();
  for (const character of pack.characters.characters)
    for (const name of namesOf(character)) {
      const key = name.toLocaleLowerCase("en");
      const entry = named.get(key) ?? named.set(key, { name, characters: [] }).get(key)!;
      if (!entry.characters.includes(character)) entry.characters.push(character);
    }
  // Longest first, so that a text is judged by the whole name it says.
  const longestFirst = [...named.values()].sort((a, b) => b.name.length - a.name.length);
  return longestFirst.map(({ name, characters }, order) => {
    const met = characters.map((character) => readRevealers(metBy.get(character.slug) ?? null));
    const pattern = namePattern([name]);
    return {
      name,
      characters,
      order,
      /** A text can name them only if it holds this word. */
      firstWord: firstComparedWord(name),
      pattern,
      everywhere: new RegExp(pattern.source, "gu"),
      /** The units after which a reader has met one of them (null: every reader knows one from the start). */
      metBy: met.some((units) => units === null) ? null : [...new Set(met.flatMap((units) => units ?? []))],
    };
  });
}

/** Where a character first appears, as an operator looks it up: "wn:3-4, ln:main-5 and anime:2-1". */
function firstAppearancesOf({ firstAppearances }: Character) {
  const units = [firstAppearances.webNovel, firstAppearances.lightNovel, firstAppearances.anime].filter(Boolean);
  return units.length > 1 ? `${units.slice(0, -1).join(", ")} and ${units.at(-1)}` : (units[0] ?? "nowhere");
}

/** "Sabine Ostrander", or for a word they share, "Pellam Quill, Barnaby Quill or Nell Quill". */
function whoOf(characters: readonly Character[]) {
  const names = characters.map((character) => character.name);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : names[0]!;
}

/** Where they first appear: one character's first appearances, or each one's. */
function whereMet(characters: readonly Character[]) {
  return characters.length === 1
    ? `who first appears at ${firstAppearancesOf(characters[0]!)}`
    : `who first appear at ${characters.map((character) => `${firstAppearancesOf(character)} (${character.name})`).join("; ")}`;
}

/**
 * Reports every text that names a character where a reader can see it before meeting them: a reader
 * who read everything before the text's units, or one who reached them after a media crossing. A
 * text on a character's profile is seen by a reader who has met that character and reached the text's
 * units; a relationship shows the name of the character it relates to.
 */
export function lintCharactersNamed(
  pack: ContentPack,
  revealersOf: (unitKey: string) => string,
  positions: ReadonlyMap<string, number>,
  report: Report,
  readersWhoCrossed: () => readonly CrossedReader[],
) {
  const placedUnits = placedIn(positions);
  const placed = (revealedBy: string | null) => readRevealers(placedUnits(revealedBy));
  const metBy = new Map(
    [...charactersMetBy(pack, revealersOf, positions)].map(([slug, units]) => [slug, placedUnits(units)] as const),
  );
  const bySlug = new Map(pack.characters.characters.map((character) => [character.slug, character]));
  // A reader who began partway through the story meets its earlier cast in pages first appearances do
  // not place: they are judged for the secrets only (pack/spoiler-lint.ts, decision 49).
  let fromTheStart: CrossedReader[] | undefined;
  const readersFromTheStart = () => (fromTheStart ??= readersWhoCrossed().filter((reader) => !reader.startedPartway));
  const names = castNames(pack, metBy).map((name) => {
    let unaware: UnawareReader[] | undefined;
    return {
      ...name,
      /** The crossings' readers who have not met any of them as they cross, worked out once a text names them. */
      unaware: () => (unaware ??= unawareReaders(name.metBy ?? [], readersFromTheStart())),
      /** What crossedBeforeSecret found, by what shows a text (texts often share it). */
      crossed: new Map<string, CrossedBeforeSecret | null>(),
    };
  });

  const byFirstWord = new Map<string, (typeof names)[number][]>();
  for (const name of names) byFirstWord.set(name.firstWord, [...(byFirstWord.get(name.firstWord) ?? []), name]);

  for (const text of packTexts(pack, revealersOf, positions)) {
    const owner = text.onProfileOf === undefined ? undefined : bySlug.get(text.onProfileOf);
    // What a reader must have consumed to see the text: a unit of each (none: every reader sees it).
    const profile = owner ? placed(metBy.get(owner.slug) ?? null) : null;
    const units = placed(text.revealedBy);
    // Each name the text says is judged once, longest first, and taken out of what is left to read, so
    // that "Sabine Ostrander" is not judged again as "Sabine" or as the family's "Ostrander". Only the
    // names whose first word the text holds are tried.
    let unread = readingsOf(text.text);
    const words = new Set(unread.flatMap(comparedWords));
    const candidates = [...words].flatMap((word) => byFirstWord.get(word) ?? []).sort((a, b) => a.order - b.order);
    for (const name of candidates) {
      const named = unread.map((reading) => name.pattern.exec(reading)?.[0]).find((found) => found !== undefined);
      if (named === undefined) continue;
      unread = unread.map((reading) => reading.replace(name.everywhere, " "));
      if (name.metBy === null || (owner && name.characters.includes(owner))) continue;
      const who = whoOf(name.characters);
      const finding = `names ${who} ("${named}") before the reader meets them`;
      const unmet = `without having met ${who}, ${whereMet(name.characters)}`;
      const early = earlyReader(owner, profile, units, name.metBy);
      if (early !== null) {
        report(text.file, text.path, `${finding}: ${early} ${unmet}${addressAdvice(text.path)}`);
        continue;
      }
      const crossed = crossedBeforeMeeting(name, profile, units);
      if (crossed)
        report(
          text.file,
          text.path,
          `${finding}: ${crossingReader(crossed, `${crossed.skipped.length === 1 ? "which introduces" : "which introduce"} ${who}`)} ${unmet}${otherCrossings(crossed.others)}${addressAdvice(text.path)}`,
        );
    }
  }

  /**
   * Who, having crossed nothing, sees the text without having met them (a reader who consumed a unit of
   * the profile and one of the text's knows what either makes known), or null when nobody does.
   */
  function earlyReader(owner: Character | undefined, profile: Revealers, units: Revealers, met: readonly string[]) {
    const onProfile = profile === null ? "" : revealedBeforeSecret(profile, met);
    const atUnits = units === null ? "" : revealedBeforeSecret(units, met);
    if (onProfile === null || atUnits === null) return null;
    if (onProfile === "" && atUnits === "") return "every reader sees it";
    const metOwner = onProfile === "" ? "" : `met ${owner!.name} at ${onProfile}`;
    const consumed = atUnits === "" ? "" : `consumed ${atUnits}`;
    return `a reader who has ${[metOwner, consumed].filter(Boolean).join(" and ")} sees it`;
  }

  /** The first crossing whose reader sees the text without having met them, once every reader who crossed nothing has. */
  function crossedBeforeMeeting(
    name: (typeof names)[number],
    profile: Revealers,
    units: Revealers,
  ): CrossedBeforeSecret | null {
    const shownBy = units ?? profile;
    if (shownBy === null) return null;
    const shownWith = units === null ? null : profile;
    const key = `${shownBy.join(" ")}|${shownWith?.join(" ") ?? ""}`;
    let crossed = name.crossed.get(key);
    if (crossed === undefined) {
      crossed = crossedBeforeSecret(shownBy, name.unaware(), shownWith);
      name.crossed.set(key, crossed);
    }
    return crossed;
  }
}
