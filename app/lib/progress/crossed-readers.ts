import { hasConsumed, knowledgeOfUnits, knows, type Revealers } from "../shield/knowledge";
import { namesSecret, type SecretNamedEarly, secretPattern, type StorySecret } from "../shield/secrets";
import { type Crossing, crossingSource, crossingsOn } from "./media-crossing";
import { emptyProgress, knowledgeOf, mangaSeriesOf, type Progress, reachedUnits } from "./record";
import type { TrackerUnit } from "./tracker-units";
import { isRecutEpisodeKey, parseUnitKey } from "../content/units";

/*
 * The readers media crossings make, for judging a text that names a secret: a reader who crosses skips
 * what their medium left out on the way, and what a skipped unit reveals stays unknown to them however
 * far they read on. The pack's spoiler lint (pack/spoiler-lint.ts) judges the pack's texts with them at
 * import, and triage a reader's report before publishing it (app/lib/mistakes/publishing.ts). One
 * crossing per place a reader can cross from, each worked out by the tracker's own rule
 * (./media-crossing): their number grows with the series' episodes and volumes, never with what they skip.
 */

/**
 * The records of readers who have watched up to this episode, or read up to this volume or manga
 * chapter, and nothing else. A manga series is a line of its own (decision 49): its chapter is reached
 * by a reader of that series alone, and by one who read the manga series by series, each series before
 * it to its end (`lastOfEarlierSeries`).
 */
function recordsAt(unit: TrackerUnit, lastOfEarlierSeries: (unit: TrackerUnit) => string[]): Progress[] {
  if (unit.medium === "anime") return [{ ...emptyProgress, anime: unit.key }];
  if (unit.medium !== "manga") return [{ ...emptyProgress, lightNovels: [unit.key] }];
  const earlier = lastOfEarlierSeries(unit);
  return [
    { ...emptyProgress, manga: [unit.key] },
    ...(earlier.length ? [{ ...emptyProgress, manga: [...earlier, unit.key].sort() }] : []),
  ];
}

/** The media the tracker offers a crossing from (a recut's viewers cross from no place: decision 45). */
const crossesFrom = (unit: TrackerUnit) =>
  (unit.medium === "anime" && !isRecutEpisodeKey(unit.key)) ||
  unit.medium === "light_novels" ||
  unit.medium === "manga";

/**
 * For a manga chapter, the last chapter of each series that begins earlier in the story than its own
 * (the units in story order).
 */
function earlierSeriesOn(units: readonly TrackerUnit[]): (unit: TrackerUnit) => string[] {
  const series = new Map<string, { first: number; last: string }>();
  for (const unit of units) {
    const code = unit.medium === "manga" ? mangaSeriesOf(unit.key) : null;
    if (code === null) continue;
    const known = series.get(code);
    const number = parseUnitKey(unit.key, "manga")?.chapter ?? 0;
    if (!known) series.set(code, { first: unit.position, last: unit.key });
    else if (number > (parseUnitKey(known.last, "manga")?.chapter ?? 0)) known.last = unit.key;
  }
  return (unit) => {
    const own = series.get(mangaSeriesOf(unit.key) ?? "");
    return own ? [...series.values()].filter((each) => each.first < own.first).map((each) => each.last) : [];
  };
}

/** A reader just after a crossing: where they are in each medium and what they skipped. */
export interface CrossedReader {
  crossing: Crossing;
  places: string[];
  skipped: ReadonlySet<string>;
  /**
   * Where they crossed from, they did not know the story's opening: they began partway through it (a
   * manga series of a later arc, read alone), and the characters met before it are met, by the pack's
   * first appearances, nowhere they read (pack/character-lint.ts does not judge them: decision 49).
   */
  startedPartway: boolean;
}

/**
 * The reader of every crossing the tracker offers from one place: after each anime episode, each light
 * novel volume and each manga chapter (read in its series alone, or after the series before it), into
 * the web novel and each other light novel collection, in story order of the places crossed from.
 */
export function crossedReaders(units: readonly TrackerUnit[]): CrossedReader[] {
  const crossingsFrom = crossingsOn(units);
  const lastOfEarlierSeries = earlierSeriesOn(units);
  const opening = units.find((unit) => unit.medium === "web_novel");
  return units
    .filter(crossesFrom)
    .flatMap((unit) => recordsAt(unit, lastOfEarlierSeries))
    .flatMap((progress) => {
      const startedPartway = opening !== undefined && !knows(knowledgeOf(progress), opening.coveredBy);
      return crossingsFrom(progress).map((crossing) => ({
        crossing,
        places: reachedUnits(crossing.progress),
        skipped: new Set(crossing.progress.skipped),
        startedPartway,
      }));
    });
}

/** A reader who has not learnt a secret by the time they cross, with the units they skipped that tell it. */
export interface UnawareReader extends CrossedReader {
  skippedSecret: string[];
  /**
   * Whether they see this unit without knowing the secret once they go on to it, the units they skipped
   * staying unread, by the shield's rule (a unit they skipped shows them nothing).
   */
  unawareAt: (unit: string) => boolean;
}

/**
 * The readers who do not know the secret just after their crossing, having skipped a unit that tells
 * it: only they can meet a text that names it before knowing it. Reading on only adds to what a
 * reader knows; and one who skipped nothing that tells the secret knows at a text's unit at least what
 * that unit alone makes known, which revealedBeforeSecret (app/lib/shield/secrets.ts) judges. Whether a
 * unit was skipped is asked of that unit alone, so the skipped units among the secret's are all the
 * rule needs here.
 *
 * Knowledge adds up line by line, so for a reader who does not know the secret as they cross, going on
 * to a unit they have not consumed tells them the secret exactly when that unit alone would, with the
 * same units skipped: their places on other lines tell them none of it. That is worked out once per
 * unit and set of skipped units, which many readers share, instead of once per reader and unit.
 */
