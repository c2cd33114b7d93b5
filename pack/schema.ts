import { z } from "zod";
import { mistakeTimestampPattern } from "../app/lib/mistakes";
import { collectionCodePattern, MAX_UNIT_NUMBER, slugPattern, unitKeyPattern } from "../app/lib/content/units";
import {
  adaptationChangeKinds,
  animeTracks,
  chapterKinds,
  collectionKinds,
  media,
  mistakeCategories,
  mistakeSeverities,
  mistakeStatuses,
  type RelationshipKind,
  relationshipKinds,
  sideStoryKinds,
  volumeChangeKinds,
} from "../app/lib/vocabulary";

/**
 * The files of a content pack (content/<pack>/*.json), as authors write them. Validation here checks
 * each file's shape; pack/resolve.ts then checks references across files and turns
 * the pack into rows with positions on the story timeline.
 *
 * Units of the story are named by keys (./units), used wherever one file points at another.
 * `revealAt` is the unit after which a fact stops being a spoiler.
 */

const unitKey = z.string().regex(unitKeyPattern, {
  error: "must be a unit key such as wn:2-14, ln:main-3, ss:some-slug, anime:1-5 or bt:1-5",
});
const slug = z.string().regex(slugPattern, { error: "must be a lowercase slug such as aria-vell" });
const isoDate = z.iso.date({ error: "must be a date written YYYY-MM-DD" });
const httpsUrl = z.url({ protocol: /^https$/, error: "must be an https:// URL" });
const text = z.string().trim().min(1, { error: "must not be empty" });
const optionalText = text.optional();
/** Paths of images inside the pack folder, such as images/portraits/aria-vell.svg. */
const imagePath = z.string().regex(/^images\/[a-z0-9/_-]+\.(svg|png|jpg|webp)$/, {
  error: "must be a path inside the pack's images/ folder, such as images/covers/main-1.svg",
});

/** A number that becomes part of a unit key: an arc, chapter, volume, season or episode. */
const unitNumber = z.int().positive().max(MAX_UNIT_NUMBER);

/**
 * Where each medium reveals something, when that differs from what its `revealAt` gives through the
 * cross-media map: a unit of that medium (an anime-original flashback, a scene a volume moved) or null
 * (that medium never reveals it: a scene the light novels cut). The medium's units in the derived set
 * are replaced by the one given. pack/resolve.ts checks each names a unit of its own medium.
 */
export const revealInSchema = z.strictObject({
  webNovel: unitKey.nullable().optional(),
  lightNovels: unitKey.nullable().optional(),
  anime: unitKey.nullable().optional(),
  sideStories: unitKey.nullable().optional(),
});
export type RevealIn = z.infer<typeof revealInSchema>;

/**
 * A secret of the story (a true name, a fate, an identity): the words that give it away and where it
 * is revealed. The spoiler lint (./spoiler-lint.ts) refuses any text of the pack that names it and
 * can be shown to a reader who does not know it yet. Secrets are never shown themselves.
 */
export const secretSchema = z.strictObject({
  id: z.string().regex(slugPattern, { error: "must be a lowercase slug such as corvins-sister" }),
  /** Matched case-insensitively as whole words or phrases. */
  words: z.array(z.string().trim().min(1, { error: "must not be empty" })).min(1),
  revealAt: unitKey,
  revealIn: revealInSchema.optional(),
});

export const seriesFileSchema = z.strictObject({
  title: text,
  originalTitle: text,
  synopsis: text,
  author: optionalText,
  illustrator: optionalText,
  media: z.array(z.enum(media)).min(1),
  /** What the story keeps for later, checked by the spoiler lint; never shown. */
  secrets: z.array(secretSchema).default([]),
});

export const chapterSchema = z.strictObject({
  ordinal: unitNumber,
  kind: z.enum(chapterKinds).default("chapter"),
  title: text,
  originalTitle: optionalText,
  publishedOn: isoDate,
  wordCount: z.int().positive(),
  readUrl: httpsUrl.optional(),
  translator: optionalText,
  /** The title gives away what happens in it: hidden until the reader reaches this chapter. */
  titleIsSpoiler: z.boolean().default(false),
  /** With titleIsSpoiler: where each medium reveals what the title gives away, when that differs. */
  titleRevealIn: revealInSchema.optional(),
});

export const arcSchema = z.strictObject({
  number: unitNumber,
  title: text,
  originalTitle: optionalText,
  summary: optionalText,
  /** The summary gives something away: hidden until this unit (and where each medium reveals it). */
  summaryRevealAt: unitKey.optional(),
  summaryRevealIn: revealInSchema.optional(),
  /** Named parts of an arc, each starting at a chapter ordinal. */
  phases: z.array(z.strictObject({ name: text, fromOrdinal: unitNumber })).default([]),
  chapters: z.array(chapterSchema).min(1),
});

