import { z } from "zod";
import { mistakeTimestampPattern } from "../../app/lib/mistakes/rules";
import { animeTracks, mistakeCategories, mistakeSeverities, mistakeStatuses } from "../../app/lib/vocabulary";
import { isoDate, optionalText, revealInSchema, slug, text, unitKey } from "./fields";

/* mistranslations.json: mistakes in the official translations of the light novels and the anime. */

const timestamp = z.string().regex(mistakeTimestampPattern, { error: "must be a timestamp such as 12:34 or 1:02:03" });

const mistakeFields = {
  /** Stable id, used in permalinks: lowercase words joined by dashes. */
  id: slug,
  category: z.enum(mistakeCategories),
  severity: z.enum(mistakeSeverities),
  status: z.enum(mistakeStatuses),
  /**
   * Where the entry stops being a spoiler; by default its place in the story: a light novel entry's
   * web novel chapter (else its volume), an anime entry's episode or OVA, special or film.
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

export const mistakesFileSchema = z
  .strictObject({
    lightNovel: z.array(lnMistakeSchema).default([]),
    anime: z.array(animeMistakeSchema).default([]),
  })
  // A site that has no translation notes yet leaves the file out.
  .default({ lightNovel: [], anime: [] });
