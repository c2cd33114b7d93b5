/** Hits of the site search as the results page and the header's suggestions show them. */
import { type Gated, knownTo } from "../shield/gated";
import type { Knowledge } from "../shield/knowledge";
import type { SearchKind } from "./query";

export type { SearchKind };

/**
 * One hit: which entry of the index it is (`character:oren-vale`) and its kind, with what it shows
 * (title, line under it, link) gated where the entry spoils. A hit the requester does not know is
 * never in a response at all (searchResultsFor), so its key and kind are public only to those who know it.
 */
export type SearchResult = { ref: string; kind: SearchKind } & Gated<{ title: string; subtitle: string; path: string }>;

/** How many hits each kind has for a query (kinds without any are left out), for the filter chips. */
export type SearchKindCounts = Partial<Record<SearchKind, number>>;

/** What a search shows a requester: a page of the hits they know, how many, and how many of each kind. */
export type SearchShown = { results: SearchResult[]; total: number; counts: SearchKindCounts };

/**
 * What a search shows a requester: the hits they know (in the order of the hits, a page a slice of
 * it) and their number per kind. A hit they do not know leaves no trace, not a count, a kind, a rank or
 * a page: the answer for a word only gated text holds is the answer for a word nothing holds.
 */
export function searchResultsFor(
  matches: readonly SearchResult[],
  knowledge: Knowledge,
  { kind, limit, offset }: { kind: SearchKind | null; limit: number; offset: number },
): SearchShown {
  const known = oncePerPage(knownTo(matches, knowledge));
  const counts: SearchKindCounts = {};
  for (const match of known) counts[match.kind] = (counts[match.kind] ?? 0) + 1;
  const ofKind = kind ? known.filter((match) => match.kind === kind) : known;
  return { results: ofKind.slice(offset, offset + limit), total: ofKind.length, counts };
}

/**
 * The hits with each page found once: a character whose true name the requester knows is found by it
 * and by the name everyone knows them by (two entries, one profile), and is listed at the better of the two.
 */
function oncePerPage(hits: readonly SearchResult[]): SearchResult[] {
  const found = new Set<string>();
  return hits.filter((hit) => {
    if (hit.kind !== "character" || !hit.content) return true;
    if (found.has(hit.content.path)) return false;
    found.add(hit.content.path);
    return true;
  });
}
