/** A text's own characters as a regular expression matches them: none of them is an operator. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Any of `alternatives` (regular expression sources) where it stands as whole words: no letter or digit
 * of any script right before or after it. The one way the site finds a name or a phrase in a text.
 */
export function wholeWords(alternatives: readonly string[], flags: string) {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join("|")})(?![\\p{L}\\p{N}])`, `${flags}u`);
}
