import { knowledgeOfUnits, knows, noKnowledge, type Revealers } from "./knowledge";
import { escapeRegExp, wholeWords } from "../search/whole-words";

/*
 * The story's secrets (a true name, a fate, an identity), as the content pack declares them: the words
 * that give each away and the units that reveal it. A text that names a secret must not reach a reader
 * who can see the text before knowing the secret. The pack's spoiler lint holds the pack's own texts to
 * this at import (pack/spoiler-lint.ts); triage holds a reader's report to it before publishing it.
 */

/** A secret as the import stores it: never shown, only matched. */
export interface StorySecret {
  id: string;
  /** Matched case-insensitively as whole words or phrases. */
  words: readonly string[];
  revealedBy: Revealers;
}

/** Apostrophes as readers type them: straight, curly, the modifier letter, acute and grave accents, the prime. */
const apostrophes = "['‘’ʼ´`′]";

/**
 * The secret's words as one pattern: case-insensitive, whole words or phrases (no letter or digit
 * either side), any run of spaces matching any other, and every apostrophe alike. Match it with
 * `namesSecret`, which reads the text as it shows.
 */
export function secretPattern(words: readonly string[]) {
  const phrases = words.map((word) =>
    escapeRegExp(comparable(word).trim()).replace(/\s+/g, "\\s+").replace(new RegExp(apostrophes, "g"), apostrophes),
  );
  return wholeWords(phrases, "i");
}

/**
 * A character's names as one pattern, matched as a secret's words are (whole words, the text read as it
 * shows, spaces and apostrophes alike, letters in any case), except that a word the name writes with a
 * capital names the character only where it begins with one: a name is a proper noun, and the same word
 * in lower case is the common word ("a sable coat", "the stone wall", "a wren"), while "SABINE" and
 * "Sabine's" still name Sabine. Match it with `namesSecret`.
 */
export function namePattern(names: readonly string[]) {
  const anyCase = (letter: string) => {
    const lower = letter.toLowerCase();
    const upper = letter.toUpperCase();
    return lower === upper || [...lower].length > 1 || [...upper].length > 1
      ? escapeRegExp(letter)
      : `[${lower}${upper}]`;
  };
  const phrases = names.map((name) =>
    comparable(name)
      .trim()
      .split(/(\s+)/)
      .map((part) =>
        /^\s+$/.test(part)
          ? "\\s+"
          : [...part]
              .map((character, at, characters) =>
                new RegExp(apostrophes).test(character)
                  ? apostrophes
                  : // A capital that begins a word ("Sabine", the S of "*Star*", the E of "Wick-Eye") stays one.
                    /\p{Lu}/u.test(character) && !/\p{L}/u.test(characters[at - 1] ?? "")
                    ? escapeRegExp(character)
                    : anyCase(character),
              )
              .join(""),
      )
      .join(""),
  );
  return wholeWords(phrases, "");
}

/**
 * Cyrillic and Greek letters drawn like Latin ones, as the Latin letter they show: "Соrvin" with a
 * Cyrillic "С" and "о" reads as "Corvin". Both the secret's words and the text are folded, so a secret
 * written in Cyrillic or Greek still matches itself.
 */
const lookAlikeLetters = "авсԁеёһіїјкӏмнорԛѕтуѵԝхүαβεηικνορτυχωϲϳ";
const latinShown = "abcdeehiijklmhopqstyvwxyabenikvoptuxwcj";
const lookAlikes = new Map(
  [...lookAlikeLetters].flatMap((letter, index) => [
    [letter, latinShown[index]!],
    [letter.toUpperCase(), latinShown[index]!.toUpperCase()],
  ]),
);
const lookAlike = new RegExp(`[${[...lookAlikes.keys()].join("")}]`, "gu");

/**
 * A text as a reader sees it, for matching: compatibility forms folded (full-width letters,
 * ligatures, half-width kana), accents taken off (readers write "Aurelie" for "Aurélie", and a letter
 * with a mark after it for one letter) but not kana's voicing marks, look-alike letters read as the Latin they show, and the characters that
 * show nothing (zero-width spaces and joiners, soft hyphens, direction marks) taken out, so none of
 * them can hide a secret's words.
 */
