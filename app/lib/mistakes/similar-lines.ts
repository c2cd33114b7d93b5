import { searchWords } from "../search/query";

/**
 * English words that carry a line's grammar, not what it says: nearly every official line holds some,
 * so sharing them tells nothing about whether two lines are the same (the official text a reader types
 * is the English release's). Parts of contractions ("ll" of "I'll", "isn" of "isn't") and a line's
 * "oh" and "huh" are among them.
 */
const FUNCTION_WORDS = new Set(
  `
  a about above after again against ah all am an and any are aren as at be been before being below
  between both but by can could couldn did didn do does doesn doing don down during each eh few for
  from further had hadn has hasn have haven having he her here hers herself him himself his how huh i
  if in into is isn it its itself just ll me more most my myself no nor not now of off oh on once only
  or other our ours ourselves out over own re same she should shouldn so some such than that the their
  theirs them themselves then there these they this those through to too uh under until up ve very was
  wasn we were weren what when where which while who whom why will with would wouldn you your yours
  yourself yourselves
  `
    .split(/\s+/)
    .filter(Boolean),
);

/** The most words of a typed line a similar-entries search looks for: its cost stays bounded. */
export const SIMILAR_LINE_WORDS = 6;

/** What a similar-entries search looks for in a typed line, and how many of those words an entry must hold. */
export interface SimilarLineSearch {
  words: string[];
  needed: number;
}

/**
 * The words of a typed line that find entries like it (`shortest`: the fewest letters a word needs to
 * count, as one or two letters match nearly every line), and how many of them an entry must hold to be
 * like it. Only the words that say something count, and an entry must hold at least half of them: a
 * line that shares only "the" and "of", or one word of many, with what was typed is not the same line.
 * A line made only of such common words ("Oh, you.") must be held whole, every word of it.
 */
export function similarLineSearch(typed: string, shortest: number): SimilarLineSearch {
  const words = [...new Set(searchWords(typed, 50))].filter((word) => [...word].length >= shortest);
  const meaningful = words.filter((word) => !FUNCTION_WORDS.has(word));
  if (meaningful.length) {
    const kept = meaningful.slice(0, SIMILAR_LINE_WORDS);
    return { words: kept, needed: Math.ceil(kept.length / 2) };
  }
  const kept = words.slice(0, SIMILAR_LINE_WORDS);
  return { words: kept, needed: kept.length };
}
