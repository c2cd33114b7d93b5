import { type Gated, gated } from "~/lib/shield/gated";
import { readRevealers, titleRevealers } from "~/lib/shield/knowledge";
import type { UnitLabel } from "~/lib/content/anime";

/** Columns stored as JSON text. */
export function parseJsonList(value: string | null): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Units with their labels as a statement builds them (`json_group_array(json_object('key', …, 'label',
 * …))`): none where the text is not that.
 */
export function parseUnitLabels(value: string | null): UnitLabel[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is UnitLabel =>
        typeof item === "object" && item !== null && typeof item.key === "string" && typeof item.label === "string",
    );
  } catch {
    return [];
  }
}

/** Gated content from a row, its revealers as stored (read here, once, as the row leaves the database). */
export function gatedBy<T>(stored: string | null, content: T): Gated<T> {
  return gated(readRevealers(stored), content);
}

/**
 * A unit's title from a row, gated as `titleRevealers` says: by its flag as stored where the pack flags
 * it, else by the units that reach the unit (`story_units.revealed_by`) or the reader's choice to see
 * titles of what they have not reached.
 */
export function gatedTitle<T>(flagged: string | null, reachedBy: string, content: T): Gated<T> {
  return gated(titleRevealers(readRevealers(flagged), readRevealers(reachedBy)), content);
}
