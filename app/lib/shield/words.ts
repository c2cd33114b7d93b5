/*
 * The shield's wording, apart from words.ts (nouns, plurals, articles): the spoiler component every
 * page carries says only this, so the rest of the words stay off the pages that do not count anything.
 */

/**
 * What the spoiler shield says it hides, in one wording for every page and every reader: a reader, a
 * viewer and both are told the same. It is true of a reader with no progress too, who has read nothing
 * (the shield hides even the first chapter's secrets from them), and it reads the same before the page
 * is interactive as after, so the line never rewraps.
 */
export const beyondWhatYouKnow = "beyond what you have read or watched";
