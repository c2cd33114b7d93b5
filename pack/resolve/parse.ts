import type { z } from "zod";
import { type ContentPack, optionalPackFiles, type PackFileName, packFields, packFiles } from "../schema/files";

/* Reading a pack's files and checking each one's shape, with every problem named by file and path. */

/** One problem in a pack: the file, where inside it, and what is wrong. */
export interface PackProblem {
  file: string;
  path: string;
  message: string;
}

export function formatProblem({ file, path, message }: PackProblem) {
  return `${file}${path ? ` › ${path}` : ""}: ${message}`;
}

function zodPath(path: ReadonlyArray<PropertyKey>) {
  return path.reduce<string>(
    (text, part) => (typeof part === "number" ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)),
    "",
  );
}

/** Checks one file's shape; returns the parsed value or its problems. */
export function parsePackFile<F extends PackFileName>(file: F, json: unknown) {
  const result = (packFiles[file] as z.ZodType).safeParse(json);
  if (result.success) return { value: result.data as z.infer<(typeof packFiles)[F]>, problems: [] };
  return {
    value: null,
    problems: result.error.issues.map((issue) => ({ file, path: zodPath(issue.path), message: issue.message })),
  };
}

/** What was read of one pack file: its JSON, or why it could not be read. */
export type PackFileSource = { json: unknown } | { problem: string; missing?: true };

/**
 * Checks every file's shape (in the order of packFields) and returns the whole pack, or null with
 * every problem of every file.
 */
export function parsePack(read: (file: PackFileName) => PackFileSource): {
  pack: ContentPack | null;
  problems: PackProblem[];
} {
  const problems: PackProblem[] = [];
  const parse = <F extends PackFileName>(file: F) => {
    const source = read(file);
    // A file a pack may leave out reads as empty when it is missing.
    if ("missing" in source && optionalPackFiles.has(file)) return parsePackFile(file, undefined).value;
    if ("problem" in source) {
      problems.push({ file, path: "", message: source.problem });
      return null;
    }
    const parsed = parsePackFile(file, source.json);
    problems.push(...parsed.problems);
    return parsed.value;
  };
  const series = parse(packFields.series);
  const webNovel = parse(packFields.webNovel);
  const lightNovels = parse(packFields.lightNovels);
  const sideStories = parse(packFields.sideStories);
  const anime = parse(packFields.anime);
  const manga = parse(packFields.manga);
  const characters = parse(packFields.characters);
  const mistakes = parse(packFields.mistakes);
  if (!series || !webNovel || !lightNovels || !sideStories || !anime || !manga || !characters || !mistakes)
    return { pack: null, problems };
  return { pack: { series, webNovel, lightNovels, sideStories, anime, manga, characters, mistakes }, problems };
}
