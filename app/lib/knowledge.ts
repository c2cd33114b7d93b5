import { parseUnitKey } from "./content/units";
import type { Progress } from "./progress";
import { reachedUnits } from "./reached-units";

/*
 * What a reader knows is what they have consumed, medium by medium: nothing is inferred from another
 * medium. An anime viewer has not read the chapters the anime skipped; a light novel reader has not
 * read the web novel. Within a medium, reading goes in order, so the last web novel chapter, each light
 * novel collection's last volume and the last anime episode stand for everything before them; side
 * stories and Break Time shorts count one by one.
 *
 * Everything gated carries the units that reveal it (`revealedBy`, unit keys joined by spaces, worked
 * out when the pack is imported: by default every unit of every medium that covers the point where the
 * story reveals it). It is shown when the reader has consumed any of them: `knows`.
 */

export interface Knowledge {
  /** The shield is off: the reader wants everything. */
  everything: boolean;
  /** The last web novel chapter read, as [arc, chapter]. */
  webNovel: readonly [number, number] | null;
  /** Per light novel collection, the last volume read. */
  lightNovels: ReadonlyMap<string, number>;
  /** The last anime episode watched, as [season, episode]. */
  anime: readonly [number, number] | null;
  /** Side stories and Break Time shorts consumed, by key. */
  checked: ReadonlySet<string>;
}

export const noKnowledge: Knowledge = { everything: false, webNovel: null, lightNovels: new Map(), anime: null, checked: new Set() };
export const allKnowledge: Knowledge = { ...noKnowledge, everything: true };

/** The later of two [group, number] pairs. */
function later(a: readonly [number, number] | null, b: readonly [number, number]) {
  return !a || b[0] > a[0] || (b[0] === a[0] && b[1] > a[1]) ? b : a;
}

/** What the given units, and everything before each in its medium, make known. */
export function knowledgeOfUnits(units: Iterable<string>): Knowledge {
  let webNovel: readonly [number, number] | null = null;
  let anime: readonly [number, number] | null = null;
  const lightNovels = new Map<string, number>();
  const checked = new Set<string>();
  for (const key of units) {
    const parts = parseUnitKey(key);
    if (!parts) continue;
    if (parts.medium === "web_novel") webNovel = later(webNovel, [parts.arc, parts.chapter]);
    else if (parts.medium === "anime") anime = later(anime, [parts.season, parts.episode]);
    else if (parts.medium === "light_novels") lightNovels.set(parts.collection, Math.max(lightNovels.get(parts.collection) ?? 0, parts.volume));
    else checked.add(key);
  }
  return { everything: false, webNovel, lightNovels, anime, checked };
}

/** What a reader with this progress knows. */
export function knowledgeOf(progress: Progress | null): Knowledge {
  return progress ? knowledgeOfUnits(reachedUnits(progress)) : noKnowledge;
}

const atOrBefore = (point: readonly [number, number] | null, group: number, number: number) =>
  point !== null && (group < point[0] || (group === point[0] && number <= point[1]));

/** Whether the reader has consumed this unit. */
export function hasConsumed(knowledge: Knowledge, unitKey: string) {
  if (knowledge.everything) return true;
  const parts = parseUnitKey(unitKey);
  if (!parts) return false;
  switch (parts.medium) {
    case "web_novel":
      return atOrBefore(knowledge.webNovel, parts.arc, parts.chapter);
    case "anime":
      return atOrBefore(knowledge.anime, parts.season, parts.episode);
    case "light_novels":
      return parts.volume <= (knowledge.lightNovels.get(parts.collection) ?? 0);
    default:
      return knowledge.checked.has(unitKey);
  }
}

/**
 * The one spoiler rule: whether a reader with this knowledge may see something revealed by
 * `revealedBy` (unit keys joined by spaces). Null means it spoils nothing and everyone sees it; an
 * empty list is revealed by nothing the reader can consume (only with the shield off).
 */
export function knows(knowledge: Knowledge, revealedBy: string | null | undefined) {
  if (revealedBy === null || revealedBy === undefined) return true;
  if (knowledge.everything) return true;
  return revealedBy.split(" ").some((unit) => unit !== "" && hasConsumed(knowledge, unit));
}

/** Whether the reader knows anything at all (a shield with no progress says so). */
export function knowsAnything(knowledge: Knowledge) {
  return knowledge.everything || knowledge.webNovel !== null || knowledge.anime !== null || knowledge.lightNovels.size > 0 || knowledge.checked.size > 0;
}

/*
 * Knowledge travels in a URL's `reveal` parameter when the browser asks for the gated texts its reader
 * may see: "all" with the shield off, else the units that stand for it, sorted and joined by commas
 * (wn:2-14,ln:main-3,ss:festival-night), so readers who know the same share one cached answer.
 */

export const REVEAL_PARAMETER = "reveal";
/** More than any reader's progress names; a longer list is refused, not read. */
const MAX_REVEAL_UNITS = 400;

/** The units that stand for the knowledge, as the reveal parameter writes them. */
export function encodeKnowledge(knowledge: Knowledge): string {
  if (knowledge.everything) return "all";
  const units = [
    ...(knowledge.webNovel ? [`wn:${knowledge.webNovel[0]}-${knowledge.webNovel[1]}`] : []),
    ...[...knowledge.lightNovels].map(([collection, volume]) => `ln:${collection}-${volume}`),
    ...(knowledge.anime ? [`anime:${knowledge.anime[0]}-${knowledge.anime[1]}`] : []),
    ...knowledge.checked,
  ];
  return units.sort().join(",");
}

/** The knowledge a reveal parameter states; null when there is none or it is not one (nothing is revealed). */
export function parseKnowledge(text: string | null): Knowledge | null {
  if (!text) return null;
  if (text === "all") return allKnowledge;
  const units = text.split(",");
  if (units.length > MAX_REVEAL_UNITS) return null;
  if (units.some((unit) => !parseUnitKey(unit))) return null;
  return knowledgeOfUnits(units);
}
