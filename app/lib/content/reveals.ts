import type { ContentPack } from "./pack-schema";
import type { Timeline } from "./timeline";
import { chapterKey, episodeKey, volumeKey } from "./units";

/**
 * The cross-media map of a pack, read as "which units reveal this": whatever the story reveals at a
 * unit is revealed by that unit and by every unit of another medium that covers the same point. A web
 * novel chapter's reveal is shared by the light novel volumes and the anime episodes that adapt that
 * chapter (not by an episode of a season that skipped it); a volume's or an episode's by the web novel
 * chapter it reaches and whatever else covers that chapter. A side story or a Break Time short reveals
 * only to those who consumed it. The answer is unit keys joined by spaces (knowledge.ts reads them).
 */
export function revealMap(pack: ContentPack, { positions }: Timeline): (unitKey: string) => string {
  const position = (key: string) => positions.get(key);
  const coverers: { key: string; from: number; to: number }[] = [];
  /** The web novel chapter a volume or an episode reaches. */
  const reaches = new Map<string, string>();
  const cover = (key: string, adapts: { from: string; to: string } | undefined) => {
    if (!adapts) return;
    reaches.set(key, adapts.to);
    const from = position(adapts.from);
    const to = position(adapts.to);
    if (from !== undefined && to !== undefined) coverers.push({ key, from, to });
  };
  for (const collection of pack.lightNovels.collections)
    for (const volume of collection.volumes) cover(volumeKey(collection.code, volume.number), volume.adapts);
  for (const season of pack.anime.seasons) for (const episode of season.episodes) cover(episodeKey(season.number, episode.number), episode.adapts);
  const chapters = new Set(pack.webNovel.arcs.flatMap((arc) => arc.chapters.map((chapter) => chapterKey(arc.number, chapter.ordinal))));

  const known = new Map<string, string>();
  return (unitKey) => {
    const cached = known.get(unitKey);
    if (cached !== undefined) return cached;
    const chapter = chapters.has(unitKey) ? unitKey : reaches.get(unitKey);
    const at = chapter === undefined ? undefined : position(chapter);
    const units = new Set([unitKey]);
    if (chapter !== undefined && at !== undefined) {
      units.add(chapter);
      for (const coverer of coverers) if (coverer.from <= at && at <= coverer.to) units.add(coverer.key);
    }
    const revealedBy = [...units].join(" ");
    known.set(unitKey, revealedBy);
    return revealedBy;
  };
}

/** The units that reveal something revealed at any of the given units (none given: it is not gated). */
export function revealedByAny(revealersOf: (unitKey: string) => string, ...unitKeys: (string | null | undefined)[]): string | null {
  const given = unitKeys.filter((key): key is string => Boolean(key));
  if (!given.length) return null;
  return [...new Set(given.flatMap((key) => revealersOf(key).split(" ")))].join(" ");
}
