import { type SqlBool, sql } from "kysely";
import { gated } from "~/lib/gated";
import { toFtsQuery, toNameFtsQuery, toTitleFtsQuery } from "~/lib/search-query";
import type { SearchResult } from "~/lib/search-result";
import { batch, query, slot } from "./query.server";

/**
 * The most hits a search reads. What a reader may see is decided per hit (searchResultsFor), so a
 * search reads every hit; past this many, counts and pages stop. Hits everyone may see are read
 * first, so what a requester who knows nothing is shown never depends on how many gated hits there are.
 */
const MOST_HITS = 1000;

/** The search index's entries that match a full-text query (`search_index`'s own syntax). */
const matching = (fts: string) =>
  query
    .selectFrom("search_index")
    .select(sql<number>`rowid`.as("rowid"))
    .where(sql<SqlBool>`search_index MATCH ${fts}`);

/**
 * Every hit of a search, with its tier (a character by name, then by title, then by title or aliases,
 * then the rest) and its place among the hits; those everyone may see first.
 */
function hitsOf(fts: string, names: string, titles: string) {
  return query
    .with("hits", () =>
      query
        .selectFrom("search_index")
        .innerJoin("search_entries as e", (join) => join.on("e.id", "=", sql<number>`search_index.rowid`))
        .select((row) => [
          "e.id",
          "e.ref",
          "e.kind",
          "e.title",
          "e.subtitle",
          "e.path",
          "e.revealed_by",
          row
            .case()
            .when(row.and([row("e.kind", "=", "character"), row("e.id", "in", matching(names))]))
            .then(row.lit(0))
            .when("e.id", "in", matching(titles))
            .then(row.lit(1))
            .when("e.id", "in", matching(names))
            .then(row.lit(2))
            .else(row.lit(3))
            .end()
            .as("tier"),
        ])
        .where(sql<SqlBool>`search_index MATCH ${fts}`),
    )
    .selectFrom("hits")
    .select((row) => [
      "ref",
      "kind",
      "title",
      "subtitle",
      "path",
      "revealed_by",
      row.fn
        .agg<number>("row_number")
        .over((window) =>
          window
            .orderBy("tier")
            .orderBy((order) => order.fn("length", ["title"]))
            .orderBy("title")
            .orderBy("id"),
        )
        .as("place"),
    ])
    .orderBy((row) => row("revealed_by", "is not", null))
    .orderBy("place")
    .limit(MOST_HITS);
}

/** The search, built once; the three queries made of the reader's words are slots filled per request. */
const hits = hitsOf(slot<string>("fts"), slot<string>("names"), slot<string>("titles"));

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
  const [rows] = await batch(db, [hits], { fts, names, titles });
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
