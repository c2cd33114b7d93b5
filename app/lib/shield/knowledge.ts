import { parseUnitKey } from "../content/units";

/*
 * What a reader knows is what they have consumed, medium by medium: nothing is inferred from another
 * medium. An anime viewer has not read the chapters the anime skipped; a light novel reader has not
 * read the web novel. Within a medium, reading goes in order, so the last web novel chapter, each light
 * novel collection's last volume and the last anime episode stand for everything before them; side
 * stories and Break Time shorts count one by one.
 *
 * Everything gated carries the units that reveal it (`Revealers`, worked out when the pack is imported:
 * by default every unit of every medium that covers the point where the story reveals it). It is shown
 * when the reader has consumed any of them: `knows`.
 */

/**
 * The units that reveal an item, by key: it is shown to a reader who consumed any of them. Null: it
 * spoils nothing and everyone sees it; empty: nothing a reader can consume reveals it (only the
 * shield turned off shows it). Read once where it enters (a model row: app/models/db.server.ts).
 */
export type Revealers = readonly string[] | null;

/**
 * Revealers as the pack stores them in the database: unit keys joined by spaces, NULL when the item
 * spoils nothing. Read once, as a row leaves the database (app/models/db.server.ts).
 */
export function readRevealers(stored: string): readonly string[];
export function readRevealers(stored: string | null): Revealers;
export function readRevealers(stored: string | null): Revealers {
  return stored === null ? null : stored.split(" ").filter((unit) => unit !== "");
}

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
  /**
   * Web novel chapters and light novel volumes before the reader's place in their medium that they
   * have not read: what they passed over when they crossed from another medium (the chapters an anime
   * season left out), by key.
   */
  skipped: ReadonlySet<string>;
}

export const noKnowledge: Knowledge = {
  everything: false,
  webNovel: null,
  lightNovels: new Map(),
  anime: null,
  checked: new Set(),
  skipped: new Set(),
};
export const allKnowledge: Knowledge = { ...noKnowledge, everything: true };

/** The later of two [group, number] pairs. */
function later(a: readonly [number, number] | null, b: readonly [number, number]) {
  return !a || b[0] > a[0] || (b[0] === a[0] && b[1] > a[1]) ? b : a;
}

/** What the given units, and everything before each in its medium but the skipped units, make known. */
export function knowledgeOfUnits(units: Iterable<string>, skipped: Iterable<string> = []): Knowledge {
  let webNovel: readonly [number, number] | null = null;
  let anime: readonly [number, number] | null = null;
  const lightNovels = new Map<string, number>();
  const checked = new Set<string>();
  for (const key of units) {
    const parts = parseUnitKey(key);
    if (!parts) continue;
    if (parts.medium === "web_novel") webNovel = later(webNovel, [parts.arc, parts.chapter]);
    else if (parts.medium === "anime") anime = later(anime, [parts.season, parts.episode]);
    else if (parts.medium === "light_novels")
      lightNovels.set(parts.collection, Math.max(lightNovels.get(parts.collection) ?? 0, parts.volume));
    else checked.add(key);
  }
  const reached = { everything: false, webNovel, lightNovels, anime, checked, skipped: new Set<string>() };
  // A skipped unit counts only where it lies before the reader's place (else it is unread anyway).
  for (const key of skipped) if (hasConsumed(reached, key)) reached.skipped.add(key);
  return reached;
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
      return atOrBefore(knowledge.webNovel, parts.arc, parts.chapter) && !knowledge.skipped.has(unitKey);
    case "anime":
      return atOrBefore(knowledge.anime, parts.season, parts.episode);
    case "light_novels":
      return parts.volume <= (knowledge.lightNovels.get(parts.collection) ?? 0) && !knowledge.skipped.has(unitKey);
    default:
      return knowledge.checked.has(unitKey);
  }
}

/** The one spoiler rule: whether a reader with this knowledge may see something these units reveal. */
export function knows(knowledge: Knowledge, revealedBy: Revealers | undefined) {
  if (revealedBy === null || revealedBy === undefined) return true;
  if (knowledge.everything) return true;
  return revealedBy.some((unit) => hasConsumed(knowledge, unit));
}

/** Whether the reader knows anything at all (a shield with no progress says so). */
export function knowsAnything(knowledge: Knowledge) {
  return (
    knowledge.everything ||
    knowledge.webNovel !== null ||
    knowledge.anime !== null ||
    knowledge.lightNovels.size > 0 ||
    knowledge.checked.size > 0
  );
}

