import { gated } from "~/lib/gated";
import { toFtsQuery, toNameFtsQuery, toTitleFtsQuery } from "~/lib/search-query";
import type { SearchKind, SearchResult } from "~/lib/search-result";
import { batch } from "./db.server";

interface ResultRow {
  ref: string;
  kind: SearchKind;
  title: string;
  subtitle: string;
  path: string;
  revealed_by: string | null;
  place: number;
}

/**
 * The most hits a search reads. What a reader may see is decided per hit (searchResultsFor), so a
 * search reads every hit; past this many, counts and pages stop. Hits everyone may see are read
 * first, so what a requester who knows nothing is shown never depends on how many gated hits there are.
 */
const MOST_HITS = 1000;

/**
 * Full-text search over characters, chapters, volumes, side stories, anime episodes, Break Time
 * shorts and translation notes: every hit in order, each gated as the page it links to.
 *
 * The order depends only on each hit's own text, never on the rest of the index (bm25 would weigh a
 * word by how many entries hold it, gated ones included, so the order of what a reader sees would
 * tell how often a word occurs in what they may not see): first a character whose name or alias holds
 * the words (a reader typing a name wants the person, not the chapters named after them), then hits
 * whose title holds them, then title or aliases, then the rest; within each, shorter titles (where the
 * words are more of the title) first. One round trip; an empty or unsearchable query finds nothing.
 */
export async function searchSite(db: D1Database, query: string): Promise<SearchResult[]> {
  const fts = toFtsQuery(query);
  const names = toNameFtsQuery(query);
  const titles = toTitleFtsQuery(query);
  if (!fts || !names || !titles) return [];
  const [rows] = await batch<[ResultRow]>(db, [
    db
      .prepare(
        `WITH hits AS (
           SELECT e.id, e.ref, e.kind, e.title, e.subtitle, e.path, e.revealed_by,
                  CASE WHEN e.kind = 'character' AND e.id IN (SELECT rowid FROM search_index WHERE search_index MATCH ?2) THEN 0
                       WHEN e.id IN (SELECT rowid FROM search_index WHERE search_index MATCH ?3) THEN 1
                       WHEN e.id IN (SELECT rowid FROM search_index WHERE search_index MATCH ?2) THEN 2
                       ELSE 3 END AS tier
             FROM search_index JOIN search_entries e ON e.id = search_index.rowid
            WHERE search_index MATCH ?1
         )
         SELECT ref, kind, title, subtitle, path, revealed_by,
                row_number() OVER (ORDER BY tier, length(title), title, id) AS place
           FROM hits
          ORDER BY revealed_by IS NOT NULL, place
          LIMIT ?4`,
      )
      .bind(fts, names, titles, MOST_HITS),
  ]);
  // Read with public hits first (above); shown in the order of the hits themselves.
  return rows
    .sort((a, b) => a.place - b.place)
    .map((row) => ({
      ref: row.ref,
      kind: row.kind,
      // Gated as the page it links to: a character once the reader has met them.
      ...gated(row.revealed_by, { title: row.title, subtitle: row.subtitle, path: row.path }),
    }));
}
