/*
 * How long a reader's text is, and the one rule (and message) for a field that takes at most so many
 * characters: the browser checks it before a form is sent, and the server again on what arrives.
 */

/** How long a text is as a reader counts it: characters (code points), not UTF-16 units. */
export function textLength(text: string) {
  let length = 0;
  for (const _character of text) length++;
  return length;
}

/**
 * What is wrong with a text (as it will be kept) for a field of at most `max` characters, or null: its
 * true length, so a reader who pasted too much knows by how much.
 */
export function lengthProblem(kept: string, max: number) {
  const length = textLength(kept);
  return length > max
    ? `Keep it to ${max.toLocaleString("en")} characters (this is ${length.toLocaleString("en")}).`
    : null;
}

/** A field's count as the reader watches it grow: "44 of 4,000 characters". */
export function characterCount(length: number, max: number) {
  return `${length.toLocaleString("en")} of ${max.toLocaleString("en")} characters`;
}
