import type { z } from "zod";
import { animeFileSchema } from "./anime";
import { charactersFileSchema } from "./characters";
import { mangaFileSchema } from "./manga";
import { mistakesFileSchema } from "./mistakes";
import { lightNovelsFileSchema, seriesFileSchema, sideStoriesFileSchema, webNovelFileSchema } from "./novels";

/**
 * The files of a content pack (content/<pack>/*.json), as authors write them, each with its schema.
 * Validation checks each file's shape (pack/resolve/parse.ts); pack/resolve/resolve.ts then checks
 * references across files and turns the pack into rows with positions on the story timeline.
 */

export const packFiles = {
  "series.json": seriesFileSchema,
  "web-novel.json": webNovelFileSchema,
  "light-novels.json": lightNovelsFileSchema,
  "side-stories.json": sideStoriesFileSchema,
  "anime.json": animeFileSchema,
  "manga.json": mangaFileSchema,
  "characters.json": charactersFileSchema,
  "mistranslations.json": mistakesFileSchema,
} as const;

export type PackFileName = keyof typeof packFiles;

/**
 * Files a pack may leave out: a series without a manga has no manga.json, a site without translation
 * notes yet no mistranslations.json.
 */
export const optionalPackFiles: ReadonlySet<PackFileName> = new Set(["manga.json", "mistranslations.json"]);

export interface ContentPack {
  series: z.infer<typeof seriesFileSchema>;
  webNovel: z.infer<typeof webNovelFileSchema>;
  lightNovels: z.infer<typeof lightNovelsFileSchema>;
  sideStories: z.infer<typeof sideStoriesFileSchema>;
  anime: z.infer<typeof animeFileSchema>;
  manga: z.infer<typeof mangaFileSchema>;
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
  manga: "manga.json",
  characters: "characters.json",
  mistakes: "mistranslations.json",
} as const satisfies Record<keyof ContentPack, PackFileName>;
