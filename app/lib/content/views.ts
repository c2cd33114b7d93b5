import type { Knowledge } from "../shield/knowledge";

/** One view of a page of views (a season of /anime, an arc of /web_novel): its number and how many of its line's units it holds. */
export interface View {
  number: number;
  unitCount: number;
}

/** The address's parameter that names a page's view: `?arc=` on /web_novel, `?season=` on /anime and /break_time. */
export type ViewParameter = "arc" | "season";

/**
 * Whether a page's address (its `search`) names the view it shows. Then the page opens on that view for
 * every reader and its title may name it; without one, each reader opens on their own (viewToOpen), so
 * the title names none.
 */
export function addressNamesView(search: string, param: ViewParameter): boolean {
  return new URLSearchParams(search).has(param);
}

/** A reader's place on a page's line: the view their last unit reached is in, and that unit's number within it. */
export interface Place {
  view: number;
  unit: number;
}

/**
 * The view a page of views opens on for a reader when its address names none: the one holding the unit
 * after their place on its line (`placeOf` reads a reached unit's key, null when the key is on another
 * line), so their own view until its last unit, then the next view with anything out; their own when
 * nothing later is listed (they have seen all there is), and the last one listed when their place is past
 * it. Null for a reader with no place on the line (or the shield's "everything"): the page opens on its
 * first view, as for everyone.
 */
export function viewToOpen(
  views: readonly View[],
  knowledge: Knowledge,
  placeOf: (unitKey: string) => Place | null,
): number | null {
  if (knowledge.everything) return null;
  let place: Place | null = null;
  for (const reached of knowledge.reached.values()) if ((place = placeOf(reached.key))) break;
  if (!place) return null;
  const { view, unit } = place;
  const current = views.find((each) => each.number === view);
  if (current && unit < current.unitCount) return current.number;
  const later = views.find((each) => each.number > view && each.unitCount > 0);
  const next = later ?? current;
  if (next) return next.number;
  // A place past every view listed (progress kept from a longer listing): the last view with anything out.
  return views.findLast((each) => each.number < view && each.unitCount > 0)?.number ?? null;
}
