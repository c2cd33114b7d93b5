import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { type PackProblem, parsePackFile, resolvePack } from "../../app/lib/content/resolve-pack";
import { type ContentPack, packFields } from "../../app/lib/content/pack-schema";

/** Reads, validates and resolves content/<pack>; every problem is reported, nothing is written. */
export async function loadPack(directory: string, packName: string) {
  const problems: PackProblem[] = [];
  const pack: Partial<ContentPack> = {};
  for (const [field, file] of Object.entries(packFields)) {
    const path = join(directory, file);
    if (!existsSync(path)) {
      problems.push({ file, path: "", message: "the file is missing" });
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(await readFile(path, "utf8"));
    } catch (error) {
      problems.push({ file, path: "", message: `not valid JSON (${(error as Error).message})` });
      continue;
    }
    const parsed = parsePackFile(file, json);
    problems.push(...parsed.problems);
    if (parsed.value) Object.assign(pack, { [field]: parsed.value });
  }
  if (problems.length) return { rows: null, problems };

  const resolved = resolvePack(pack as ContentPack, packName);
  const missingImages = imageProblems(directory, pack as ContentPack);
  const all = [...resolved.problems, ...missingImages];
  return all.length ? { rows: null, problems: all } : { rows: resolved.rows, problems: [] };
}

function imageProblems(directory: string, pack: ContentPack): PackProblem[] {
  const problems: PackProblem[] = [];
  pack.lightNovels.collections.forEach((collection, c) =>
    collection.volumes.forEach((volume, v) => {
      if (volume.cover && !existsSync(join(directory, volume.cover)))
        problems.push({ file: "light-novels.json", path: `collections[${c}].volumes[${v}].cover`, message: `${volume.cover} is not in the pack` });
    }),
  );
  pack.characters.characters.forEach((character, index) => {
    if (character.portrait && !existsSync(join(directory, character.portrait.src)))
      problems.push({ file: "characters.json", path: `characters[${index}].portrait.src`, message: `${character.portrait.src} is not in the pack` });
  });
  return problems;
}
