import { sql } from "kysely";
import { type Gated, gated } from "~/lib/shield/gated";
import { readRevealers, titleRevealers } from "~/lib/shield/knowledge";
import type { UnitLabel } from "~/lib/content/anime";
import type { EnglishEdition } from "~/lib/content/light-novels";

/** A volume's English edition (a light novel's or a manga's) from its row's two columns. */
export function englishEditionOf(row: { released_en: string | null; no_english_edition: 0 | 1 }): EnglishEdition {
  return { releasedEn: row.released_en, noEnglishEdition: row.no_english_edition === 1 };
}

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

/**
 * The note of an adaptation's change (an episode's, a volume's), gated by what reveals the unit it is
 * on (`unitRevealedBy`), unless it tells of chapters the unit's readers did not read there (`leftOut`: a
 * scene cut, chapters skipped): then by what reveals those chapters, the last of them (`chaptersRevealedBy`),
 * so a reader who has only read or watched the unit is not told what it left out.
 */
export function noteOfChange(
  note: string,
  {
    unitRevealedBy,
    leftOut,
    chaptersRevealedBy,
  }: {
    unitRevealedBy: string | null;
    leftOut: boolean;
    chaptersRevealedBy: string | null;
  },
): Gated<string> {
  return gatedBy(leftOut && chaptersRevealedBy !== null ? chaptersRevealedBy : unitRevealedBy, note);
}

/**
 * An arc's title where a response is the same for every reader (the tracker's groups, readership's
 * buckets): null where the pack gates it (`arcs.title_revealed_by`), so the arc is named "Arc 8" alone.
 */
export const publicArcTitle = (arc: string) =>
  sql<string | null>`CASE WHEN ${sql.ref(`${arc}.title_revealed_by`)} IS NULL THEN ${sql.ref(`${arc}.title`)} END`;
