import { parseUnitKey, unitPlace } from "../content/units";
import { type Knowledge, knowledgeOfUnits, knows, type Revealers } from "../shield/knowledge";
import { comesBefore, type ReaderPlace, readOrWatched, type UnitLabel } from "./thread";

/*
 * A comment's horizon as its writer sets it: what they may choose (the forms offer it) and what is
 * wrong with what they sent (the action checks it against their saved progress).
 */

/** What a writer is told of a horizon that names no part of the story (a form made by hand). */
export const HORIZON_FROM_THE_LIST = "Choose what your comment touches from the list.";

/** Who may read what touches each unit (its stored `told_by`), where known; undefined for a unit not known. */
export type RevealersOf = (unit: string) => Revealers | undefined;

/**
 * What is wrong with a horizon for a comment in `unit`'s thread (or a reply under a comment whose
 * horizon is `parentHorizon`), written by a reader who knows `writer`; null when it is allowed. A
 * writer may raise a horizon to anything they have seen themselves, never below the thread's unit or
 * the comment they answer. `revealersOf` says who may read a unit's discussion (its stored `told_by`,
 * decision 58): the one rule that shows a thread and its comments to readers lets them write there too,
 * so a viewer of the recut writes under the season's episodes it holds.
 */
export function horizonProblem(
  post: { unit: string; horizon: string; parentHorizon: string | null },
  writer: Knowledge,
  revealersOf: RevealersOf,
): string | null {
  if (unitPlace(post.horizon) === undefined) return HORIZON_FROM_THE_LIST;
  if (!knows(writer, revealersOf(post.unit) ?? [post.unit]))
    return `Your saved progress does not include this yet. Mark it ${readOrWatched(post.unit)} to join its discussion.`;
  return chosenHorizonProblem(post, writer, revealersOf);
}

/**
 * What is wrong with a horizon chosen in a thread the writer may write in: the part of `horizonProblem`
 * the forms' choices are made by (`horizonChoices`), so they offer nothing it refuses.
 */
function chosenHorizonProblem(
  { unit, horizon, parentHorizon }: { unit: string; horizon: string; parentHorizon: string | null },
  writer: Knowledge,
  revealersOf: RevealersOf,
): string | null {
  if (comesBefore(horizon, unit)) return "A comment here touches at least this thread's own part of the story.";
  if (parentHorizon !== null && comesBefore(horizon, parentHorizon))
    return "A reply touches at least what the comment it answers touches.";
  if (!knows(writer, revealersOf(horizon) ?? [horizon]))
    return "Your saved progress does not reach that far. You can only mark what you have read or watched yourself.";
  return null;
}

/**
 * Whether an edit moving a comment's horizon from `current` to `next` shows it to nobody who could not
 * see it before. A reader sees a comment when they know its thread's unit, its horizon and, for a reply,
 * the horizon of the comment it answers; so a horizon still at one of those gates may go to any other
 * unit, and one raised past them only further along its own line (moved to another line, the comment
 * would show to readers of that line who have not reached what it touched).
 */
export function raisesHorizon({
  unit,
  parentHorizon,
  current,
  next,
}: {
  unit: string;
  parentHorizon: string | null;
  current: string;
  next: string;
}) {
  return next === current || current === unit || current === parentHorizon || comesBefore(current, next);
}

/**
 * What is wrong with the horizon an edit sends for a comment whose horizon is `current`, or null. As it
 * is, it stays whatever the writer's progress now; moved, it must be one the writer could post with
 * (`horizonProblem`, against their saved progress) and raise it (`raiseProblem`).
 */
export function editedHorizonProblem(
  edit: { unit: string; horizon: string; parentHorizon: string | null; current: string },
  writer: Knowledge,
  revealersOf: RevealersOf,
): string | null {
  if (edit.horizon === edit.current) return null;
  return horizonProblem(edit, writer, revealersOf) ?? raiseProblem(edit, revealersOf);
}

/**
 * What is wrong with moving a comment's horizon from `current` to `horizon` as an edit, whoever edits it:
 * the part of `editedHorizonProblem` the edit form's choices are made by (`editHorizonChoices`).
 */
function raiseProblem(
  edit: { unit: string; horizon: string; parentHorizon: string | null; current: string },
  revealersOf: RevealersOf,
): string | null {
  if (!raisesHorizon({ ...edit, next: edit.horizon }))
    return "An edit may raise what your comment touches, never lower it: choose what it touches now or further on.";
  // Still at one of its gates, whoever reads it knows that gate whatever it is raised to.
  const atGate = edit.current === edit.unit || edit.current === edit.parentHorizon;
  if (!atGate && !revealsNoOneNew(edit.current, edit.horizon, revealersOf))
    return "Some readers who have got that far have not seen what your comment touches now (another medium leaves it out): keep it as it is.";
  return null;
}

/**
 * Whether whoever may read what touches `next` may read what touches `current`: each unit that reveals
 * `next`, consumed alone, reveals `current` too. Further along a line is not always so: an episode after
 * a chapter the anime left out reveals the chapters after it, never that one. Not where who reads `next`
 * is not known (a form whose thread's data has not named the writer's places yet): the action always
 * knows, and a form offers only what it takes.
 */
