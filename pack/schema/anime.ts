import { z } from "zod";
import { adaptationChangeKinds } from "../../app/lib/vocabulary";
import { adaptsSchema, optionalText, seasonExternalIdsSchema, storyDate, text, unitKey, unitNumber } from "./fields";

/* anime.json: seasons, their episodes with what each adapts and changes, and the Break Time shorts. */

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
  airedOn: storyDate.optional(),
  adapts: adaptsSchema,
  /**
   * The light novel volumes the episode covers, for the reader's convenience. Left out, they are found
   * from the volumes' own ranges (pack/adaptation.ts: `volumesOfEpisode`); a list given must agree.
   */
  volumes: z.array(unitKey).optional(),
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
  airedOn: storyDate.optional(),
  accompanies: unitKey,
  /** The title gives something away: hidden until the reader has watched the short or its episode (or what reveals that). */
  titleIsSpoiler: z.boolean().default(false),
});

export const animeFileSchema = z.strictObject({
  seasons: z.array(seasonSchema).min(1),
  breakTime: z.array(breakTimeEpisodeSchema).default([]),
});
