import {
  MAX_UNIT_NUMBER,
  type Revealers,
  type UnitTable,
  unitMedia,
  unitLocation,
  unitPlace,
  unitRun,
  wholeNumberPattern,
} from "../content/units";
import { joinSpans, type Span, spansCover, spansHold } from "./spans";

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
  /** Units of checklists consumed (side stories, Break Time shorts). */
  checked: Units;
  /**
   * Units before the reader's place on their line that they have not read: what they passed over when
   * they crossed from another medium (the chapters an anime season left out).
   */
  skipped: Units;
  /**
   * Whether titles of units the reader has not reached are shown ("show") or named by their place
   * ("hide"): the reader's setting, stated in the reveal parameter as `titles`. Unstated, they are
   * hidden, so a first visit is not told how the story goes by what its chapters are called.
   */
  unreachedTitles: TitlesChoice;
}

/** The reader's setting "Titles of what I have not reached: show / hide". */
export type TitlesChoice = "show" | "hide";
export const titlesChoices: readonly TitlesChoice[] = ["hide", "show"];

/**
 * The revealer that stands for the reader's choice to see titles of what they have not reached: a
 * unit's title that spoils nothing of itself is revealed by it and by the units that reach the unit
 * (`titleRevealers`), so the one rule, `knows`, decides titles too.
 */
export const UNREACHED_TITLES = "titles";

/**
 * A set of units as the reveal parameter writes it: those numbered in runs (app/lib/content/units.ts:
 * `unitRun`) as spans of numbers, never one by one, and the others (side stories) by key.
 */
export interface Units {
  /** Units in no run, by key. */
  keys: ReadonlySet<string>;
  /** By run (named by its first unit's key), the numbers held, as joined spans (./spans.ts); never empty. */
  runs: ReadonlyMap<string, readonly Span[]>;
}

/** The furthest unit reached on a line. */
export interface Reached {
  key: string;
  position: readonly number[];
}

const noUnits: Units = { keys: new Set(), runs: new Map() };

export const noKnowledge: Knowledge = {
  everything: false,
  reached: new Map(),
  checked: noUnits,
  skipped: noUnits,
  unreachedTitles: "hide",
};
export const allKnowledge: Knowledge = { ...noKnowledge, everything: true, unreachedTitles: "show" };

/**
 * What reveals a unit's title: where the pack flags the title as a spoiler, what reveals it (`flagged`);
 * else the units that reach the unit in any medium (`reachedBy`: the unit, and those covering the same
 * point of the story), or the reader's choice to see titles of what they have not reached.
 */
