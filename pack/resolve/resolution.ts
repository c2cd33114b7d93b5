import { PLACE_REF } from "../../app/lib/search/result";
import { unitPath } from "../../app/lib/content/units";
import type { SearchEntryRow } from "../rows";
import type { RevealIn } from "../schema/fields";
import type { ContentPack, PackFileName } from "../schema/files";
import { revealedByIn, revealInMedia, revealMap, titleReachMap, toldByMap } from "../reveals";
import { declareUnits, placeUnits, type Reference, referenceChecker, type Report, type Timeline } from "../timeline";

/*
 * The first phases of resolving a pack, and what every row builder then works from: every unit
 * declared and placed on the story timeline, what reveals each, and the checks of references and
 * reveal points that report into one list of problems.
 */

/** What a row builder works from: the pack, its timeline, and where to look up and report references. */
export interface Resolution {
  pack: ContentPack;
  packName: string;
  timeline: Timeline;
  /** The units that reveal what the story reveals at a unit (./reveals). */
  revealersOf: (unitKey: string) => string;
  /**
   * The units that reach a unit's place, which show its title where the pack does not flag it: its
   * revealers and the manga chapters that cover the chapter it reaches (./reveals: `titleReachMap`).
   */
  titleReachOf: (unitKey: string) => string;
  /** The units whose readers have been through all a unit tells, who may read its thread (./reveals). */
  toldBy: (unitKey: string) => string;
  reference: Reference;
  report: Report;
  /** Checks a gated item's `revealAt` and `revealIn` and gives its position and what reveals it. */
  gate: Gate;
  checkRevealIn: ReturnType<typeof revealInChecker>;
}

/** `implied`: the item has a reveal point of its own (a mistake's passage), so revealIn needs no revealAt. */
export type Gate = (
  item: { revealAt?: string; revealIn?: RevealIn } | undefined,
  file: PackFileName,
  path: string,
  implied?: boolean,
) => { position: number | null; revealedBy: string | null };

/**
 * Checks a `revealIn` (at `path`): each medium's unit must exist and be of that medium, and there must be
 * a reveal point for it to change.
 */
function revealInChecker(reference: Reference, report: Report) {
  return (
    revealIn: RevealIn | undefined,
    hasRevealPoint: boolean,
    file: PackFileName,
    path: string,
    /** What gives it its reveal point, as the pack writes it beside the revealIn. */
    point = "a reveal point (revealAt)",
  ) => {
    if (!revealIn) return;
    const field = path.slice(path.lastIndexOf(".") + 1);
    if (!hasRevealPoint) report(file, path, `needs ${point}: ${field} only says where a medium reveals it differently`);
    for (const [name, unit] of Object.entries(revealIn) as [keyof RevealIn, string | null | undefined][])
      if (unit) reference(unit, file, `${path}.${name}`, revealInMedia[name]);
  };
}

/**
 * Declares every unit of the pack and places it on the story timeline, then gives the checks the row
 * builders share, each reporting through `report`. The series' secrets are checked here: they make
 * no rows.
 */
export function startResolution(pack: ContentPack, packName: string, report: Report): Resolution {
  const units = declareUnits(pack, report);
  const timeline: Timeline = { units, positions: placeUnits(units, report) };
  const revealersOf = revealMap(pack, timeline);
  const toldBy = toldByMap(pack, timeline, revealersOf);
  const titleReachOf = titleReachMap(pack, timeline, revealersOf);
  const reference = referenceChecker(timeline, report);
  const checkRevealIn = revealInChecker(reference, report);
  const gate: Gate = (item, file, path, implied = false) => {
    checkRevealIn(item?.revealIn, implied || item?.revealAt !== undefined, file, `${path}.revealIn`);
    return {
      position: reference(item?.revealAt, file, `${path}.revealAt`),
      revealedBy: revealedByIn(revealersOf, item?.revealIn, item?.revealAt),
    };
  };
  pack.series.secrets.forEach((secret, index) => gate(secret, "series.json", `secrets[${index}]`));
  return { pack, packName, timeline, revealersOf, titleReachOf, toldBy, reference, report, gate, checkRevealIn };
}

