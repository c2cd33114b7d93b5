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

export const breakTimeEpisodeSchema = z
  .strictObject({
    season: unitNumber,
    number: unitNumber,
    title: text,
    airedOn: storyDate.optional(),
    /** The episode it aired with: its viewers have watched it too. */
    accompanies: unitKey.optional(),
    /**
     * For a short that accompanies no episode (a chibi series released on its own): where to watch it.
     * Only its own viewers have watched it.
     */
    readAfter: unitKey.optional(),
    /** The title gives something away: hidden until the reader has watched the short or its episode (or what reveals that). */
    titleIsSpoiler: z.boolean().default(false),
  })
  .check((check) => {
    const { accompanies, readAfter } = check.value;
    if (accompanies !== undefined && readAfter !== undefined)
      check.issues.push({
        code: "custom",
        input: readAfter,
        path: ["readAfter"],
        message: "a short that accompanies an episode is watched with it: leave readAfter out",
      });
    else if (accompanies === undefined && readAfter === undefined)
      check.issues.push({
        code: "custom",
        input: check.value,
        path: ["accompanies"],
        message:
          "a short needs accompanies (the episode it aired with) or, if it aired with none, readAfter (where to watch it)",
      });
  });

export const animeFileSchema = z.strictObject({
  seasons: z.array(seasonSchema).min(1),
  breakTime: z.array(breakTimeEpisodeSchema).default([]),
});