export function titleRevealers(flagged: Revealers, reachedBy: readonly string[]): readonly string[] {
  // The units first: "Show it" asks for the first revealer (app/browser/spoiler-shield.ts: `askToSee`).
  return flagged ?? [...reachedBy, UNREACHED_TITLES];
}

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
  /** The units written: each alone, or with the last number of a span of its run (an entry of the reveal parameter). */
  function unitsOf(entries: Iterable<Entry>): Units {
    const keys = new Set<string>();
    const runs = new Map<string, Span[]>();
    for (const { key, last } of entries) {
      const run = unitRun(key, table);
      if (!run) keys.add(key);
      else if (runs.has(run.run)) runs.get(run.run)!.push([run.number, last ?? run.number]);
      else runs.set(run.run, [[run.number, last ?? run.number]]);
    }
    return { keys, runs: new Map([...runs].map(([run, spans]) => [run, joinSpans(spans)])) };
  }

  /** Whether the set holds this unit (in this run): a look-up in its run's spans, however long they are. */
  function holds(units: Units, unitKey: string, run = unitRun(unitKey, table)) {
    if (!units.keys.size && !units.runs.size) return false;
    if (!run) return units.keys.has(unitKey);
    const spans = units.runs.get(run.run);
    return spans !== undefined && spansHold(spans, run.number);
  }

  /** The set's entries as the reveal parameter writes them: a key, or a span's first key and its last number. */
  function entriesOf(units: Units): string[] {
    const spans = [...units.runs].flatMap(([run, spans]) => {
      const keyAt = unitRun(run, table)!.keyAt;
      return spans.map(([first, last]) => (first === last ? keyAt(first) : `${keyAt(first)}${RANGE}${last}`));
    });
    return [...units.keys, ...spans];
  }

  /** Whether the reader has consumed this unit. */
  function hasConsumed(knowledge: Knowledge, unitKey: string) {
    if (knowledge.everything) return true;
    const location = unitLocation(unitKey, table);
    if (!location) return false;
    const { place, run } = location;
    if (place === null) return holds(knowledge.checked, unitKey, run);
    const reached = knowledge.reached.get(place.line);
    return (
      reached !== undefined && compare(place.position, reached.position) <= 0 && !holds(knowledge.skipped, unitKey, run)
    );
  }

  /** Whether the unit is the reader's place on its line: the furthest they reached, standing for those before it. */
  function isPlace(knowledge: Knowledge, unitKey: string) {
    const place = unitPlace(unitKey, table);
    return !!place && knowledge.reached.get(place.line)?.key === unitKey;
  }

  /**
   * The part of a skipped entry that lies before the reader's place on its line, or null when none does
   * (a unit past the place is unread anyway, and one on no line is never skipped).
   */
  function skippedBefore(reached: Knowledge["reached"], { key, last }: Entry): Entry | null {
    const place = unitPlace(key, table);
    const current = place && reached.get(place.line);
    if (!place || !current || compare(place.position, current.position) > 0) return null;
    if (last === undefined) return { key };
    // A span that runs past the place ends at it: the place lies in the span's run.
    const end = unitPlace(unitRun(key, table)!.keyAt(last), table)!;
    return { key, last: compare(end.position, current.position) <= 0 ? last : unitRun(current.key, table)!.number };
  }

  /** What these entries of the reveal parameter make known (units, and units skipped before a place). */
  function knowledgeOfEntries(units: Iterable<Entry>, skipped: Iterable<Entry>): Knowledge {
    const reached = new Map<string, Reached>();
    const checked: Entry[] = [];
    for (const entry of units) {
      const place = unitPlace(entry.key, table);
      if (place === null) checked.push(entry);
      else if (place) {
        const before = reached.get(place.line);
        if (!before || compare(place.position, before.position) > 0)
          reached.set(place.line, { key: entry.key, position: place.position });
      }
    }
    const skippedBeforePlaces = [...skipped].flatMap((entry) => skippedBefore(reached, entry) ?? []);
    return {
      everything: false,
      reached,
      checked: unitsOf(checked),
      skipped: unitsOf(skippedBeforePlaces),
      unreachedTitles: "hide",
    };
  }

  /** What the given units, and everything before each on its line but the skipped units, make known. */
  function knowledgeOfUnits(units: Iterable<string>, skipped: Iterable<string> = []): Knowledge {
    const entries = (keys: Iterable<string>) => [...keys].map((key) => ({ key }));
    return knowledgeOfEntries(entries(units), entries(skipped));
  }

  /** The one spoiler rule: whether a reader with this knowledge may see something these units reveal. */
  function knows(knowledge: Knowledge, revealedBy: Revealers | undefined) {
    if (revealedBy === null || revealedBy === undefined) return true;
    if (knowledge.everything) return true;
    return revealedBy.some((unit) =>
      unit === UNREACHED_TITLES ? knowledge.unreachedTitles === "show" : hasConsumed(knowledge, unit),
    );
  }

  /**
   * Whether the reader has consumed all the writer had: every place reached and every unit ticked (a
   * ticked unit is consumed when the reader ticked it too, so a span of them is held by one of theirs).
   */
  function knowsAllOf(reader: Knowledge, writer: Knowledge) {
    if (reader.everything) return true;
    if (writer.everything) return false;
    return (
      [...writer.reached.values()].every((place) => hasConsumed(reader, place.key)) &&
      [...writer.checked.keys].every((key) => hasConsumed(reader, key)) &&
      [...writer.checked.runs].every(([run, spans]) =>
        spans.every((span) => spansCover(reader.checked.runs.get(run) ?? [], span)),
      )
    );
  }

  /**
   * Whether everything `less` may see, `more` may see too: an answer sealed for `less` never shows a
   * reader who knows `more` anything beyond it (it may hide more). Every unit `less` consumed, `more`
   * consumed: its places are reached, its ticks ticked, and nothing `more` skipped before them is one
   * `less` read.
   */
  function knowsNoMoreThan(less: Knowledge, more: Knowledge) {
    if (more.everything) return true;
    if (less.everything) return false;
    if (less.unreachedTitles === "show" && more.unreachedTitles !== "show") return false;
    if (![...less.checked.keys].every((key) => holds(more.checked, key))) return false;
    const ticksHeld = [...less.checked.runs].every(([run, spans]) =>
      spans.every((span) => spansCover(more.checked.runs.get(run) ?? [], span)),
    );
    if (!ticksHeld) return false;
    for (const [line, place] of less.reached) {
      const theirs = more.reached.get(line);
      if (!theirs || compare(place.position, theirs.position) > 0) return false;
    }
    // What `more` skipped on a line, up to where `less` reached on it, `less` skipped too.
    if ([...more.skipped.keys].some((key) => hasConsumed(less, key))) return false;
    return [...more.skipped.runs].every(([run, spans]) =>
      spans.every(([first, last]) => {
        const before = skippedBefore(less.reached, { key: unitRun(run, table)!.keyAt(first), last });
        return !before || spansCover(less.skipped.runs.get(run) ?? [], [first, before.last ?? first]);
      }),
    );
  }

  /**
   * The knowledge with only the ticked side stories and shorts among these units (the revealers of a
   * page's sealed items): every place and skipped unit stays, so nothing more is revealed and an item
   * inside another is decided as before; a reader who ticked many asks with a short parameter.
   */
  function knowledgeFor(knowledge: Knowledge, units: Iterable<string>): Knowledge {
    if (knowledge.everything) return knowledge;
    const ticked = [...new Set(units)].filter((unit) => holds(knowledge.checked, unit));
    return { ...knowledge, checked: unitsOf(ticked.map((key) => ({ key }))) };
  }

  /**
   * The knowledge with each place that has skipped units moved back to just before the first of them,
   * and no skipped units: it knows less (never more), and is written in a few units whatever was skipped.
   */
  function beforeSkipped(knowledge: Knowledge): Knowledge {
    const reached = new Map(knowledge.reached);
    const firstOfEach = [
      ...knowledge.skipped.keys,
      ...[...knowledge.skipped.runs].map(([run, spans]) => unitRun(run, table)!.keyAt(spans[0]![0])),
    ];
    for (const key of firstOfEach) {
      const place = unitPlace(key, table);
      const current = place && reached.get(place.line);
      if (!place || !current || compare(place.position, current.position) > 0) continue;
      const position = positionBefore(place.position);
      if (position) reached.set(place.line, { key: place.keyAt(position), position });
      else reached.delete(place.line);
    }
    return { ...knowledge, reached, skipped: noUnits };
  }

  /**
   * The entries that stand for the knowledge, as the reveal parameter writes them. Longer than
   * `maxLength`, ticked side stories and shorts are left out from the end until it fits (never a place or
   * a skipped unit: leaving one of those out could reveal more than the reader has seen). Should the
   * places and skipped units alone not fit (a record with hundreds of skipped runs), each place moves
   * back to before its first skipped unit, which only hides more.
   */
  function encodeKnowledge(knowledge: Knowledge, maxLength = MAX_REVEAL_LENGTH): string {
    if (knowledge.everything) return "all";
    const places = [
      ...(knowledge.unreachedTitles === "show" ? [UNREACHED_TITLES] : []),
      ...[...knowledge.reached.values()].map((reached) => reached.key),
      ...entriesOf(knowledge.skipped).map((entry) => `${SKIPPED}${entry}`),
    ];
    // Measured as sent, with the comma before each.
    const sentLength = (entry: string) => revealLength(entry) + revealLength(",");
    let length = places.reduce((total, entry) => total + sentLength(entry), 0);
    if (length > maxLength + 3 && knowledge.skipped.runs.size + knowledge.skipped.keys.size)
      return encodeKnowledge(beforeSkipped(knowledge), maxLength);
    const checked = entriesOf(knowledge.checked).sort();
    const kept = checked.filter((entry) => (length += sentLength(entry)) <= maxLength + 3);
    return [...places, ...kept].sort().join(",");
  }

  /**
   * The knowledge a reveal parameter states; null when there is none or it is not one (nothing is
   * revealed). Each entry costs the same to read whatever span it names: a span is held by its ends.
   */
  function parseKnowledge(text: string | null): Knowledge | null {
    if (!text) return null;
    if (text === "all") return allKnowledge;
    if (text.length > MAX_REVEAL_LENGTH) return null;
    const entries = text.split(",");
    const units: Entry[] = [];
    const skipped: Entry[] = [];
    let unreachedTitles: TitlesChoice = "hide";
    for (const text of entries) {
      if (text === UNREACHED_TITLES) {
        unreachedTitles = "show";
        continue;
      }
      const entry = readEntry(text);
      if (!entry) return null;
      (entry.skipped ? skipped : units).push(entry);
    }
    return { ...knowledgeOfEntries(units, skipped), unreachedTitles };
  }

  /**
   * One entry: a unit's key, with a leading minus when it was skipped, or the first unit of a span and
   * the last number of its run (wn:1-7..12). A span is written only where every number in it names a
   * unit the entry stands for: skipped units on a line, or ticked ones on a checklist (never a place,
   * which stands for everything before it anyway); its end comes after its start.
   */
  function readEntry(text: string): (Entry & { skipped: boolean }) | null {
    const skipped = text.startsWith(SKIPPED);
    const [key = "", lastText, ...rest] = text.slice(skipped ? SKIPPED.length : 0).split(RANGE);
    const place = unitPlace(key, table);
    if (place === undefined || rest.length) return null;
    if (lastText === undefined) return { key, skipped };
    const run = unitRun(key, table);
    const last = Number(lastText);
    if (!run || !wholeNumberPattern.test(lastText) || last <= run.number) return null;
    if (place !== null && !skipped) return null;
    return { key, last, skipped };
  }

  return {
    hasConsumed,
    isPlace,
    knowledgeOfUnits,
    knows,
    knowsAllOf,
    knowsNoMoreThan,
    knowledgeFor,
    encodeKnowledge,
    parseKnowledge,
  };
}

