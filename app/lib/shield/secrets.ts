import { knowledgeOfUnits, knows, noKnowledge, type Revealers } from "./knowledge";

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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The secret's words as one pattern: case-insensitive, whole words or phrases (no letter or digit
 * either side), any run of spaces matching any other, and straight and curly apostrophes alike.
 */
export function secretPattern(words: readonly string[]) {
  const phrases = words.map((word) => escapeRegExp(word.trim()).replace(/\s+/g, "\\s+").replace(/['’]/g, "['’]"));
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${phrases.join("|")})(?![\\p{L}\\p{N}])`, "iu");
}

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
    const match = secretPattern(words).exec(text);
    if (!match) continue;
    const before = revealedBeforeSecret(textRevealedBy, secret.revealedBy);
    if (before !== null) return { secret: secret.id, words: match[0], before };
  }
  return null;
}
