import type { ContentPack } from "./schema/files";

/*
 * How a text names a character, for the lints that look for names (./character-lint.ts, and the title
 * lint in ./spoiler-lint.ts). The names are matched with app/lib/shield/secrets.ts: `namePattern`.
 */

type Character = ContentPack["characters"]["characters"][number];
/** A character as the name lints read them: per-medium names are optional, as a true name's words are read without. */
type Named = Pick<Character, "name" | "aliases"> & { mediumNames?: Character["mediumNames"] };

/** The names a medium says wherever the character is met: a name it says only later is a secret until then. */
export const openMediumNames = (character: Named) =>
  (character.mediumNames ?? []).filter((mediumName) => !mediumName.revealAt).map((mediumName) => mediumName.name);

const mediumSaying = {
  webNovel: "the web novel",
  lightNovels: "the light novels",
  manga: "the manga",
  anime: "the anime",
} as const;

/** Words of a name that name no one by themselves: "Mother Suet" is named "Suet", never "Mother". */
const honorifics = new Set([
  "the",
  "of",
  "and",
  "mother",
  "father",
  "brother",
  "sister",
  "grandmother",
  "grandfather",
  "king",
  "queen",
  "prince",
  "princess",
  "saint",
  "lady",
  "lord",
  "dame",
  "sir",
  "captain",
  "deacon",
  "master",
  "mistress",
  "old",
  "young",
  "little",
]);

/**
 * The ways a text names a character: the whole name and each alias (the same without a leading "The",
 * which a sentence writes in lower case: "the Gilt Flame"), and each word of a personal name the name
 * writes with a capital, titles and initials aside ("Sabine", "Ostrander", "Suet" of "Mother Suet"). A
 * name that is an epithet ("The Dusk King") is named only whole: "Dusk" alone names no one. A name's
 * closing parenthesis tells characters of one name apart ("Hero (cycle 3)") and is not said in a text.
 * A name a medium says openly ("Felix" in the anime) names the character as their name does.
 */
export function namesOf(character: Named) {
  const said = (name: string) => name.replace(/^the\s+/i, "").replace(/\s*\([^()]*\)$/, "");
  const wordsOf = (full: string) =>
    /^the\s/i.test(full)
      ? []
      : (said(full).match(/\p{L}[\p{L}\p{N}'’-]*/gu) ?? []).filter(
          (word) => /^\p{Lu}\p{L}/u.test(word) && !honorifics.has(word.toLowerCase()),
        );
  const personal = [character.name, ...openMediumNames(character)];
  return [...new Set([...personal.map(said), ...character.aliases.map(said), ...personal.flatMap(wordsOf)])].filter(
    (each) => each !== "",
  );
}

/**
 * Which of the names everyone who meets the character sees a name kept secret already is ("the name
 * everyone sees", "the alias …", "the name … the anime says"), or null: then it is no secret, and the
 * pack has it wrong.
 */
export function namedOpenly(character: Named, trueName: string) {
  const same = (name: string) => name.trim().toLocaleLowerCase("en") === trueName.trim().toLocaleLowerCase("en");
  if (same(character.name)) return "the name everyone sees";
  const alias = character.aliases.find(same);
  if (alias !== undefined) return `the alias "${alias}"`;
  const inMedium = (character.mediumNames ?? []).find((mediumName) => !mediumName.revealAt && same(mediumName.name));
  return inMedium === undefined ? null : `the name "${inMedium.name}" ${mediumSaying[inMedium.medium]} says`;
}
