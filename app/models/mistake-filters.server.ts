import { type Expression, expressionBuilder, type InferResult, type SqlBool, sql } from "kysely";
import type { MistakeFacets } from "~/lib/mistakes/entries";
import type { MistakeFilters } from "~/lib/mistakes/rules";
import type { MistakeSeverity } from "~/lib/vocabulary";
import { type Knowledge, knows, opensAnyGate, readRevealers } from "~/lib/shield/knowledge";
import type { Database } from "./database";
import { query } from "./query.server";

/* The filters of the mistakes pages (category, severity, status) and how many entries each value has. */

/** A filter's column, the same in both kinds of entry (`m`). */
const facet = expressionBuilder<{ m: Pick<Database["ln_mistakes"], "category" | "severity" | "status"> }, "m">();

/** The filters a reader chose, as conditions on `m`, each entry of either kind. */
function chosenFilters(filters: MistakeFilters) {
  const chosen: Expression<SqlBool>[] = [];
  if (filters.category) chosen.push(facet("m.category", "=", filters.category));
  if (filters.severity) chosen.push(facet("m.severity", "=", filters.severity));
  if (filters.status) chosen.push(facet("m.status", "=", filters.status));
  return chosen;
}

/** Narrows entries (`m`) to the filters a reader chose. */
export function filteredBy(filters: MistakeFilters) {
  return <Q extends { where(condition: Expression<SqlBool>): Q }>(entries: Q): Q =>
    chosenFilters(filters).reduce((narrowed, condition) => narrowed.where(condition), entries);
}

/**
 * What each entry has of the filters, and what reveals it: for one volume's light novel entries, or
 * all anime entries. Counted by `facetsKnownTo`.
 */
export function facetRows(table: "ln_mistakes" | "anime_mistakes", volumeKey: string | null = null) {
  return query
    .selectFrom(table)
    .select(["category", "severity", "status", "revealed_by"])
    .$if(volumeKey !== null, (one) => one.where(sql.ref("volume_key"), "=", volumeKey));
}

/**
 * How many entries each filter value has among those the requester knows: an entry behind the shield
 * is in no count, so a filter says how many entries it shows (a first load counts only entries that
 * spoil nothing; the reader's own answer counts theirs).
 */
export function facetsKnownTo(rows: InferResult<ReturnType<typeof facetRows>>, knowledge: Knowledge): MistakeFacets {
  const facets: MistakeFacets = { category: {}, severity: {}, status: {} };
  for (const row of rows) {
    if (!knows(knowledge, readRevealers(row.revealed_by))) continue;
    for (const name of ["category", "severity", "status"] as const)
      facets[name][row[name]] = (facets[name][row[name]] ?? 0) + 1;
  }
  return facets;
}

/**
 * How far the one rule lets a requester into the entries, which always have revealers (`revealed_by` is
 * never null): "none" for one who states nothing that reveals an entry (no place, no tick, titles hidden:
 * every first load and cached answer), so no entry is known; "all" with the shield off; else "some", each
 * revealers value judged by `knows`. Lets a page read no more rows than it shows: no revealers where
 * none or all are known.
 */
export function reachOf(knowledge: Knowledge): "none" | "some" | "all" {
  if (knowledge.everything) return "all";
  return opensAnyGate(knowledge) ? "some" : "none";
}

/** Entries counted by severity and by what reveals them, a row each (`bySeverityKnownTo` judges them). */
export interface SeverityRevealersCount {
  severity: MistakeSeverity;
  revealed_by: string;
  count: number;
}

/**
 * How many of the entries the requester knows are of each severity, from rows counted by severity and
 * by what reveals them: a severity breakdown of entries beyond the reader's place would tell them what
 * lies ahead, so an entry behind the shield is in no count (a first load counts only entries that spoil
 * nothing). How many entries there are in all is not gated: a list's hidden runs say it.
 */
export function bySeverityKnownTo(
  rows: readonly SeverityRevealersCount[],
  knowledge: Knowledge,
): Record<MistakeSeverity, number> {
  const counts: Record<MistakeSeverity, number> = { minor: 0, meaning_changing: 0, plot_relevant: 0 };
  for (const row of rows) if (knows(knowledge, readRevealers(row.revealed_by))) counts[row.severity] += row.count;
  return counts;
}

/** How many of the entries counted by what reveals them (a row per value) the requester knows. */
export function knownCount(rows: readonly { revealed_by: string; count: number }[], knowledge: Knowledge) {
  return rows.reduce((sum, row) => sum + (knows(knowledge, readRevealers(row.revealed_by)) ? row.count : 0), 0);
}

/** How many of the entries (a row each, `facetRows`) the requester knows that match every filter chosen. */
export function knownMatches(
  rows: InferResult<ReturnType<typeof facetRows>>,
  filters: MistakeFilters,
  knowledge: Knowledge,
) {
  return rows.filter(
    (row) =>
      (filters.category === null || row.category === filters.category) &&
      (filters.severity === null || row.severity === filters.severity) &&
      (filters.status === null || row.status === filters.status) &&
      knows(knowledge, readRevealers(row.revealed_by)),
  ).length;
}

/**
 * How many of the entries (a row each, `facetRows`) the requester does not know: under a filter a page
 * lists only the entries it knows (an entry behind the shield cannot be told to match a severity or a
 * category without telling what it is), and says how many others its place has, whatever the filters, as
 * its runs of hidden entries do without one.
 */
export function unknownCount(rows: readonly { revealed_by: string }[], knowledge: Knowledge) {
  return rows.filter((row) => !knows(knowledge, readRevealers(row.revealed_by))).length;
}
