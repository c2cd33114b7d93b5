/**
 * The product's fixed value lists, each written once: the content pack's schema builds its enums from
 * them, the database stores these values, and pages, models and the API document name the same lists.
 * Only values live here; the words a page shows for each value stay with the page or module that
 * shows them (app/lib/mistakes/rules.ts, app/lib/content/units.ts, app/lib/forms/report-forms.ts).
 */

/** The media the story is told in. */
export const media = [
  "web_novel",
  "light_novels",
  "side_stories",
  "anime",
  "break_time",
  "anime_specials",
  "manga",
] as const;
export type Medium = (typeof media)[number];

/**
 * What a web novel entry is: most are plain chapters. An extra is a bonus chapter outside the series'
 * count (a "番外編", an "SS"); an afterword, the author's words after an arc.
 */
export const chapterKinds = ["prologue", "chapter", "interlude", "extra", "epilogue", "afterword"] as const;
export type ChapterKind = (typeof chapterKinds)[number];

/** The kinds of light novel collection: the main line, side volumes, short story collections. */
export const collectionKinds = ["main", "side", "short_stories"] as const;
export type CollectionKind = (typeof collectionKinds)[number];

/** What a light novel volume does differently from the web novel. */
export const volumeChangeKinds = ["added", "cut", "changed", "reordered"] as const;
export type VolumeChangeKind = (typeof volumeChangeKinds)[number];

/**
 * The kinds of side story: besides the books' own, a game's story (a mobile game's events, a visual
 * novel's route), which is read where the game can still be played or where it was written down.
 */
export const sideStoryKinds = ["side_volume", "short_story", "store_bonus", "if_route", "game_story"] as const;
export type SideStoryKind = (typeof sideStoryKinds)[number];

/** What an anime special is: an original video release, a special aired apart from the seasons, a film. */
export const animeSpecialKinds = ["ova", "special", "film"] as const;
export type AnimeSpecialKind = (typeof animeSpecialKinds)[number];

/** What an anime episode does differently from the web novel. */
export const adaptationChangeKinds = ["skipped", "reordered", "added", "changed"] as const;
export type AdaptationChangeKind = (typeof adaptationChangeKinds)[number];

/** What one character is to another. */
export const relationshipKinds = [
  "family",
  "friend",
  "ally",
  "rival",
  "enemy",
  "mentor",
  "student",
  "romance",
  "colleague",
  "other",
] as const;
export type RelationshipKind = (typeof relationshipKinds)[number];

/** What kind of mistake an entry is. */
export const mistakeCategories = [
  "mistranslation",
  "omission",
  "addition",
  "name_or_term",
  "softened",
  "typo",
  "localization_choice",
] as const;
export type MistakeCategory = (typeof mistakeCategories)[number];

/** How much a translation mistake matters, least first. */
export const mistakeSeverities = ["minor", "meaning_changing", "plot_relevant"] as const;
export type MistakeSeverity = (typeof mistakeSeverities)[number];

/** Where a translation mistake stands. */
export const mistakeStatuses = ["confirmed", "fixed_in_later_printing", "disputed"] as const;
export type MistakeStatus = (typeof mistakeStatuses)[number];

/** The anime track a mistake is heard or read in. */
export const animeTracks = ["subtitles", "dub", "captions"] as const;
export type AnimeTrack = (typeof animeTracks)[number];

/** The feedback forms' kinds of report. */
export const reportKinds = ["bug", "content", "ln_mistl", "feature", "anime_mistl"] as const;
export type ReportKind = (typeof reportKinds)[number];

/** Where a report stands in triage. */
export const reportStatuses = ["open", "under_review", "accepted", "declined", "duplicate", "done"] as const;
export type ReportStatus = (typeof reportStatuses)[number];