/**
 * Where a part of the series is listed on the tracking services readers keep lists on, so the reading
 * tracker can import their progress from those services' exports (docs/content.md). MyAnimeList keeps
 * anime and manga (light novels, web novels) in two lists, each with its own numbers; Novel Updates
 * names a series by the slug of its page (novelupdates.com/series/<slug>/). Each id belongs to one
 * season, collection or the web novel: pack/resolve.ts refuses one used twice.
 */
const myAnimeListId = z
  .int({ error: "must be a MyAnimeList id, a whole number such as 52991" })
  .positive()
  .max(99_999_999);
const novelUpdatesSlug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: "must be a Novel Updates series slug such as the-unburnt-wick" })
  .max(200);

/** An anime season's entry on MyAnimeList's anime list (AniList and Kitsu export with these numbers too). */
export const seasonExternalIdsSchema = z.strictObject({ myAnimeList: myAnimeListId.optional() });
/** A light novel collection's or the web novel's entry on MyAnimeList's manga list and on Novel Updates. */
export const novelExternalIdsSchema = z.strictObject({
  myAnimeList: myAnimeListId.optional(),
  novelUpdates: novelUpdatesSlug.optional(),
});

export const webNovelFileSchema = z.strictObject({
  externalIds: novelExternalIdsSchema.optional(),
  arcs: z.array(arcSchema).min(1),
});

const adaptsSchema = z.strictObject({ from: unitKey, to: unitKey });

/**
 * What a volume does differently from the web novel: a scene the light novels added, cut, changed or
 * moved, with the web novel chapters it concerns. A cut scene's chapters are not read by reading the
 * volume; a moved scene's chapters are read where the volume now tells them.
 */
export const volumeChangeSchema = z.strictObject({
  kind: z.enum(volumeChangeKinds),
  chapters: adaptsSchema.optional(),
  note: text,
});

export const volumeSchema = z.strictObject({
  number: unitNumber,
  title: text,
  originalTitle: optionalText,
  releasedJp: isoDate,
  releasedEn: isoDate.optional(),
  isbn: z
    .string()
    .regex(/^97[89]-?(\d-?){9}\d$/, { error: "must be an ISBN-13 such as 978-1-23456-789-7" })
    .optional(),
  pageCount: z.int().positive().optional(),
  cover: imagePath.optional(),
  chapters: z.array(text).default([]),
  /** The web novel chapters the volume adapts (main-line volumes). */
  adapts: adaptsSchema.optional(),
  /** Where to read it, for volumes that adapt nothing (side volumes, collections). */
  readAfter: unitKey.optional(),
  changes: z.array(volumeChangeSchema).default([]),
});

export const collectionSchema = z.strictObject({
  code: z.string().regex(collectionCodePattern, { error: "must be a short lowercase code such as main or ssc" }),
  name: text,
  kind: z.enum(collectionKinds),
  description: optionalText,
  externalIds: novelExternalIdsSchema.optional(),
  volumes: z.array(volumeSchema).min(1),
});

export const lightNovelsFileSchema = z.strictObject({
  collections: z.array(collectionSchema).min(1),
});

export const sideStorySchema = z.strictObject({
  slug,
  kind: z.enum(sideStoryKinds),
  title: text,
  originalTitle: optionalText,
  summary: optionalText,
  publishedIn: text,
  publishedOn: isoDate.optional(),
  readAfter: unitKey,
  canon: z.boolean(),
  readUrl: httpsUrl.optional(),
  /** The title or summary gives something away: both hidden until this unit (and where each medium reveals it). */
  revealAt: unitKey.optional(),
  revealIn: revealInSchema.optional(),
});

export const sideStoriesFileSchema = z.strictObject({
  sideStories: z.array(sideStorySchema),
});

/**
 * What an episode does differently from the web novel, where its chapter range cannot say it: a
 * scene left out or moved, an anime-original scene, a changed outcome. Chapters skipped between
 * episodes and episodes that go back are found from `adapts` without being written here.
 */
export const adaptationChangeSchema = z.strictObject({
  kind: z.enum(adaptationChangeKinds),
  /** The web novel chapters the change concerns (a scene's source, what was cut). */
  chapters: adaptsSchema.optional(),
  note: text,
});

export const episodeSchema = z.strictObject({
  number: unitNumber,
  title: text,
  originalTitle: optionalText,
  airedOn: isoDate,
  adapts: adaptsSchema,
  /** Light novel volumes the episode covers, for the reader's convenience. */
  volumes: z.array(unitKey).default([]),
  changes: z.array(adaptationChangeSchema).default([]),
});

export const seasonSchema = z.strictObject({
  number: unitNumber,
  title: text,
  externalIds: seasonExternalIdsSchema.optional(),
  episodes: z.array(episodeSchema).min(1),
});

export const breakTimeEpisodeSchema = z.strictObject({
  season: unitNumber,
  number: unitNumber,
  title: text,
  airedOn: isoDate.optional(),
  accompanies: unitKey,
  /** The title gives something away: hidden until the reader has watched the short or its episode (or what reveals that). */
  titleIsSpoiler: z.boolean().default(false),
});

