import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContentPack, packFields, packFiles, resolvePack } from "../pack";
import { generatePack, parseGenerateArgs, readPack } from "./content-generate";
import { episodeAdaptation } from "../pack/adaptation";

const workspace = mkdtempSync(join(tmpdir(), "content-generate-"));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

/** Every unit key the pack defines, duplicates included. */
function definedKeys(pack: ContentPack) {
  return [
    ...pack.webNovel.arcs.flatMap((arc) => arc.chapters.map((chapter) => `wn:${arc.number}-${chapter.ordinal}`)),
    ...pack.lightNovels.collections.flatMap((collection) =>
      collection.volumes.map((volume) => `ln:${collection.code}-${volume.number}`),
    ),
    ...pack.sideStories.sideStories.map((story) => `ss:${story.slug}`),
    ...pack.anime.seasons.flatMap((season) =>
      season.episodes.map((episode) => `anime:${season.number}-${episode.number}`),
    ),
    ...pack.anime.breakTime.map((short) => `bt:${short.season}-${short.number}`),
    ...pack.anime.specials.map((special) => `sp:${special.slug}`),
  ];
}

/** Every unit key the pack points at. */
function referencedKeys(pack: ContentPack) {
  const keys = [
    ...pack.lightNovels.collections.flatMap((collection) =>
      collection.volumes.flatMap((volume) => [volume.adapts?.from, volume.adapts?.to, volume.readAfter]),
    ),
    ...pack.sideStories.sideStories.map((story) => story.readAfter),
    ...pack.anime.seasons.flatMap((season) =>
      season.episodes.flatMap((episode) => [
        ...episodeAdaptation(episode.adapts).runs.flatMap((run) => [run.from, run.to]),
        ...episodeAdaptation(episode.adapts).sideStories.map((story) => story.key),
        ...(episode.volumes ?? []),
        ...episode.changes.flatMap((change) => [change.chapters?.from, change.chapters?.to]),
      ]),
    ),
    ...pack.anime.breakTime.map((short) => short.accompanies),
    ...pack.mistakes.lightNovel.flatMap((mistake) => [mistake.volume, mistake.webNovelChapter, mistake.revealAt]),
    ...pack.mistakes.anime.flatMap((mistake) => [mistake.episode, mistake.revealAt]),
    ...pack.characters.characters.flatMap((character) => [
      character.portrait?.revealAt,
      character.firstAppearances.webNovel,
      character.firstAppearances.lightNovel,
      character.firstAppearances.anime,
      ...character.facts.map((fact) => fact.revealAt),
      ...character.relationships.map((relationship) => relationship.revealAt),
    ]),
  ];
  return keys.filter((key): key is string => key !== undefined);
}

const chapterCount = (pack: ContentPack) => pack.webNovel.arcs.reduce((total, arc) => total + arc.chapters.length, 0);

/**
 * Every file under a folder with a digest of its bytes, by relative path: a mismatch names the file, and
 * comparing digests is quick where comparing megabytes of bytes one by one is not.
 */
function folderContents(directory: string) {
  return Object.fromEntries(
    readdirSync(directory, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return [
          path.slice(directory.length + 1),
          createHash("sha256").update(readFileSync(path)).digest("hex"),
        ] as const;
      })
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

describe("content-generate on the demo pack", () => {
  // Written once, read by the first two tests.
  const out = join(workspace, "demo-x3");
  beforeAll(() => generatePack({ from: "content/demo", out, scale: 3 }), 60_000);

  it("writes three times the story, in files that pass the schemas with every reference resolved", async () => {
    const demo = await readPack("content/demo");

    const written: Partial<Record<keyof ContentPack, unknown>> = {};
    for (const [part, file] of Object.entries(packFields) as [keyof ContentPack, keyof typeof packFiles][]) {
      const result = packFiles[file].safeParse(JSON.parse(readFileSync(join(out, file), "utf8")));
      expect(result.error, file).toBeUndefined();
      written[part] = result.data;
    }
    const scaled = written as ContentPack;

    expect(chapterCount(scaled)).toBe(3 * chapterCount(demo));
    expect(scaled.webNovel.arcs).toHaveLength(3 * demo.webNovel.arcs.length);
    expect(scaled.characters.characters).toHaveLength(3 * demo.characters.characters.length);
    expect(scaled.sideStories.sideStories).toHaveLength(3 * demo.sideStories.sideStories.length);
    scaled.lightNovels.collections.forEach((collection, index) =>
      expect(collection.volumes).toHaveLength(3 * demo.lightNovels.collections[index]!.volumes.length),
    );
    expect(scaled.mistakes.lightNovel).toHaveLength(3 * demo.mistakes.lightNovel.length);
    expect(scaled.mistakes.anime).toHaveLength(3 * demo.mistakes.anime.length);
    const mistakeIds = [...scaled.mistakes.lightNovel, ...scaled.mistakes.anime].map((mistake) => mistake.id);
    expect(new Set(mistakeIds).size).toBe(mistakeIds.length);

    const keys = definedKeys(scaled);
    expect(new Set(keys).size).toBe(keys.length);
    const slugs = scaled.characters.characters.map((character) => character.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    // Every ISBN written, a volume's own and its editions', is another book's in each cycle.
    const isbns = scaled.lightNovels.collections.flatMap((collection) =>
      collection.volumes.flatMap((volume) =>
        [volume.isbn, ...volume.editions.map((edition) => edition.isbn)].filter((isbn) => isbn !== undefined),
      ),
    );
    expect(new Set(isbns).size).toBe(isbns.length);

    const known = new Set(keys);
    expect(referencedKeys(scaled).filter((key) => !known.has(key))).toEqual([]);
    const relatedSlugs = scaled.characters.characters.flatMap((character) =>
      character.relationships.map((relationship) => relationship.to),
    );
    expect(relatedSlugs.filter((slug) => !slugs.includes(slug))).toEqual([]);
    expect(resolvePack(scaled, "demo-x3").problems).toEqual([]);

    // Copies share the original pictures, so the images folder comes along unchanged.
    expect(folderContents(join(out, "images"))).toEqual(folderContents("content/demo/images"));
  });

  it("writes byte-identical packs on every run", async () => {
    const again = join(workspace, "demo-x3-again");
    await generatePack({ from: "content/demo", out: again, scale: 3 });
    expect(folderContents(again)).toEqual(folderContents(out));
  });

  it("reads its command line and explains bad arguments", async () => {
    expect(parseGenerateArgs(["--scale", "2"])).toEqual({ from: "content/demo", out: "content/demo-x2", scale: 2 });
    expect(parseGenerateArgs(["--scale=3", "--from", "content/demo/", "--out", "elsewhere"])).toEqual({
      from: "content/demo",
      out: "elsewhere",
      scale: 3,
    });
    for (const scale of ["0", "1.5", "two"])
      expect(() => parseGenerateArgs(["--scale", scale]), scale).toThrow("--scale takes a whole number");
    expect(() => parseGenerateArgs([])).toThrow("--scale takes a whole number");
    expect(() => parseGenerateArgs(["--scale", "2", "extra"])).toThrow(/^Usage: /);
    await expect(generatePack({ from: "content/demo", out: "content/demo/", scale: 2 })).rejects.toThrow(
      "--out must be a different folder",
    );
  });
});
