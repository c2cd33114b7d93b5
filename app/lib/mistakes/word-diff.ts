export interface DiffSegment {
  text: string;
  changed: boolean;
}

/** Words, runs of spaces and single punctuation marks, so a diff marks whole words. */
function tokenize(text: string) {
  return text.match(/[\p{L}\p{N}'’-]+|\s+|[^\p{L}\p{N}\s]/gu) ?? [];
}

function merge(tokens: Array<{ text: string; changed: boolean }>): DiffSegment[] {
  const segments: DiffSegment[] = [];
  for (const token of tokens) {
    const last = segments.at(-1);
    // Spaces between two changed words belong to the change, so it reads as one phrase.
    if (last && (last.changed === token.changed || (/^\s+$/.test(token.text) && last.changed))) last.text += token.text;
    else segments.push({ ...token });
  }
  // A trailing space swallowed into a change is given back.
  return segments.flatMap((segment) => {
    const match = segment.changed ? /^(.*?)(\s+)$/s.exec(segment.text) : null;
    return match
      ? [
          { text: match[1]!, changed: true },
          { text: match[2]!, changed: false },
        ]
      : [segment];
  });
}

/**
 * Marks the words that differ between the official and the suggested text (a longest common
 * subsequence of words), so a reader sees the change at a glance.
 */
export function diffWords(official: string, suggested: string) {
  const a = tokenize(official);
  const b = tokenize(suggested);
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const left: Array<{ text: string; changed: boolean }> = [];
  const right: Array<{ text: string; changed: boolean }> = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      left.push({ text: a[i]!, changed: false });
      right.push({ text: b[j]!, changed: false });
      i++;
      j++;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) left.push({ text: a[i++]!, changed: true });
    else right.push({ text: b[j++]!, changed: true });
  }
  while (i < a.length) left.push({ text: a[i++]!, changed: true });
  while (j < b.length) right.push({ text: b[j++]!, changed: true });
  return { official: merge(left), suggested: merge(right) };
}
