import { type Expression, expressionBuilder, type InferResult, type SqlBool, sql } from "kysely";
import type { MistakeFacets } from "~/lib/mistakes/entries";
import type { MistakeFilters } from "~/lib/mistakes/rules";
import type { Database } from "./database";
import { query } from "./query.server";

/* The filters of the mistakes pages (category, severity, status) and how many entries each value has. */

/** A filter's column, the same in both kinds of entry (`m`). */
const facet = expressionBuilder<{ m: Pick<Database["ln_mistakes"], "category" | "severity" | "status"> }, "m">();

/** The filters a reader chose, as conditions on `m`, each entry of either kind. */
export function chosenFilters(filters: MistakeFilters) {
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

/** How many entries each filter value has: for one volume's light novel entries, or all anime entries. */
export function facetCounts(table: "ln_mistakes" | "anime_mistakes", volumeKey: string | null = null) {
  const facet = (name: "category" | "severity" | "status") =>
    query
      .selectFrom(table)
      .select((row) => [
        sql<"category" | "severity" | "status">`${sql.lit(name)}`.as("facet"),
        row.ref(name).$castTo<string>().as("value"),
        row.fn.countAll<number>().as("count"),
      ])
      .$if(volumeKey !== null, (one) => one.where(sql.ref("volume_key"), "=", volumeKey))
      .groupBy(name);
  return facet("category").unionAll(facet("severity")).unionAll(facet("status"));
}

export function toFacets(rows: InferResult<ReturnType<typeof facetCounts>>): MistakeFacets {
  const facets: MistakeFacets = { category: {}, severity: {}, status: {} };
  for (const row of rows) facets[row.facet][row.value] = row.count;
  return facets;
}
