import { z } from "zod";
import { collectionCodePattern, slugPattern } from "../../app/lib/content/units";
import { DEFAULT_ORIGINAL_LANGUAGE, MAX_SHORT_NAME } from "../../app/lib/content/site-identity";
import { chapterKinds, collectionKinds, media, sideStoryKinds, volumeChangeKinds } from "../../app/lib/vocabulary";
import {
  adaptsSchema,
  announcedTitle,
  englishRelease,
  httpsUrl,
  imagePath,
  novelExternalIdsSchema,
  numberAsWritten,
  optionalText,
  refuseTitleOnlyFields,
  revealInSchema,
  slug,
  storyDate,
  text,
  unitKey,
  unitNumber,
} from "./fields";
import { isbn } from "./isbn";

/*
 * The files of the written story: series.json (with the secrets the spoiler lint keeps), web-novel.json,
 * light-novels.json and side-stories.json.
 */

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

/**
 * A language tag as BCP 47 writes the common ones: a language ("ja", "en"), then a script ("zh-Hant")
 * and a region ("pt-BR", "es-419") where an edition needs them.
 */
export const languageTag = z
  .string()
  .regex(/^[a-z]{2,3}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|\d{3}))?$/, {
    error: 'must be a language tag (BCP 47) such as "ja", "en", "pt-BR" or "zh-Hant"',
  })
  // In its usual spelling, so one language is one tag wherever it is compared: "jpn" is "ja", "iw" is "he".
  .transform((tag) => Intl.getCanonicalLocales(tag)[0] ?? tag);

const languageNames = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });

/** Codes that name no language a series is written in: undetermined, none, several, uncoded. */
const NO_LANGUAGE = new Set(["und", "zxx", "mul", "mis"]);

/**
 * The language a series was first written in: one with a name (the site's sentences say it: "differ
 * from the Korean"), and not English, which the site's editions are translated into.
 */
const originalLanguageTag = languageTag
  .refine((tag) => !NO_LANGUAGE.has(tag.split("-")[0]!) && languageNames.of(tag.split("-")[0]!) !== undefined, {
    error: 'must name the language the series was first written in, such as "ja", "ko" or "zh-Hans"',
  })
  .refine((tag) => tag.split("-")[0] !== "en", {
    error:
      "must be the language the series was first written in other than English: the site compares its original with the English translations",
  });

export const seriesFileSchema = z.strictObject({
  title: text,
  originalTitle: text,
  /**
   * The language the series was first written in, which its original titles and names are in ("ja",
   * "ko", "zh-Hans"): browsers draw and screen readers speak them by it. Left out, Japanese.
   */
  originalLanguage: originalLanguageTag.default(DEFAULT_ORIGINAL_LANGUAGE),
  synopsis: text,
  author: optionalText,
  illustrator: optionalText,
  media: z.array(z.enum(media)).min(1),
  /** What the story keeps for later, checked by the spoiler lint; never shown. */
  secrets: z.array(secretSchema).default([]),
  /**
   * What the site calls itself (app/lib/content/site-identity.ts): in the header, page titles, feeds and
   * the installed app. Left out, "<title> Companion"; the SITE_NAME and SITE_DESCRIPTION settings override it.
   */
  site: z
    .strictObject({
      name: z.string().trim().min(1).max(60, { error: "must be at most 60 characters: it heads every page" }),
      shortName: z
        .string()
        .trim()
        .min(1)
        .max(MAX_SHORT_NAME, {
          error: `must be at most ${MAX_SHORT_NAME} characters: a home screen cuts a longer name under the app's icon`,
        })
        .optional(),
      description: z
        .string()
        .trim()
        .min(1)
        .max(300, { error: "must be at most 300 characters: link previews and app stores cut it" })
        .optional(),
    })
    .optional(),
});

/** The longest label a web novel entry may carry: a number as the series writes it, not a title. */
export const MAX_CHAPTER_LABEL = 20;

/**
 * The number the series itself gives a web novel entry ("26", "123-A", "4", "45 (Part 2)"), shown as
 * "Chapter 26", "Interlude 4": a few letters, digits, dashes and brackets, never the " · " that joins the
 * parts of a name.
 */
