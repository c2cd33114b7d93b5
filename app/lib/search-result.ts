/** Hits of the site search as the results page and the header's suggestions show them. */
import type { Gated } from "./gated";
import { type Knowledge, knows } from "./knowledge";
import type { SearchKind } from "./search-query";

export type { SearchKind };

/**
 * One hit: which entry of the index it is (`character:oren-vale`) and its kind, with what it shows
 * (title, line under it, link) gated where the entry spoils. A hit the requester does not know is
 * never in a response at all (searchResultsFor), so its key and kind are public only to those who know it.
 */
export type SearchResult = { ref: string; kind: SearchKind } & Gated<{ title: string; subtitle: string; path: string }>;

/** How many hits each kind has for a query (kinds without any are left out), for the filter chips. */
export type SearchKindCounts = Partial<Record<SearchKind, number>>;

/**
 * What a search shows a requester: the hits they know (a hit in one order, a page a slice of it),
 * counted per kind, and how many more there are beyond their reading progress. A hit they do not know
 * gives nothing away, not its kind, link or where it ranks: a word that only gated text holds finds a
 * count and nothing else. `matched` (every hit) bounds the pages any reader may ask for.
 */
export function searchResultsFor(
  matches: readonly SearchResult[],
  knowledge: Knowledge,
  { kind, limit, offset }: { kind: SearchKind | null; limit: number; offset: number },
) {
  const known = matches.filter((match) => knows(knowledge, match.revealedBy));
  const counts: SearchKindCounts = {};
  for (const match of known) counts[match.kind] = (counts[match.kind] ?? 0) + 1;
  const ofKind = kind ? known.filter((match) => match.kind === kind) : known;
  return {
    results: ofKind.slice(offset, offset + limit),
    total: ofKind.length,
    counts,
    beyond: matches.length - known.length,
    matched: matches.length,
  };
}