export function unawareReaders(secret: readonly string[], readers: readonly CrossedReader[]): UnawareReader[] {
  const unaware: UnawareReader[] = [];
  /** Whether a reader who skipped these units (by their index in the secret) is unaware at a unit they went on to. */
  const goingOn = new Map<string, Map<string, boolean>>();
  for (const reader of readers) {
    const skippedAt = secret.flatMap((key, index) => (reader.skipped.has(key) ? [index] : []));
    if (!skippedAt.length) continue;
    const skippedSecret = skippedAt.map((index) => secret[index]!);
    const atCrossing = knowledgeOfUnits(reader.places, skippedSecret);
    if (knows(atCrossing, secret)) continue;
    const sharedBy = skippedAt.join();
    const wentOnTo = goingOn.get(sharedBy) ?? new Map<string, boolean>();
    goingOn.set(sharedBy, wentOnTo);
    const unawareAt = (unit: string) => {
      // A unit they skipped shows them nothing.
      if (reader.skipped.has(unit)) return false;
      // Going on to a unit they have consumed adds nothing to what they know.
      if (hasConsumed(atCrossing, unit)) return true;
      let unaware = wentOnTo.get(unit);
      if (unaware === undefined) {
        const knowledge = knowledgeOfUnits([unit], skippedSecret);
        unaware = hasConsumed(knowledge, unit) && !knows(knowledge, secret);
        wentOnTo.set(unit, unaware);
      }
      return unaware;
    };
    unaware.push({ ...reader, skippedSecret, unawareAt });
  }
  return unaware;
}

/** A reader of a crossing who sees a text at one of its units without knowing a secret. */
export interface CrossedBeforeSecret {
  crossing: Crossing;
  /** The text's unit they see it at. */
  unit: string;
  /** What they skipped that reveals the secret. */
  skipped: string[];
  /** How many other crossings let their readers see it too. */
  others: number;
}

/**
 * The first crossing (in the order given) whose reader sees the text without knowing the secret, or
 * null when there is none, for a text whose every unit makes the secret known to its readers who
 * crossed nothing (revealedBeforeSecret). Each crossing's reader goes on from it to each of the text's
 * units in turn, the units they skipped staying unread, and is judged with the shield's rule; a unit
 * they skipped shows them nothing. A text shown only on a page the reader must also have reached
 * (`shownWith`: a character's profile, shown once they are met) is seen by a reader who goes on to a
 * unit of each, and knows the secret after neither.
 */
export function crossedBeforeSecret(
  textRevealedBy: Revealers,
  readers: readonly UnawareReader[],
  shownWith: Revealers = null,
): CrossedBeforeSecret | null {
  let first: CrossedBeforeSecret | null = null;
  for (const { crossing, skippedSecret, unawareAt } of readers) {
    const unit = textRevealedBy?.find(unawareAt);
    // Knowledge adds up line by line: a reader who goes on to both knows the secret only if one of them tells it.
    if (unit === undefined || (shownWith !== null && !shownWith.some(unawareAt))) continue;
    if (first) first.others++;
    else first = { crossing, unit, skipped: skippedSecret, others: 0 };
  }
  return first;
}

/**
 * Who sees a text before knowing the secret, after a crossing: "a reader who crossed from the anime after
 * anime:1-12 …". `skippedWhat` says what the skipped units are to the text (by default, that they reveal
 * the secret).
 */
export function crossingReader(
  { crossing, unit, skipped }: CrossedBeforeSecret,
  skippedWhat = skipped.length === 1 ? "which reveals it" : "which reveal it",
) {
  return `a reader who crossed from ${crossingSource(crossing.from)} after ${crossing.from.key} into ${crossing.to.name} skipped ${skipped.join(", ")}, ${skippedWhat}, and sees it at ${unit}`;
}

/** A secret a text names where a crossing's reader sees the text before knowing the secret. */
export interface SecretNamedAfterCrossing extends SecretNamedEarly {
  /** Who: where they crossed from, the medium they went on in, and what they skipped that tells the secret (labels). */
  crossed: { from: string; into: string; skipped: string[] };
}

/**
 * The first secret the text names where the reader of a crossing sees the text without knowing the
 * secret, or null when there is none: secretNamedEarly (app/lib/shield/secrets.ts) with the readers
 * crossings make, for a text it let through. A text every reader sees was judged for every reader there.
 */
export function secretNamedAfterCrossing(
  text: string,
  textRevealedBy: Revealers,
  secrets: readonly StorySecret[],
  readers: readonly CrossedReader[],
): SecretNamedAfterCrossing | null {
  if (textRevealedBy === null || !readers.length) return null;
  for (const secret of secrets) {
    const words = secret.words.filter((word) => word.trim() !== "");
    if (!words.length || secret.revealedBy === null) continue;
    const named = namesSecret(secretPattern(words), text);
    if (named === null) continue;
    const found = crossedBeforeSecret(textRevealedBy, unawareReaders(secret.revealedBy, readers));
    if (!found) continue;
    const { from, to, skipped } = found.crossing;
    const labelOf = (key: string) => skipped.find((unit) => unit.key === key)?.label ?? key;
    return {
      secret: secret.id,
      words: named,
      before: found.unit,
      crossed: { from: from.label, into: to.name, skipped: found.skipped.map(labelOf) },
    };
  }
  return null;
}
