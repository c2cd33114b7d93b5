import type { Progress } from "./record";
import { checkProgress } from "./file";

/*
 * Reading an exported file, apart from the check every page runs on stored progress: only the
 * tracker's import reads a file, so its wording stays off the other pages.
 */

export type ParsedProgressFile = { progress: Progress; error: null } | { progress: null; error: string };

/** Reads an exported progress file; a broken file gets a clear error and changes nothing. */
export function parseProgressFile(text: string): ParsedProgressFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { progress: null, error: "This file is not a progress export: it is not valid JSON." };
  }
  const { progress, problem } = checkProgress(json);
  if (!progress) {
    const where = problem.path ? ` (at ${problem.path})` : "";
    return {
      progress: null,
      error: `This file is not a progress export this site can read${where}: ${problem.message}.`,
    };
  }
  return { progress, error: null };
}
