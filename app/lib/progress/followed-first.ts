import { namedMedia, type NamedMedium } from "../content/medium-names";
import type { Progress } from "./record";

/*
 * The medium a reader follows first, for the names that differ between media (app/lib/content/
 * medium-names.ts): "Felix" to a reader who follows the anime, "Ferris" to one who follows the light
 * novels. A progress record does not keep the order the reader took up the media, so it is the one they
 * are furthest in along the story (decision 47).
 */

/** Where a progress record stands in each medium a name can differ in: the units it holds there. */
export function placesIn(progress: Progress | null): Partial<Record<NamedMedium, string[]>> {
  if (!progress) return {};
  const places: Partial<Record<NamedMedium, string[]>> = {};
  if (progress.webNovel) places.web_novel = [progress.webNovel];
  if (progress.lightNovels.length) places.light_novels = [...progress.lightNovels];
  // Each manga series is a line of its own: the reader is as far in the manga as the series they are furthest in.
  if (progress.manga.length) places.manga = [...progress.manga];
  // The Break Time shorts, a recut's episodes and the OVAs, specials and films are the anime's: a viewer
  // of any of them follows the anime.
  const anime = [progress.anime, ...progress.recuts, ...progress.breakTime, ...progress.animeSpecials].filter(
    (key): key is string => key !== null,
  );
  if (anime.length) places.anime = anime;
  return places;
}

/**
 * The media a record holds a place in, when one of them is the one the reader follows first without
 * comparing places (it holds a place in one), or null when their places must be compared along the
 * story (`followedFirst`).
 */
export function onlyMedium(progress: Progress | null): { medium: NamedMedium | null } | null {
  const held = namedMedia.filter((medium) => placesIn(progress)[medium]);
  return held.length > 1 ? null : { medium: held[0] ?? null };
}

/**
 * The medium a reader follows first: of the web novel, the light novels, the manga and the anime, the
 * one whose place in the record (its furthest unit there) is furthest along the story, by each unit's
 * position on the story timeline (`positionOf`); on a tie, the one the series came out in first (a
 * manga chapter sits at the last web novel chapter it adapts: its reader and that chapter's are level,
 * and the web novel's name is shown). Null for a record
 * that holds a place in none of them (no progress, or side stories only): that reader is shown the name
 * the pack gives the character.
 */
export function followedFirst(
  progress: Progress | null,
  positionOf: (unitKey: string) => number | undefined,
): NamedMedium | null {
  const places = placesIn(progress);
  let first: { medium: NamedMedium; position: number } | null = null;
  for (const medium of namedMedia) {
    const units = places[medium];
    if (!units) continue;
    const position = Math.max(-1, ...units.map((unit) => positionOf(unit) ?? -1));
    if (!first || position > first.position) first = { medium, position };
  }
  return first?.medium ?? null;
}