function comparable(text: string) {
  return (
    text
      // A voicing mark written as a letter of its own (゛, ゜) is the mark that joins its kana.
      .replace(/\u309B/g, "\u3099")
      .replace(/\u309C/g, "\u309A")
      .normalize("NFKD")
      // Accents off; but kana's voicing marks make another letter (ヴ is not ウ, ガ not カ): they go back on.
      .replace(/[\p{M}\p{Cf}]/gu, (mark) => (mark === "\u3099" || mark === "\u309A" ? mark : ""))
      .normalize("NFC")
      .replace(lookAlike, (letter) => lookAlikes.get(letter) ?? letter)
      // The modifier letter apostrophe is a letter to Unicode: "Corvinʼs" would be one word, not Corvin's.
      .replaceAll("\u02BC", "'")
  );
}

/**
 * The text in the order it shows: a direction override (U+202E right-to-left, U+202D left-to-right)
 * lays out what follows it, up to the end of the override (U+202C) or of the line, backwards, so
 * "\u202Enivroc" shows "corvin". Each overridden run is read reversed; null when there is none.
 */
function overriddenRunsReversed(text: string): string | null {
  if (!/[\u202D\u202E]/.test(text)) return null;
  return text.replace(/[\u202D\u202E]([^\u202C\n]*)/g, (_run, inside: string) => [...inside].reverse().join(""));
}

/** The words of the text that name the secret (as the text shows them once compared), or null when it names none. */
export function namesSecret(pattern: RegExp, text: string): string | null {
  const named = pattern.exec(comparable(text))?.[0];
  if (named !== undefined) return named;
  const shown = overriddenRunsReversed(text);
  return shown === null ? null : (pattern.exec(comparable(shown))?.[0] ?? null);
}

/**
 * The text as `namesSecret` reads it, worked out once for a text matched against many patterns: as it
 * shows once compared, and again with its overridden runs the right way round where it has any. Match
 * each pattern against every reading.
 */
export function readingsOf(text: string): string[] {
  const shown = overriddenRunsReversed(text);
  return shown === null ? [comparable(text)] : [comparable(text), comparable(shown)];
}

/**
 * A letter as a case-insensitive pattern (`iu`) reads it, which folds case letter by letter: "ς" and "Σ"
 * as "σ", a letter's old variant form as the letter ("ᲁ" as "д"). Lower case alone keeps them apart.
 */
function folded(letter: string) {
  const viaUpper = letter.toUpperCase().toLowerCase();
  return [...viaUpper].length === 1 ? viaUpper : letter.toLowerCase();
}

/**
 * The words of a compared text (`readingsOf`), folded as the patterns fold them: a text that a pattern
 * matches holds each word of the pattern's phrase as one of these.
 */
export const comparedWords = (reading: string) =>
  (reading.match(/[\p{L}\p{N}]+/gu) ?? []).map((word) => [...word].map(folded).join(""));

/** The words of a name or phrase as `comparedWords` reads a text: a text that names it holds every one. */
export const phraseWords = (phrase: string) => comparedWords(comparable(phrase));

/** The first word of a name as `comparedWords` reads a text. */
export const firstComparedWord = (name: string) => phraseWords(name)[0] ?? "";

/**
 * A unit that reveals the text to a reader who may not know the secret, or null when there is none.
 * "" stands for every reader (the text is not gated). A reader who consumed a unit has, at the least,
 * what that unit stands for in its medium; if that makes the secret known, every reader of it knows.
 */
export function revealedBeforeSecret(textRevealedBy: Revealers, secretRevealedBy: Revealers): string | null {
  if (textRevealedBy === null) return knows(noKnowledge, secretRevealedBy) ? null : "";
  for (const unit of textRevealedBy) if (!knows(knowledgeOfUnits([unit]), secretRevealedBy)) return unit;
  return null;
}

/** A secret a text names too early: which, the words that name it, and a unit whose readers may not know it. */
export interface SecretNamedEarly {
  secret: string;
  words: string;
  /** The unit that shows the text before the secret ("": every reader sees it). */
  before: string;
}

/** The first secret the text names where a reader can see the text without knowing the secret; null when none. */
export function secretNamedEarly(
  text: string,
  textRevealedBy: Revealers,
  secrets: readonly StorySecret[],
): SecretNamedEarly | null {
  for (const secret of secrets) {
    // A secret without words names nothing (an empty pattern would match every text).
    const words = secret.words.filter((word) => word.trim() !== "");
    if (!words.length) continue;
    const named = namesSecret(secretPattern(words), text);
    if (named === null) continue;
    const before = revealedBeforeSecret(textRevealedBy, secret.revealedBy);
    if (before !== null) return { secret: secret.id, words: named, before };
  }
  return null;
}
