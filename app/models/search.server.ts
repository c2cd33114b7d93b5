import { gated } from "~/lib/gated";
import { toFtsQuery, toNameFtsQuery } from "~/lib/search-query";
import type { SearchKind, SearchResult } from "~/lib/search-result";
import { batch } from "./db.server";

interface ResultRow {
  ref: string;
  kind: SearchKind;
  title: string;
  subtitle: string;
  path: string;
  revealed_by: string | null;
}

/**
 * The most hits a search reads. What a reader may see is decided per hit (searchResultsFor), so a
 * search reads every hit in its order; past this many, counts and pages stop at the first ones.
 */
const MOST_HITS = 1000;

/**
 * Full-text search over characters, chapters, volumes, side stories, anime episodes, Break Time
 * shorts and translation notes: every hit in order, each gated as the page it links to. A character
 * whose name or alias matches the words comes first, always (a reader typing a name wants the person,
 * not the chapters named after them); then bm25 with names and aliases weighing most. The ordering is
 * in SQL so every page of results is a slice of one order. One round trip; an empty or unsearchable
 * query finds nothing.
 */
export async function searchSite(db: D1Database, query: string): Promise<SearchResult[]> {
  const fts = toFtsQuery(query);
  const names = toNameFtsQuery(query);
  if (!fts || !names) return [];
  const [rows] = await batch<[ResultRow]>(db, [
    db
      .prepare(
        `SELECT e.ref, e.kind, e.title, e.subtitle, e.path, e.revealed_by
           FROM search_index JOIN search_entries e ON e.id = search_index.rowid
          WHERE search_index MATCH ?1
          ORDER BY e.kind = 'character' AND e.id IN (SELECT rowid FROM search_index WHERE search_index MATCH ?2) DESC,
                   bm25(search_index, 10.0, 8.0, 1.0), e.title, e.id
          LIMIT ?3`,
      )
      .bind(fts, names, MOST_HITS),
  ]);
  return rows.map((row) => ({
    ref: row.ref,
    kind: row.kind,
    // Gated as the page it links to: a character once the reader has met them.
    ...gated(row.revealed_by, { title: row.title, subtitle: row.subtitle, path: row.path }),
  }));
}
