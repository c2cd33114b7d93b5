import { toFtsQuery } from "~/lib/search-query";
import type { SearchKind, SearchResult } from "~/lib/search-result";
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
 * Full-text search over characters (names and aliases weigh most), chapters, volumes and side
 * stories. One round trip; an empty or unsearchable query finds nothing.
 */
export async function searchSite(
  db: D1Database,
  query: string,
  { limit, offset = 0 }: { limit: number; offset?: number },
): Promise<{ results: SearchResult[]; total: number }> {
  const fts = toFtsQuery(query);
  if (!fts) return { results: [], total: 0 };
  const [rows, totals] = await batch<[ResultRow, { total: number }]>(db, [
    db
      .prepare(
        `SELECT e.ref, e.kind, e.title, e.subtitle, e.path, e.reveal_position
           FROM search_index JOIN search_entries e ON e.id = search_index.rowid
          WHERE search_index MATCH ?1
          ORDER BY bm25(search_index, 10.0, 8.0, 1.0), e.title
          LIMIT ?2 OFFSET ?3`,
      )
      .bind(fts, limit, offset),
    db.prepare(`SELECT COUNT(*) AS total FROM search_index WHERE search_index MATCH ?1`).bind(fts),
  ]);
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
    total: totals[0]?.total ?? 0,
  };
}
