import { MAX_UNIT_NUMBER, type Revealers, type UnitTable, unitMedia, unitPlace } from "../content/units";

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

// Revealers are unit keys, so units.ts reads them; the rule below is what they mean.
export { readRevealers, type Revealers } from "../content/units";

export interface Knowledge {
  /** The shield is off: the reader wants everything. */
  everything: boolean;
  /**
   * Per line read in order (the web novel, each light novel collection, the anime: app/lib/content/units.ts),
   * the furthest unit reached, which stands for every unit before it on its line.
   */
  reached: ReadonlyMap<string, Reached>;
  /** Units of checklists consumed (side stories, Break Time shorts), by key. */
  checked: ReadonlySet<string>;
  /**
   * Units before the reader's place on their line that they have not read: what they passed over when
   * they crossed from another medium (the chapters an anime season left out), by key.
   */
  skipped: ReadonlySet<string>;
}

/** The furthest unit reached on a line. */
export interface Reached {
  key: string;
  position: readonly number[];
}

export const noKnowledge: Knowledge = {
  everything: false,
  reached: new Map(),
  checked: new Set(),
  skipped: new Set(),
};
export const allKnowledge: Knowledge = { ...noKnowledge, everything: true };

/** Compares two positions on one line, number by number: below zero when `a` comes first. */
function compare(a: readonly number[], b: readonly number[]) {
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * The position just before this one on its line, or null at its start. Before the first chapter of
 * an arc is anything of the arc before (keys stop at MAX_UNIT_NUMBER).
 */
function positionBefore(position: readonly number[]): readonly number[] | null {
  const index = position.findLastIndex((number) => number > 1);
  if (index === -1) return null;
  return position.map((number, at) => (at < index ? number : at === index ? number - 1 : MAX_UNIT_NUMBER));
}

/**
 * The spoiler rule over a table of media (app/lib/content/units.ts: `unitMedia`): nothing in it names a
 * medium, so a medium added to the table is ruled like the others.
 */
export function knowledgeRules(table: UnitTable) {
  /** Whether the reader has consumed this unit. */
  function hasConsumed(knowledge: Knowledge, unitKey: string) {
    if (knowledge.everything) return true;
    const place = unitPlace(unitKey, table);
    if (place === undefined) return false;
    if (place === null) return knowledge.checked.has(unitKey);
    const reached = knowledge.reached.get(place.line);
    return reached !== undefined && compare(place.position, reached.position) <= 0 && !knowledge.skipped.has(unitKey);
  }

  /** What the given units, and everything before each on its line but the skipped units, make known. */
  function knowledgeOfUnits(units: Iterable<string>, skipped: Iterable<string> = []): Knowledge {
    const reached = new Map<string, Reached>();
    const checked = new Set<string>();
    for (const key of units) {
      const place = unitPlace(key, table);
      if (place === null) checked.add(key);
      else if (place) {
        const before = reached.get(place.line);
        if (!before || compare(place.position, before.position) > 0)
          reached.set(place.line, { key, position: place.position });
      }
    }
    const known = { everything: false, reached, checked, skipped: new Set<string>() };
    // A skipped unit counts only where it lies before the reader's place (else it is unread anyway).
    for (const key of skipped) if (hasConsumed(known, key)) known.skipped.add(key);
    return known;
  }

  /** The one spoiler rule: whether a reader with this knowledge may see something these units reveal. */
  function knows(knowledge: Knowledge, revealedBy: Revealers | undefined) {
    if (revealedBy === null || revealedBy === undefined) return true;
    if (knowledge.everything) return true;
    return revealedBy.some((unit) => hasConsumed(knowledge, unit));
  }

  /**
   * The knowledge with each place that has skipped units moved back to just before the first of them,
   * and no skipped units: it knows less (never more), and is written in a few units whatever was skipped.
   */
  function beforeSkipped(knowledge: Knowledge): Knowledge {
    const reached = new Map(knowledge.reached);
    for (const key of knowledge.skipped) {
      const place = unitPlace(key, table);
      const current = place && reached.get(place.line);
      if (!place || !current || compare(place.position, current.position) > 0) continue;
      const position = positionBefore(place.position);
      if (position) reached.set(place.line, { key: place.keyAt(position), position });
      else reached.delete(place.line);
    }
    return { ...knowledge, reached, skipped: new Set() };
  }

  /**
   * The units that stand for the knowledge, as the reveal parameter writes them. Longer than
   * `maxLength`, ticked side stories and shorts are left out from the end until it fits (never a place or
   * a skipped unit: leaving one of those out could reveal more than the reader has seen). Should the
   * places and skipped units alone not fit (a record with hundreds of skipped units), each place moves
   * back to before its first skipped unit, which only hides more.
   */
  function encodeKnowledge(knowledge: Knowledge, maxLength = MAX_REVEAL_LENGTH): string {
    if (knowledge.everything) return "all";
    const places = [
      ...[...knowledge.reached.values()].map((reached) => reached.key),
      ...[...knowledge.skipped].map((key) => `${SKIPPED}${key}`),
    ];
    // Measured as sent: a query string writes each ":" as "%3A" and each "," as "%2C".
    const sentLength = (unit: string) => encodeURIComponent(unit).length + 3;
    let length = places.reduce((total, unit) => total + sentLength(unit), 0);
    if (length > maxLength + 3 && knowledge.skipped.size) return encodeKnowledge(beforeSkipped(knowledge), maxLength);
    const checked = [...knowledge.checked].sort();
    const kept = checked.filter((unit) => (length += sentLength(unit)) <= maxLength + 3);
    return [...places, ...kept].sort().join(",");
  }

  /** The knowledge a reveal parameter states; null when there is none or it is not one (nothing is revealed). */
  function parseKnowledge(text: string | null): Knowledge | null {
    if (!text) return null;
    if (text === "all") return allKnowledge;
    const entries = text.split(",");
    if (entries.length > MAX_REVEAL_UNITS) return null;
    const skipped = entries.filter((entry) => entry.startsWith(SKIPPED)).map((entry) => entry.slice(SKIPPED.length));
    const units = entries.filter((entry) => !entry.startsWith(SKIPPED));
    if ([...units, ...skipped].some((unit) => unitPlace(unit, table) === undefined)) return null;
    return knowledgeOfUnits(units, skipped);
  }

  return { hasConsumed, knowledgeOfUnits, knows, encodeKnowledge, parseKnowledge };
}

const rules = knowledgeRules(unitMedia);

/** Whether the reader has consumed this unit. */
export const hasConsumed = rules.hasConsumed;
/** What the given units, and everything before each on its line but the skipped units, make known. */
export const knowledgeOfUnits = rules.knowledgeOfUnits;
/** The one spoiler rule: whether a reader with this knowledge may see something these units reveal. */
export const knows = rules.knows;
/** The units that stand for the knowledge, as the reveal parameter writes them (see `knowledgeRules`). */
export const encodeKnowledge = rules.encodeKnowledge;
/** The knowledge a reveal parameter states; null when there is none or it is not one. The one parser of it. */
export const parseKnowledge = rules.parseKnowledge;

/** Whether the reader knows anything at all (a shield with no progress says so). */
export function knowsAnything(knowledge: Knowledge) {
  return knowledge.everything || knowledge.reached.size > 0 || knowledge.checked.size > 0;
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
 * How long a reveal parameter may grow, as sent (percent-encoded in a query string): within the site's
 * query limit (app/lib/http/addresses.ts) with room for the rest of the address. Side stories and shorts
 * beyond it are left out, which only hides more.
 */
export const MAX_REVEAL_LENGTH = 1800;

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