export const animeFileSchema = z.strictObject({
  seasons: z.array(seasonSchema).min(1),
  breakTime: z.array(breakTimeEpisodeSchema).default([]),
});

/**
 * A relationship's `kind` says what the character named in `to` is to the character listing it: on
 * Ilse's entry, Corvin is her "mentor"; on Corvin's, Ilse is his "student". Each kind read from the
 * other side is its inverse here, so a pair listed from both sides must read as inverses.
 */
export const inverseRelationshipKinds: Record<RelationshipKind, RelationshipKind> = {
  family: "family",
  friend: "friend",
  ally: "ally",
  rival: "rival",
  enemy: "enemy",
  mentor: "student",
  student: "mentor",
  romance: "romance",
  colleague: "colleague",
  other: "other",
};

export const characterSchema = z.strictObject({
  slug,
  name: text,
  originalName: optionalText,
  aliases: z.array(text).default([]),
  affiliations: z.array(text).default([]),
  summary: optionalText,
  portrait: z
    .strictObject({ src: imagePath, alt: text, revealAt: unitKey.optional(), revealIn: revealInSchema.optional() })
    .optional(),
  /** The first unit each medium shows the character in. */
  firstAppearances: z
    .strictObject({ webNovel: unitKey.optional(), lightNovel: unitKey.optional(), anime: unitKey.optional() })
    .default({}),
  facts: z
    .array(
      z.strictObject({ label: text, value: text, revealAt: unitKey.optional(), revealIn: revealInSchema.optional() }),
    )
    .default([]),
  relationships: z
    .array(
      z.strictObject({
        to: slug,
        kind: z.enum(relationshipKinds),
        description: text,
        revealAt: unitKey.optional(),
        revealIn: revealInSchema.optional(),
      }),
    )
    .default([]),
});

export const charactersFileSchema = z.strictObject({
  characters: z.array(characterSchema),
});

const timestamp = z.string().regex(mistakeTimestampPattern, { error: "must be a timestamp such as 12:34 or 1:02:03" });

const mistakeFields = {
  /** Stable id, used in permalinks: lowercase words joined by dashes. */
  id: slug,
  category: z.enum(mistakeCategories),
  severity: z.enum(mistakeSeverities),
  status: z.enum(mistakeStatuses),
  /**
   * Where the entry stops being a spoiler; by default its place in the story: a light novel entry's
   * web novel chapter (else its volume), an anime entry's episode.
   */
  revealAt: unitKey.optional(),
  /** Where each medium reveals it, when that differs (see revealInSchema). */
  revealIn: revealInSchema.optional(),
  credits: z.array(text).min(1),
  addedOn: isoDate,
  updatedOn: isoDate.optional(),
};

export const lnMistakeSchema = z.strictObject({
  ...mistakeFields,
  volume: unitKey,
  /** The chapter of the volume, by its number in the volume's chapter list. */
  chapter: z.int().positive(),
  /** The web novel chapter the passage comes from, where there is one. */
  webNovelChapter: unitKey.optional(),
  page: z.int().positive().optional(),
  ebookPosition: optionalText,
  edition: text,
  japanese: text,
  official: text,
  suggested: text,
  explanation: text,
});

export const animeMistakeSchema = z.strictObject({
  ...mistakeFields,
  episode: unitKey,
  start: timestamp,
  end: timestamp,
  platform: text,
  track: z.enum(animeTracks),
  japanese: optionalText,
  official: text,
  suggested: text,
  explanation: text,
});

export const mistakesFileSchema = z.strictObject({
  lightNovel: z.array(lnMistakeSchema).default([]),
  anime: z.array(animeMistakeSchema).default([]),
});

/** Every file of a pack, by its name in the pack folder. */
export const packFiles = {
  "series.json": seriesFileSchema,
  "web-novel.json": webNovelFileSchema,
  "light-novels.json": lightNovelsFileSchema,
  "side-stories.json": sideStoriesFileSchema,
  "anime.json": animeFileSchema,
  "characters.json": charactersFileSchema,
  "mistranslations.json": mistakesFileSchema,
} as const;

export type PackFileName = keyof typeof packFiles;

export interface ContentPack {
  series: z.infer<typeof seriesFileSchema>;
  webNovel: z.infer<typeof webNovelFileSchema>;
  lightNovels: z.infer<typeof lightNovelsFileSchema>;
  sideStories: z.infer<typeof sideStoriesFileSchema>;
  anime: z.infer<typeof animeFileSchema>;
  characters: z.infer<typeof charactersFileSchema>;
  mistakes: z.infer<typeof mistakesFileSchema>;
}

/** Which file holds each part of a pack. */
export const packFields = {
  series: "series.json",
  webNovel: "web-novel.json",
  lightNovels: "light-novels.json",
  sideStories: "side-stories.json",
  anime: "anime.json",
  characters: "characters.json",
  mistakes: "mistranslations.json",
} as const satisfies Record<keyof ContentPack, PackFileName>;
