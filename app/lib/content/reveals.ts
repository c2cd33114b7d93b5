import type { ContentPack } from "./pack-schema";
import type { Timeline } from "./timeline";
import { chapterKey, episodeKey, volumeKey } from "./units";

/**
 * The cross-media map of a pack, read as "which units reveal this": whatever the story reveals at a
 * unit is revealed by that unit and by every unit of another medium that covers the same point. A web
 * novel chapter's reveal is shared by the light novel volumes and the anime episodes that adapt that
 * chapter (not by an episode of a season that skipped it, nor by a volume or an episode that left the
 * scene out, but by the one a scene was moved to: `cut`, `skipped` and `reordered` in their changes); a volume's or an
 * episode's by the web novel
 * chapter it reaches and whatever else covers that chapter. A side story or a Break Time short reveals
 * only to those who consumed it. The answer is unit keys joined by spaces (knowledge.ts reads them).
 */
export function revealMap(pack: ContentPack, { positions }: Timeline): (unitKey: string) => string {
  const position = (key: string) => positions.get(key);
  type Range = { from: number; to: number };
  const coverers: { key: string; ranges: Range[]; cut: Range[] }[] = [];
  const rangeOf = (chapters: { from: string; to: string } | undefined): Range | null => {
    const from = chapters && position(chapters.from);
    const to = chapters && position(chapters.to);
    return from !== undefined && to !== undefined ? { from, to } : null;
  };
  /** The web novel chapter a volume or an episode reaches. */
  const reaches = new Map<string, string>();
  const cover = (key: string, adapts: { from: string; to: string } | undefined, changes: { kind: string; chapters?: { from: string; to: string } }[] = []) => {
    if (!adapts) return;
    reaches.set(key, adapts.to);
    const ranges = [rangeOf(adapts), ...changes.filter((change) => change.kind === "reordered").map((change) => rangeOf(change.chapters))];
    // The light novels "cut" a scene; an episode "skipped" one inside its range.
    const cut = changes.filter((change) => change.kind === "cut" || change.kind === "skipped").map((change) => rangeOf(change.chapters));
    coverers.push({ key, ranges: ranges.filter((range) => range !== null), cut: cut.filter((range) => range !== null) });
  };
  for (const collection of pack.lightNovels.collections)
    for (const volume of collection.volumes) cover(volumeKey(collection.code, volume.number), volume.adapts, volume.changes);
  for (const season of pack.anime.seasons) for (const episode of season.episodes) cover(episodeKey(season.number, episode.number), episode.adapts, episode.changes);
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
      const within = ({ from, to }: Range) => from <= at && at <= to;
      for (const coverer of coverers) if (coverer.ranges.some(within) && !coverer.cut.some(within)) units.add(coverer.key);
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
