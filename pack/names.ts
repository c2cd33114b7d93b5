import type { ContentPack } from "./schema/files";

/*
 * How a text names a character, for the lints that look for names (./character-lint.ts, and the title
 * lint in ./spoiler-lint.ts). The names are matched with app/lib/shield/secrets.ts: `namePattern`.
 */

type Character = ContentPack["characters"]["characters"][number];

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
 */
export function namesOf(character: Pick<Character, "name" | "aliases">) {
  const said = (name: string) => name.replace(/^the\s+/i, "").replace(/\s*\([^()]*\)$/, "");
  const name = said(character.name);
  const words = /^the\s/i.test(character.name)
    ? []
    : (name.match(/\p{L}[\p{L}\p{N}'’-]*/gu) ?? []).filter(
        (word) => /^\p{Lu}\p{L}/u.test(word) && !honorifics.has(word.toLowerCase()),
      );
  return [...new Set([name, ...character.aliases.map(said), ...words])].filter((each) => each !== "");
}

/**
 * Which of the names everyone who meets the character sees a true name already is ("the name everyone
 * sees", "the alias …"), or null: then it is no secret, and the pack has it wrong.
 */
export function namedOpenly(character: Pick<Character, "name" | "aliases">, trueName: string) {
  const same = (name: string) => name.trim().toLocaleLowerCase("en") === trueName.trim().toLocaleLowerCase("en");
  if (same(character.name)) return "the name everyone sees";
  const alias = character.aliases.find(same);
  return alias === undefined ? null : `the alias "${alias}"`;
}