const rules = knowledgeRules(unitMedia);

/** Whether the reader has consumed this unit. */
export const hasConsumed = rules.hasConsumed;
/** Whether the unit is the reader's place on its line: the furthest they reached. */
export const isPlace = rules.isPlace;
/** What the given units, and everything before each on its line but the skipped units, make known. */
export const knowledgeOfUnits = rules.knowledgeOfUnits;
/** The one spoiler rule: whether a reader with this knowledge may see something these units reveal. */
export const knows = rules.knows;
/** Whether the reader has consumed all the writer had: every place reached and every unit ticked. */
export const knowsAllOf = rules.knowsAllOf;
/** Whether an answer sealed for `less` shows a reader who knows `more` nothing beyond what they know. */
export const knowsNoMoreThan = rules.knowsNoMoreThan;
/** The knowledge with only the ticks among these units (a page's revealers), every place and skipped unit kept. */
export const knowledgeFor = rules.knowledgeFor;
/** The entries that stand for the knowledge, as the reveal parameter writes them (see `knowledgeRules`). */
export const encodeKnowledge = rules.encodeKnowledge;
/** The knowledge a reveal parameter states; null when there is none or it is not one. The one parser of it. */
export const parseKnowledge = rules.parseKnowledge;

/** Whether the reader knows anything at all (a shield with no progress says so). */
export function knowsAnything(knowledge: Knowledge) {
  return (
    knowledge.everything || knowledge.reached.size > 0 || knowledge.checked.keys.size + knowledge.checked.runs.size > 0
  );
}

