/** One hit of the site search as the results page and the header's suggestions show it. */
import type { SearchKind } from "./search-query";

export type { SearchKind };

export interface SearchResult {
  /** Which entry of the index this is, e.g. `character:oren-vale`. */
  ref: string;
  kind: SearchKind;
  title: string;
  subtitle: string;
  path: string;
  /** Story position from which the spoiler shield shows the hit; null when it never spoils. */
  revealAt: number | null;
}

/** How many hits each kind has for a query (kinds without any are left out), for the filter chips. */
export type SearchKindCounts = Partial<Record<SearchKind, number>>;
