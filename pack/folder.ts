import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type PackFileSource, type PackProblem, parsePack } from "./resolve/parse";
import { resolvePack } from "./resolve/resolve";
import type { ContentPack } from "./schema/files";

/** Reads a pack folder and checks each file's shape: the whole pack, or null with every problem. */
export function parsePackFolder(directory: string) {
  return parsePack((file) => readPackFile(join(directory, file)));
}

/**
 * Reads, validates and resolves content/<pack>; every problem is reported, nothing is written. Warnings
 * (titles that may give the story away) are reported beside the rows and refuse nothing.
 */
export async function loadPack(directory: string, packName: string) {
  const { pack, problems } = parsePackFolder(directory);
  if (!pack) return { rows: null, problems, warnings: [] };

  const resolved = resolvePack(pack, packName);
  const all = [...resolved.problems, ...imageProblems(directory, pack)];
  return all.length
    ? { rows: null, problems: all, warnings: resolved.warnings }
    : { rows: resolved.rows, problems: [], warnings: resolved.warnings };
}

function readPackFile(path: string): PackFileSource {
  if (!existsSync(path)) return { problem: "the file is missing", missing: true };
  try {
    return { json: JSON.parse(readFileSync(path, "utf8")) };
  } catch (error) {
    return { problem: `not valid JSON (${(error as Error).message})` };
  }
}

function imageProblems(directory: string, pack: ContentPack): PackProblem[] {
  const problems: PackProblem[] = [];
  pack.lightNovels.collections.forEach((collection, c) =>
    collection.volumes.forEach((volume, v) => {
      if (volume.cover && !existsSync(join(directory, volume.cover)))
        problems.push({
          file: "light-novels.json",
          path: `collections[${c}].volumes[${v}].cover`,
          message: `${volume.cover} is not in the pack`,
        });
    }),
  );
  pack.characters.characters.forEach((character, index) => {
    if (character.portrait && !existsSync(join(directory, character.portrait.src)))
      problems.push({
        file: "characters.json",
        path: `characters[${index}].portrait.src`,
        message: `${character.portrait.src} is not in the pack`,
      });
  });
  return problems;
}