function revealsNoOneNew(current: string, next: string, revealersOf: RevealersOf) {
  const after = revealersOf(next);
  if (after === undefined) return false;
  const before = revealersOf(current) ?? [current];
  return (after ?? [next]).every((unit) => knows(knowledgeOfUnits([unit]), before));
}

/** Whether whoever passes gate `a` passes gate `b`: each unit that reveals `a`, consumed alone, reveals `b`. */
export function passesBoth(a: Revealers, b: Revealers) {
  if (b === null) return true;
  if (a === null) return false;
  return a.every((unit) => knows(knowledgeOfUnits([unit]), b));
}

/** Who may read what touches each of these places, as far as they say. */
function revealersAmong(places: readonly ReaderPlace[]): RevealersOf {
  const known = new Map(places.flatMap((place) => (place.readBy === undefined ? [] : [[place.key, place.readBy]])));
  return (unit) => known.get(unit);
}

/** A horizon a writer may raise their comment to: their own furthest place on a line. */
export interface HorizonChoice {
  key: string;
  label: string;
}

/** Each line as a horizon's choice names it, before the writer's place on it. */
const lineNames: Record<string, string> = {
  web_novel: "The web novel",
  light_novels: "The light novels",
  anime: "The anime",
  manga: "The manga",
};

/**
 * What a writer has seen of a line, short enough for a phone's select: "The web novel to Arc 4 ·
 * Chapter 26", named as the series numbers it (`named`, from the thread's data). Until that name
 * arrives, the place is given without a number a reader could take for the chapter's own: a web novel
 * chapter's place in its arc may differ from its number (interludes, "123-A"), as a light novel volume's
 * and a season's episode's may ("7.5", "13.5"); nor with a light novel collection's code, which is the pack's word, not the series'.
 */
function seenOfLine(parts: NonNullable<ReturnType<typeof parseUnitKey>>, named: string | undefined) {
  // A recut is a line of its own: the place on it says nothing of the season's own episodes.
  const line = parts.medium === "anime" && parts.recut !== undefined ? "The recut" : lineNames[parts.medium];
  // Every line is named above; a place on one added later is named by its label, never as all the writer has seen.
  if (!line) return named ?? "My furthest place";
  if (named) return `${line} to ${named}`;
  switch (parts.medium) {
    case "web_novel":
      return `${line}, into arc ${parts.arc}`;
    case "light_novels":
      return `${line}: the collection I am reading, as far as I am`;
    case "anime":
      return parts.recut === undefined
        ? `${line}, into season ${parts.season}`
        : `${line} of season ${parts.season} to episode ${parts.episode}`;
    case "manga":
      return `${line}: the series I am reading, as far as I am`;
    default:
      return line;
  }
}

/**
 * What a writer may set their comment's horizon to: the thread's unit (or the comment answered), and
 * their own furthest place on each line that the action takes (`chosenHorizonProblem`, with who reads
 * each place as `readerPlaces` says), named as `readerPlaces` names it. Side stories and shorts are
 * ticked one by one; a comment about one belongs in its own thread.
 */
export function horizonChoices(
  unit: UnitLabel,
  writer: Knowledge,
  parentHorizon: UnitLabel | null,
  readerPlaces: readonly ReaderPlace[] = [],
): HorizonChoice[] {
  const base = parentHorizon ?? unit;
  const revealersOf = revealersAmong(readerPlaces);
  const choices: HorizonChoice[] = [{ key: base.key, label: `Only ${base.label}` }];
  for (const place of writer.reached.values()) {
    const chosen = { unit: unit.key, horizon: place.key, parentHorizon: parentHorizon?.key ?? null };
    if (place.key === base.key || chosenHorizonProblem(chosen, writer, revealersOf)) continue;
    const parts = parseUnitKey(place.key);
    const named = readerPlaces.find((known) => known.key === place.key)?.label;
    choices.push({ key: place.key, label: parts ? seenOfLine(parts, named) : (named ?? "My furthest place") });
  }
  return choices;
}

/**
 * What the writer of a comment whose horizon is `current` (with who reads it, `readBy`) may move it to
 * as they edit it: as it is first, then the choices a post has (`horizonChoices`) that the action lets
 * an edit raise it to (`raiseProblem`). A place whose readers the page does not know yet is not offered
 * where that rule needs them.
 */
export function editHorizonChoices(
  unit: UnitLabel,
  writer: Knowledge,
  parentHorizon: UnitLabel | null,
  current: ReaderPlace,
  readerPlaces: readonly ReaderPlace[] = [],
): HorizonChoice[] {
  const base = parentHorizon ?? unit;
  const asItIs = {
    key: current.key,
    label: current.key === base.key ? `Only ${current.label}` : `${current.label} (as now)`,
  };
  const revealersOf = revealersAmong([...readerPlaces, current]);
  const edit = { unit: unit.key, parentHorizon: parentHorizon?.key ?? null, current: current.key };
  const raised = horizonChoices(unit, writer, parentHorizon, readerPlaces).filter(
    (choice) => choice.key !== current.key && raiseProblem({ ...edit, horizon: choice.key }, revealersOf) === null,
  );
  return [asItIs, ...raised];
}
