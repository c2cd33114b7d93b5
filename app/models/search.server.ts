import { type SearchKind, toFtsQuery, toNameFtsQuery } from "~/lib/search-query";
import type { SearchKindCounts, SearchResult } from "~/lib/search-result";
import { batch } from "./db.server";

interface ResultRow {
  ref: string;
  kind: SearchKind;
  title: string;
  subtitle: string;
  path: string;
  reveal_position: number | null;
}

/**
 * Full-text search over characters, chapters, volumes, side stories, anime episodes, Break Time
 * shorts and translation notes, optionally of one kind, with how many hits each kind has. A
 * character whose name or alias matches the words comes first, always (a reader typing a name wants
 * the person, not the chapters named after them); then bm25 with names and aliases weighing most.
 * The ordering is in SQL so every page of results is a slice of one order. One round trip; an empty
 * or unsearchable query finds nothing.
 */
export async function searchSite(
  db: D1Database,
  query: string,
  { limit, offset = 0, kind = null }: { limit: number; offset?: number; kind?: SearchKind | null },
): Promise<{ results: SearchResult[]; total: number; counts: SearchKindCounts }> {
  const fts = toFtsQuery(query);
  const names = toNameFtsQuery(query);
  if (!fts || !names) return { results: [], total: 0, counts: {} };
  const [rows, perKind] = await batch<[ResultRow, { kind: SearchKind; total: number }]>(db, [
    db
      .prepare(
        `SELECT e.ref, e.kind, e.title, e.subtitle, e.path, e.reveal_position
           FROM search_index JOIN search_entries e ON e.id = search_index.rowid
          WHERE search_index MATCH ?1 AND (?4 IS NULL OR e.kind = ?4)
          ORDER BY e.kind = 'character' AND e.id IN (SELECT rowid FROM search_index WHERE search_index MATCH ?5) DESC,
                   bm25(search_index, 10.0, 8.0, 1.0), e.title, e.id
          LIMIT ?2 OFFSET ?3`,
      )
      .bind(fts, limit, offset, kind, names),
    db
      .prepare(
        `SELECT e.kind, COUNT(*) AS total
           FROM search_index JOIN search_entries e ON e.id = search_index.rowid
          WHERE search_index MATCH ?1
          GROUP BY e.kind`,
      )
      .bind(fts),
  ]);
  const counts: SearchKindCounts = {};
  for (const row of perKind) counts[row.kind] = row.total;
  return {
    results: rows.map((row) => ({
      ref: row.ref,
      kind: row.kind,
      title: row.title,
      subtitle: row.subtitle,
      path: row.path,
      // A character's name is no spoiler: the catalogue and every profile show it to everyone, so
      // search does too (one rule); what the shield gates is their facts, relationships and portraits.
      revealAt: row.kind === "character" ? null : row.reveal_position,
    })),
    total: kind ? (counts[kind] ?? 0) : perKind.reduce((sum, row) => sum + row.total, 0),
    counts,
  };
}
