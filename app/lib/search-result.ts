/** One hit of the site search as the results page and the header's suggestions show it. */
import type { searchKindLabels } from "./search-query";

export type SearchKind = keyof typeof searchKindLabels;

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
