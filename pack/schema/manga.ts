import { z } from "zod";
import { collectionCodePattern } from "../../app/lib/content/units";
import {
  adaptsSchema,
  englishRelease,
  optionalText,
  refuseTitleOnlyFields,
  seasonExternalIdsSchema,
  storyDate,
  unitKey,
  unitNumber,
} from "./fields";
import { isbn } from "./isbn";

/*
 * The manga (manga.json, decision 49): series, each usually one arc of the story, with its own title, its
 * own volumes numbered from 1 and its own chapters. A chapter's `number` is its place in the series (1, 2,
 * 3, … counting extras), which names it in its key (manga:<series>-<number>); `label` is the number the
 * series prints where that is not the count of its chapters without a label ("12.5" for an extra).
 */

/** What a manga chapter adapts: web novel chapter ranges (one or more: a chapter may merge scenes), side stories, or both. */
export const mangaAdaptsSchema = z
  .strictObject({
    chapters: z.array(adaptsSchema).optional(),
    sideStories: z.array(unitKey).optional(),
  })
  .check((check) => {
    if (!check.value.chapters?.length && !check.value.sideStories?.length)
      check.issues.push({
        code: "custom",
        input: check.value,
        message:
          "names nothing: give chapters (web novel ranges) or sideStories, or leave adapts out and say in original what the manga made up",
      });
  });

export const mangaChapterSchema = z
  .strictObject({
    /** Its place in the series, counting every chapter and extra from 1. */
    number: unitNumber,
    /** The number the series gives it, where that is not the count of its chapters without a label: "12.5". */
    label: z
      .string()
      .trim()
      .min(1, { error: "must not be empty" })
      .max(12, { error: "must be a short number such as 12.5 (at most 12 characters)" })
      .optional(),
    title: optionalText,
    /** The title gives something away: hidden until the reader has seen what reveals the chapter itself. */
    titleIsSpoiler: z.boolean().default(false),
    /** The day (or month, or year) it first came out, at the precision known. */
    publishedOn: storyDate.optional(),
    adapts: mangaAdaptsSchema.optional(),
    /** For a manga-original chapter, what the manga made up (gated as the chapter itself is). */
    original: optionalText,
  })
  .check((check) => {
    const { adapts, original } = check.value;
    if (adapts !== undefined && original !== undefined)
      check.issues.push({
        code: "custom",
        input: original,
        path: ["original"],
        message: "a chapter that adapts chapters or side stories is not manga-original: leave original out",
      });
    else if (adapts === undefined && original === undefined)
      check.issues.push({
        code: "custom",
        input: check.value,
        path: ["adapts"],
        message:
          "a manga chapter needs adapts (the web novel chapters or side stories it tells) or, if the manga made it up, original (a note on what it tells)",
      });
    refuseTitleOnlyFields(check, "a chapter");
  });

export const mangaVolumeSchema = z.strictObject({
  /** Its number in its series, from 1: the manga's own, not the light novels'. */
  number: unitNumber,
  title: optionalText,
  /** The day (or month, or year) it came out in the original, at the precision known; left out when not known. */
  releasedOn: storyDate.optional(),
  /**
   * Its English edition, often years later, or never: the day (or month, quarter, year) it came out or comes
   * out in English; `null` states there is none (yet), a volume never licensed; left out, not known.
   */
  releasedEn: englishRelease,
  isbn: isbn.optional(),
  /** Its chapters in the series' order. */
  chapters: z
    .array(mangaChapterSchema)
    .min(1, { error: "a volume needs at least one chapter: leave a volume out until its chapters are known" }),
});

export const mangaSeriesSchema = z.strictObject({
  code: z.string().regex(collectionCodePattern, { error: "must be a short lowercase code such as wick or tallow" }),
  title: z.string().trim().min(1, { error: "must not be empty" }),
  originalTitle: optionalText,
  /** The title gives something away: hidden until the reader has seen what reveals the series' first chapter. */
  titleIsSpoiler: z.boolean().default(false),
  /** Who draws it, as the series credits them ("Daichi Matsuse"): an adaptation's art is rarely the author's. */
  artist: optionalText,
  /** Who publishes it, and where it runs, as readers would look for it ("Media Factory, Monthly Comic Alive"). */
  publisher: optionalText,
  /** Its entry on MyAnimeList's manga list: imports map that entry's chapters and volumes to this series. */
  externalIds: seasonExternalIdsSchema.optional(),
  volumes: z.array(mangaVolumeSchema).min(1, { error: "a manga series needs at least one volume" }),
});

export const mangaFileSchema = z
  .strictObject({
    series: z.array(mangaSeriesSchema).default([]),
  })
  // A pack without manga leaves the file out.
  .default({ series: [] });