export const chapterLabel = z
  .string()
  .trim()
  .min(1, { error: "must not be empty: leave label out where the series gives the entry no number" })
  .max(MAX_CHAPTER_LABEL, {
    error: `must be at most ${MAX_CHAPTER_LABEL} characters: a label is the entry's number as the series writes it ("26", "123-A"), not its title`,
  })
  // An empty label is the message above's, not this one's.
  // A number, with at most one part in brackets at its end.
  .regex(/^(?:[\p{L}\p{N}][\p{L}\p{N}.\- ]*(?:\([\p{L}\p{N}.\- ]*[\p{L}\p{N}][\p{L}\p{N}.\- ]*\))?)?$/u, {
    error:
      'must be the entry\'s number as the series writes it, letters, digits and dashes with at most one part in brackets at its end, such as "26", "123-A" or "45 (Part 2)"',
  });

export const chapterSchema = z.strictObject({
  /** Its place in the arc's reading order: the number in its unit key and address. */
  ordinal: unitNumber,
  kind: z.enum(chapterKinds).default("chapter"),
  /** The number the series gives it, where counting (on from the last label that starts with a number) would give another. */
  label: chapterLabel.optional(),
  title: text,
  originalTitle: optionalText,
  publishedOn: storyDate.optional(),
  wordCount: z.int().positive().optional(),
  readUrl: httpsUrl.optional(),
  /**
   * Its number on the site that serializes it (the page number in its address), which trackers count
   * by: an import maps a reader's "c45" to the entry numbered 45, never by counting entries.
   */
  serialNumber: z
    .int({ error: "must be a whole number: the entry's page number on the serial site" })
    .positive({ error: "must be 1 or more: the entry's page number on the serial site" })
    .optional(),
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
  /**
   * The title (and original title) gives something away (a name the story keeps until later): the arc
   * is named "Arc 8" alone until this unit (and where each medium reveals it).
   */
  titleRevealAt: unitKey.optional(),
  titleRevealIn: revealInSchema.optional(),
  summary: optionalText,
  /** The summary gives something away: hidden until this unit (and where each medium reveals it). */
  summaryRevealAt: unitKey.optional(),
  summaryRevealIn: revealInSchema.optional(),
  /** Named parts of an arc, each starting at a chapter ordinal. */
  phases: z.array(z.strictObject({ name: text, fromOrdinal: unitNumber })).default([]),
  chapters: z.array(chapterSchema).min(1),
});

export const webNovelFileSchema = z.strictObject({
  externalIds: novelExternalIdsSchema.optional(),
  /** Still being serialized: the page says "serialized since …", its last chapter's date no end. */
  ongoing: z.boolean().default(false),
  arcs: z.array(arcSchema).min(1),
});

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

/**
 * One chapter of a volume, as its book names it: the line it prints ("Prologue: Before the Lamps Are
 * Lit", "Chapter 1: Lowwick After Dusk"), whose leading label the site keeps, or the label and the title
 * apart where the line does not say the label ({ "label": "Chapter 123-A", "title": "Moth Letters" },
 * { "label": "Afterword" }). app/lib/content/labels.ts reads both (`lightNovelChapterOf`).
 */
export const lightNovelChapterSchema = z.union([
  text,
  z
    .strictObject({ label: optionalText, title: optionalText })
    .refine((chapter) => chapter.label !== undefined || chapter.title !== undefined, {
      error: "a chapter needs a label, a title or both",
    }),
]);

/**
 * One edition of a volume: its language, who publishes it, its title in that language (gated as the
 * volume's own title is), when it came out and its ISBN. The original is the edition in the series'
 * `originalLanguage` ("ja" for a Japanese series, any script or region).
 */
export const editionSchema = z.strictObject({
  language: languageTag,
  publisher: text,
  title: optionalText,
  releasedOn: storyDate.optional(),
  isbn: isbn.optional(),
});

/**
 * The number the series itself gives a light novel volume where it is not its place in its collection
 * ("6.5", "EX", "0"), which names it ("Lanternfall 6.5").
 */