/**
 * Whether anything gated may reach the requester: what they know, or the titles of what they have not
 * reached, which they asked to see. A requester for whom it is false (every first load, every cached
 * answer) gets only what everyone gets, so a page need read no revealers for them.
 */
export function opensAnyGate(knowledge: Knowledge) {
  return knowsAnything(knowledge) || knowledge.unreachedTitles === "show";
}

/*
 * Knowledge travels in a URL's `reveal` parameter when the browser asks for the gated texts its reader
 * may see: "all" with the shield off, else the entries that stand for it, sorted and joined by commas,
 * so readers who know the same share one cached answer. An entry is a unit's key (wn:2-14, ln:main-3,
 * ss:short-stories-2-1), a skipped unit has a minus in front (-wn:1-7), and consecutive units of a run
 * (an arc's chapters, a collection's volumes, a season's episodes or shorts) are written as the first
 * and the last number: -wn:1-7..12 for chapters 7 to 12 of arc 1 skipped, bt:1-1..9 for the first nine
 * shorts ticked. The end is only a number, so a span cannot leave its run: the keys between are exactly
 * the numbers between, whatever the pack holds. Side stories have no order in their keys (a span of
 * slugs would take in any story whose slug sorts between), so they stay listed one by one
 * (docs/decisions/0036-reveal-spans.md).
 */

export const REVEAL_PARAMETER = "reveal";
/** What marks a skipped unit in the reveal parameter. */
const SKIPPED = "-";
/** What joins a span's first key and its last number in the reveal parameter. */
const RANGE = "..";

/** An entry of the reveal parameter: a unit, or the first of a span of its run with the last number. */
interface Entry {
  key: string;
  last?: number;
}

/**
 * How long a reveal parameter may grow, as sent (percent-encoded in a query string): within the site's
 * query limit (app/lib/http/addresses.ts) with room for the rest of the address. Side stories and shorts
 * beyond it are left out, which only hides more. A longer one (read, so at most as long as sent) is
 * refused rather than read: every entry costs the same to read and to hold whatever span it names.
 */
export const MAX_REVEAL_LENGTH = 1800;

/** How long a reveal parameter is as sent: a query string writes each ":" as "%3A" and each "," as "%2C". */
export const revealLength = (reveal: string) => encodeURIComponent(reveal).length;