export const positionOf = ({ positions }: Timeline, key: string) => positions.get(key) ?? 0;
export const labelOf = ({ units }: Timeline, key: string) => units.get(key)?.label ?? key;

/**
 * The search entry of a unit without a title (an episode, a volume, a short, a special or a manga chapter
 * announced by its number): named by its label, as the tracker, the releases and the units API name it,
 * found by that and by its other public names (`aliases`: "Volume 14", an ISBN), and by everyone, since its
 * place hides nothing (decision 78). Nothing only its readers may search goes with it (its chapters'
 * titles, its season's or series' name): the entry, its place with it, would be gated as they are.
 */
export const untitledEntry = (
  timeline: Timeline,
  key: string,
  entry: UnitEntry,
  /** Its name where the result's kind says the label's start already ("Side story"): the rest of it. */
  name = labelOf(timeline, key),
): SearchEntryRow => ({
  ...placeFields(timeline, key, entry),
  title: name,
  original_title: null,
  body: "",
  revealed_by: null,
});

/** What a unit's search entries have in common, whatever its title. */
type PlaceFields = Pick<SearchEntryRow, "ref" | "kind" | "subtitle" | "path" | "aliases" | "reveal_position">;

/** A unit's kind of entry, and where its entries differ from most kinds' (`placeFields`). */
export type UnitEntry = Pick<PlaceFields, "kind"> & Partial<PlaceFields>;

/**
 * A unit's entry fields as most kinds have them unless `entry` says otherwise: keyed by its kind and key,
 * subtitled by its label, linked to its page, no other names, found by those past its place.
 */
const placeFields = (timeline: Timeline, key: string, entry: UnitEntry): PlaceFields => ({
  ref: `${entry.kind}:${key}`,
  subtitle: labelOf(timeline, key),
  path: unitPath(key),
  aliases: "",
  reveal_position: positionOf(timeline, key),
  ...entry,
});

/**
 * A unit's search entries: without a title, its untitled entry alone; with one, its titled entry (found by
 * its title, its text and its place, gated as its title is) and beside it its place's (`untitledEntry`,
 * keyed `PLACE_REF` + its key), so everyone finds the unit by its label and its public names, as its page
 * names it by them with its title hidden (decisions 79 and 80: every kind of unit, a web novel chapter, a side
 * story and a recut episode too). The titled entry's names start with the place's
 * (`aliases`), so whatever finds the place's entry finds it, and a reader who knows it is shown it in the
 * place's stead (`searchResultsFor`). A titled entry everyone may see needs no other.
 */
export function unitEntries(
  timeline: Timeline,
  key: string,
  entry: UnitEntry,
  /** Its title and what goes with it; `aliases` where it has names only its title's readers may search too. */
  titled: (Pick<SearchEntryRow, "title" | "original_title" | "body" | "revealed_by"> & { aliases?: string }) | null,
  /** Its place's name, where not its label (`untitledEntry`). */
  name?: string,
): SearchEntryRow[] {
  const untitled = untitledEntry(timeline, key, entry, name);
  if (titled === null) return [untitled];
  const entries = [{ ...placeFields(timeline, key, entry), ...titled }];
  return titled.revealed_by === null ? entries : [...entries, { ...untitled, ref: `${PLACE_REF}${untitled.ref}` }];
}

/**
 * A title's or a name's original beside it, as stored: none where it only repeats it (a Japanese title
 * the pack gives as both), so no page shows the same words twice.
 */
export const originalBeside = (shown: string, original: string | null | undefined) =>
  original && original.normalize("NFKC").trim() !== shown.normalize("NFKC").trim() ? original : null;

/** Where the site serves an image of the pack (images/covers/a.svg → /media/<pack>/covers/a.svg). */
export const mediaPath = (packName: string, image: string) => `/media/${packName}/${image.replace(/^images\//, "")}`;