export const volumeLabel = numberAsWritten("volume", { short: '"6.5", "EX"', long: '"6.5", "EX" or "0"' });

export const volumeSchema = z
  .strictObject({
    /** Its place in its collection: the number in its unit key and address. */
    number: unitNumber,
    /** The number the series gives it, where that is not its place: "7.5" on the volume after 7. */
    label: volumeLabel.optional(),
    /**
     * Left out while the volume has no title: announced by its number (and date) months before its title
     * is. It is then named by its collection and number alone ("Lanternfall 12").
     */
    title: announcedTitle,
    originalTitle: optionalText,
    /** Who illustrated this volume, where it is not the collection's (or the series') illustrator. */
    illustrator: optionalText,
    /** Its editions; releasedJp, releasedEn and isbn, where written, describe the original and English ones. */
    editions: z.array(editionSchema).default([]),
    releasedJp: storyDate.optional(),
    /** null: the pack states there is no English edition (yet); left out: whether there is one is not known. */
    releasedEn: englishRelease,
    isbn: isbn.optional(),
    pageCount: z.int().positive().optional(),
    cover: imagePath.optional(),
    chapters: z.array(lightNovelChapterSchema).default([]),
    /** The web novel chapters the volume adapts (main-line volumes). */
    adapts: adaptsSchema.optional(),
    /**
     * The volume begins in chapters the volume before it in its collection ends with (a chapter split
     * between two books). Without it, two volumes of a collection that adapt one chapter are refused.
     */
    overlapsPrevious: z.boolean().default(false),
    /** Where to read it, for volumes that adapt nothing (side volumes, collections). */
    readAfter: unitKey.optional(),
    /**
     * The side stories it prints ("ss:…"): a short story collection's, or a bonus story in a main volume.
     * Its readers have read them.
     */
    sideStories: z.array(unitKey).optional(),
    changes: z.array(volumeChangeSchema).default([]),
  })
  .check((check) => {
    refuseTitleOnlyFields(check, "a volume");
    if (check.value.title !== undefined) return;
    check.value.editions.forEach((edition, index) => {
      if (edition.title !== undefined)
        check.issues.push({
          code: "custom",
          input: edition.title,
          path: ["editions", index, "title"],
          message:
            "an edition's title names the volume, which has no title: give the volume's title too (the original romanized, until an English one is known)",
        });
    });
  });

export const collectionSchema = z.strictObject({
  code: z.string().regex(collectionCodePattern, { error: "must be a short lowercase code such as main or ssc" }),
  name: text,
  kind: z.enum(collectionKinds),
  description: optionalText,
  /** Who illustrated its volumes, where it is not the series' illustrator (a volume may name its own). */
  illustrator: optionalText,
  externalIds: novelExternalIdsSchema.optional(),
  volumes: z.array(volumeSchema).min(1),
});

export const lightNovelsFileSchema = z.strictObject({
  collections: z.array(collectionSchema).min(1),
});

/**
 * A place a side story can be read or played: a book that reprints it, a game, a site. `until` is when it
 * stopped being there (a game's service ended, a bonus was withdrawn), at the precision known.
 */
export const foundInSchema = z.strictObject({
  name: text,
  url: httpsUrl.optional(),
  until: storyDate.optional(),
});

export const sideStorySchema = z.strictObject({
  slug,
  kind: z.enum(sideStoryKinds),
  title: text,
  originalTitle: optionalText,
  summary: optionalText,
  publishedIn: text,
  publishedOn: storyDate.optional(),
  readAfter: unitKey,
  canon: z.boolean(),
  readUrl: httpsUrl.optional(),
  /** Where it can be found today, and where it could once: a game's story outlives the game only in a reprint. */
  foundIn: z.array(foundInSchema).optional(),
  /** The title or summary gives something away: both hidden until this unit (and where each medium reveals it). */
  revealAt: unitKey.optional(),
  revealIn: revealInSchema.optional(),
});

export const sideStoriesFileSchema = z.strictObject({
  sideStories: z.array(sideStorySchema),
});
