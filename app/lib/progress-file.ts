import { z } from "zod";
import type { Progress } from "./progress";

/*
 * Validation of stored and imported progress. Kept apart from ./progress so pages load the schema
 * library only when they read a file or the server checks a save.
 */

const key = (pattern: RegExp) => z.string().max(80).regex(pattern);

/** The shape of a progress file (export/import) and of what is stored; anything else is refused. */
export const progressSchema: z.ZodType<Progress> = z.strictObject({
  version: z.literal(1),
  webNovel: key(/^wn:\d+-\d+$/).nullable(),
  lightNovels: z.record(z.string().regex(/^[a-z][a-z0-9]{0,31}$/), z.int().positive().max(9999)),
  sideStories: z.array(key(/^ss:[a-z0-9-]+$/)).max(5000),
  anime: key(/^anime:\d+-\d+$/).nullable(),
  breakTime: z.array(key(/^bt:\d+-\d+$/)).max(5000),
  position: z.number().min(0).max(1e9),
  updatedAt: z.iso.datetime(),
});

export type ParsedProgressFile = { progress: Progress; error: null } | { progress: null; error: string };

/** Reads an exported progress file; a broken file gets a clear error and changes nothing. */
export function parseProgressFile(text: string): ParsedProgressFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { progress: null, error: "This file is not a progress export: it is not valid JSON." };
  }
  const parsed = progressSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` (at ${issue.path.join(".")})` : "";
    return { progress: null, error: `This file is not a progress export this site can read${where}: ${issue?.message ?? "unknown problem"}.` };
  }
  return { progress: parsed.data, error: null };
}