/*
 * Knowledge travels in a URL's `reveal` parameter when the browser asks for the gated texts its reader
 * may see: "all" with the shield off, else the units that stand for it, sorted and joined by commas
 * (wn:2-14,ln:main-3,ss:festival-night), a skipped unit with a minus in front (-wn:1-7), so readers who
 * know the same share one cached answer.
 */

export const REVEAL_PARAMETER = "reveal";
/** What marks a skipped unit in the reveal parameter. */
const SKIPPED = "-";
/** More than any reader's progress names; a longer list is refused, not read. */
const MAX_REVEAL_UNITS = 400;

/**
 * How long a reveal parameter may grow: within the site's query limit (app/lib/http/addresses.ts) with room
 * for the rest of the address. Side stories and shorts beyond it are left out, which only hides more.
 */
export const MAX_REVEAL_LENGTH = 1800;

/**
 * The knowledge with each place that has skipped units moved back to just before the first of them,
 * and no skipped units: it knows less (never more), and is written in a few units whatever was skipped.
 */
function beforeSkipped(knowledge: Knowledge): Knowledge {
  let webNovel = knowledge.webNovel;
  const lightNovels = new Map(knowledge.lightNovels);
  for (const key of knowledge.skipped) {
    const parts = parseUnitKey(key);
    if (parts?.medium === "web_novel" && atOrBefore(webNovel, parts.arc, parts.chapter)) {
      // The chapter before; before an arc's first, anything of the arc before (keys stop at six digits).
      webNovel = parts.chapter > 1 ? [parts.arc, parts.chapter - 1] : parts.arc > 1 ? [parts.arc - 1, 999999] : null;
    } else if (parts?.medium === "light_novels" && (lightNovels.get(parts.collection) ?? 0) >= parts.volume) {
      if (parts.volume > 1) lightNovels.set(parts.collection, parts.volume - 1);
      else lightNovels.delete(parts.collection);
    }
  }
  return { ...knowledge, webNovel, lightNovels, skipped: new Set() };
}

/**
 * The units that stand for the knowledge, as the reveal parameter writes them. Longer than
 * `maxLength`, ticked side stories and shorts are left out from the end until it fits (never a place or
 * a skipped unit: leaving one of those out could reveal more than the reader has seen). Should the
 * places and skipped units alone not fit (a record with hundreds of skipped units), each place moves
 * back to before its first skipped unit, which only hides more.
 */
export function encodeKnowledge(knowledge: Knowledge, maxLength = MAX_REVEAL_LENGTH): string {
  if (knowledge.everything) return "all";
  const places = [
    ...(knowledge.webNovel ? [`wn:${knowledge.webNovel[0]}-${knowledge.webNovel[1]}`] : []),
    ...[...knowledge.lightNovels].map(([collection, volume]) => `ln:${collection}-${volume}`),
    ...(knowledge.anime ? [`anime:${knowledge.anime[0]}-${knowledge.anime[1]}`] : []),
    ...[...knowledge.skipped].map((key) => `${SKIPPED}${key}`),
  ];
  let length = places.reduce((total, unit) => total + unit.length + 1, 0);
  if (length > maxLength + 1 && knowledge.skipped.size) return encodeKnowledge(beforeSkipped(knowledge), maxLength);
  const checked = [...knowledge.checked].sort();
  const kept = checked.filter((unit) => (length += unit.length + 1) <= maxLength + 1);
  return [...places, ...kept].sort().join(",");
}

/**
 * The knowledge with only the ticked side stories and shorts among these units (the revealers of a
 * page's sealed items): every place and skipped unit stays, so nothing more is revealed and an item
 * inside another is decided as before; a reader who ticked many asks with a short parameter.
 */
export function knowledgeFor(knowledge: Knowledge, units: Iterable<string>): Knowledge {
  if (knowledge.everything) return knowledge;
  const wanted = new Set(units);
  return { ...knowledge, checked: new Set([...knowledge.checked].filter((unit) => wanted.has(unit))) };
}

/** The knowledge a reveal parameter states; null when there is none or it is not one (nothing is revealed). */
export function parseKnowledge(text: string | null): Knowledge | null {
  if (!text) return null;
  if (text === "all") return allKnowledge;
  const entries = text.split(",");
  if (entries.length > MAX_REVEAL_UNITS) return null;
  const skipped = entries.filter((entry) => entry.startsWith(SKIPPED)).map((entry) => entry.slice(SKIPPED.length));
  const units = entries.filter((entry) => !entry.startsWith(SKIPPED));
  if ([...units, ...skipped].some((unit) => !parseUnitKey(unit))) return null;
  return knowledgeOfUnits(units, skipped);
}
