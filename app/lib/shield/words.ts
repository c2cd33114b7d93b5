/*
 * The shield's wording, apart from words.ts (nouns, plurals, articles): the spoiler component every
 * page carries says only this, so the rest of the words stay off the pages that do not count anything.
 */

/**
 * What the spoiler shield says it hides, in one wording for every page: a reader, a viewer and both
 * are told the same ("beyond what you have read or watched"). Without progress the shield treats
 * everyone as a new reader, so it says where that leaves them.
 */
export function beyondWhatYouKnow(hasProgress: boolean) {
  return hasProgress ? "beyond what you have read or watched" : "beyond the first chapter";
}
