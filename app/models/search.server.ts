import { type RawBuilder, type SqlBool, sql } from "kysely";
import { type Knowledge, opensAnyGate } from "~/lib/shield/knowledge";
import {
  holdsUnspaced,
  toHitFtsQuery,
  toNameFtsQuery,
  toPhraseFtsQuery,
  toTitleFtsQuery,
  toWholeWordFtsQuery,
} from "~/lib/search/query";
import {
  type SearchKind,
  type HitMatch,
  markedAround,
  markedText,
  saysAlready,
  type SearchKindCounts,
  type SearchResult,
  type SearchShown,
  searchResultsFor,
  TRUE_NAME_REF,
} from "~/lib/search/result";
import { batch, query, slot } from "./query.server";
import { gatedBy, parseJsonList } from "./db.server";
import { mediumNamesOf } from "./characters.server";

/**
 * The most hits a search ranks. What a reader who knows something may see is decided per hit
 * (searchResultsFor), so their search reads every hit; past this many, counts and pages stop. Hits everyone may see are read
 * first, so what a requester who knows nothing is shown never depends on how many gated hits there are.
 */
const MOST_HITS = 1000;

/** How many words of a hit's names or text a suggestion shows around the words found (`matchOf`). */
const SNIPPET_WORDS = 8;

const snippetWords = sql.lit(SNIPPET_WORDS);

/** A column of marked text, or null for a search that does not ask for it. */
const markedColumn = (marked: boolean, text: RawBuilder<unknown>) => sql<string | null>`${marked ? text : sql`null`}`;

/** Where a character's profile is: the index's entries of a character link there, the slug after it. */
const CHARACTER_PATH = "/characters/";

/** The search index's entries that match a full-text query (`search_index`'s own syntax). */
const matching = (fts: string) =>
  query
    .selectFrom("search_index")
    .select(sql<number>`rowid`.as("rowid"))
    .where(sql<SqlBool>`search_index MATCH ${fts}`);

/**
 * Every hit of a search (what `found` matches: toHitFtsQuery), with its tier (a character by name, then
 * by title, then by title or aliases, then the rest) and its place among the hits, as the CTE `ranked`:
 * those everyone may see first, and only those with `onlyPublic`.
 */
function rankedHits(
  found: string,
  names: string,
  titles: string,
  wholeWords: string,
  phrase: string,
  { onlyPublic, marked }: { onlyPublic: boolean; marked: boolean },
) {
  return query
    .with("hits", () =>
      query
        .selectFrom("search_index")
        .innerJoin("search_entries as e", (join) => join.on("e.id", "=", sql<number>`search_index.rowid`))
        // A character's names, so the reader is shown the one they know them by (`resultOf`).
        .leftJoin("characters as c", (join) =>
          join
            .on("e.kind", "=", "character")
            .on("c.slug", "=", sql<string>`substr(e.path, ${CHARACTER_PATH.length + 1})`),
        )
        .select((row) => [
          "e.id",
          "e.ref",
          "e.kind",
          "e.title",
          "e.subtitle",
          "e.path",
          "e.original_title",
          "e.revealed_by",
          "c.name as character_name",
          "c.medium_names",
          "c.affiliations",
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
          // Within a tier: the words as typed, side by side, then each whole, then parts of words.
          row
            .case()
            .when("e.id", "in", matching(phrase))
            .then(row.lit(0))
            .when("e.id", "in", matching(wholeWords))
            .then(row.lit(1))
            .else(row.lit(2))
            .end()
            .as("partly"),
          // Why it was found, for the header's suggestions (`marked`): its title with the words marked, and a
          // few words of its names and of its text around them (MARK_START, MARK_END: `markedText`).
          markedColumn(marked, sql`highlight(search_index, 0, char(1), char(2))`).as("marked_title"),
          markedColumn(marked, sql`snippet(search_index, 1, char(1), char(2), '…', ${snippetWords})`).as(
            "marked_names",
          ),
          markedColumn(marked, sql`snippet(search_index, 2, char(1), char(2), '…', ${snippetWords})`).as("marked_text"),
        ])
        .where(sql<SqlBool>`search_index MATCH ${found}`)
        .$if(onlyPublic, (hits) => hits.where("e.revealed_by", "is", null)),
    )
    .with("ranked", (ranked) =>
      ranked
        .selectFrom("hits")
        .select((row) => [
          "ref",
          "kind",
          "title",
          "subtitle",
          "path",
          "original_title",
          "revealed_by",
          "character_name",
          "medium_names",
          "affiliations",
          "marked_title",
          "marked_names",
          "marked_text",
          row.fn
            .agg<number>("row_number")
            .over((window) =>
              window
                .orderBy("tier")
                .orderBy("partly")
                .orderBy((order) => order.fn("length", ["title"]))
                .orderBy("title")
                .orderBy("id"),
            )
            .as("place"),
        ])
        .orderBy((row) => row("revealed_by", "is not", null))
        .orderBy("place")
        .limit(MOST_HITS),
    );
}

/** The searches, built once; the queries made of the reader's words are slots filled per request. */
const words = [
  slot<string>("found"),
  slot<string>("names"),
  slot<string>("titles"),
  slot<string>("wholeWords"),
  slot<string>("phrase"),
] as const;

/** Every hit, for a requester who knows something: what they may see is decided per hit. */
const everyHitOf = (marked: boolean) =>
  rankedHits(...words, { onlyPublic: false, marked })
    .selectFrom("ranked")
    .selectAll();
const everyHit = { plain: everyHitOf(false), marked: everyHitOf(true) };

/**
 * For a requester who knows nothing: how many hits everyone may see each kind has (as a JSON object),
 * and one page of them, of any kind or of one, in one statement, so the hits are found and ranked once
 * (SQLite keeps a CTE read twice). One row with no hit when the page is past the last.
 */
const publicPage = (ofKind: boolean, marked: boolean) =>
  rankedHits(...words, { onlyPublic: true, marked })
    .with("counts", (counts) =>
      counts
        .selectFrom("ranked")
        .select((row) => ["kind", row.fn.countAll<number>().as("hits")])
        .groupBy("kind"),
    )
    .selectFrom((counts) =>
      counts
        .selectFrom("counts")
        .select(sql<string>`json_group_object(kind, hits)`.as("kinds"))
        .as("all_kinds"),
    )
    .leftJoin(
      (shown) =>
        shown
          .selectFrom("ranked")
          .selectAll()
          .$if(ofKind, (page) => page.where("kind", "=", slot<SearchKind>("kind")))
          .orderBy("place")
          .limit(slot<number>("limit"))
          .offset(slot<number>("offset"))
          .as("shown"),
      (join) => join.onTrue(),
    )
    .select([
      "all_kinds.kinds",
      "shown.ref",
      "shown.kind",
      "shown.title",
      "shown.subtitle",
      "shown.path",
      "shown.original_title",
      "shown.revealed_by",
      "shown.character_name",
      "shown.medium_names",
      "shown.affiliations",
      "shown.marked_title",
      "shown.marked_names",
      "shown.marked_text",
    ])
    .orderBy("shown.place");
const publicPages = {
  plain: { anyKind: publicPage(false, false), ofKind: publicPage(true, false) },
  marked: { anyKind: publicPage(false, true), ofKind: publicPage(true, true) },
};

type Hit = {
  ref: string;
  kind: SearchKind;
  title: string;
  subtitle: string;
  path: string;
  original_title: string | null;
  revealed_by: string | null;
  character_name: string | null;
  medium_names: string | null;
  affiliations: string | null;
  marked_title: string | null;
  marked_names: string | null;
  marked_text: string | null;
};

/**
 * A hit as a search answers it. Its original title goes with it only for words in Chinese, Japanese or
 * Korean letters (`withOriginal`): a reader searching so reads that script, and sees why a hit whose
 * English title holds none of their words was found.
 */
const resultOf =
  (withOriginal: boolean) =>
  (hit: Hit): SearchResult => ({
    ref: hit.ref,
    kind: hit.kind,
    // Gated as the page it links to: a character once the reader has met them.
    ...gatedBy(hit.revealed_by, {
      title: hit.title,
      subtitle: hit.subtitle,
      path: hit.path,
      ...(withOriginal && hit.original_title ? { originalTitle: hit.original_title } : {}),
      ...matchOf(hit, withOriginal),
      // A true name heads as it is: only a reader who knows it finds that entry.
      ...(hit.character_name === null || hit.ref.startsWith(TRUE_NAME_REF)
        ? {}
        : {
            character: {
              name: hit.character_name,
              mediumNames: mediumNamesOf({ medium_names: hit.medium_names ?? "[]" }),
              affiliations: parseJsonList(hit.affiliations ?? "[]"),
            },
          }),
    }),
  });

/**
 * Why a hit was found, where the search asked (`marked`): its title with the words marked, or where the
 * title holds none, a few words of its other names, or else of its text, around them, unless the line under
 * its title says them. Words in Chinese,
 * Japanese or Korean letters are shown by the hit's original title instead (its names and text hold their
 * letters again in pairs, for the index, which are no text to show).
 */
function matchOf(hit: Hit, unspaced: boolean): { matched?: HitMatch } {
  const title = markedText(hit.marked_title);
  if (title) return { matched: { title } };
  const around = unspaced ? null : (markedAround(hit.marked_names) ?? markedAround(hit.marked_text));
  // Words the line under the title shows already (a character's affiliation, a unit's place) are not said twice.
  return around && !saysAlready(hit.subtitle, around) ? { matched: { around } } : {};
}

/** What the reader typed, as the five full-text queries of a search; null when nothing in it is searchable. */
function wordsOf(query: string) {
  const found = toHitFtsQuery(query);
  const names = toNameFtsQuery(query);
  const titles = toTitleFtsQuery(query);
  const wholeWords = toWholeWordFtsQuery(query);
  const phrase = toPhraseFtsQuery(query);
  return found && names && titles && wholeWords && phrase ? { found, names, titles, wholeWords, phrase } : null;
}

/**
 * Full-text search over characters, arcs, chapters, volumes, side stories, anime seasons and episodes,
 * Break Time shorts, OVAs, specials and films, manga series and chapters, and mistakes: every hit in
 * order, each gated as the page it links to (an arc's, a season's or a series' name as a unit's title).
 *
 * The order depends only on each hit's own text, never on the rest of the index (bm25 would weigh a
 * word by how many entries hold it, gated ones included, so the order of what a reader sees would
 * tell how often a word occurs in what they may not see): first a character whose name or alias holds
 * the words (a reader typing a name wants the person, not the chapters named after them), then hits
 * whose title holds them, then title or aliases, then the rest (found by their text, a place's number
 * beside its place: toHitFtsQuery); within each, those holding the words
 * as typed, side by side ("Arc 1 · Chapter 2" for "arc 1 chapter 2", "Episode 1" for "ep1"), then those holding them whole
 * ("ash" as a word, not the start of "Ashford"; "ランタンフォールEX", not the start of "ランタンフォールEX2"),
 * then shorter titles (where
 * the words are more of the title). One round trip; an empty or unsearchable query finds nothing.
 */
export async function searchHits(db: D1Database, query: string, marked = false): Promise<SearchResult[]> {
  const values = wordsOf(query);
  if (!values) return [];
  const [rows] = await batch(db, [marked ? everyHit.marked : everyHit.plain], values);
  // Read with public hits first (above); shown in the order of the hits themselves.
  return rows.sort((a, b) => a.place - b.place).map(resultOf(holdsUnspaced(query)));
}

/**
 * What a search shows its requester (searchResultsFor over searchHits): a page of the hits they know
 * and their number per kind. A requester who knows nothing and hides titles of what they have not
 * reached (every first load) may see exactly the hits that spoil nothing (no titled unit's entry, which is
 * found by its title; each unit's entry found by its place, public, named by its label), so the database
 * pages and counts those and only the page is read, each unit once (its titled entry is never public: decision
 * 79); the same answer,
 * tested against searchResultsFor. One round trip either way.
 */
export async function searchSite(
  db: D1Database,
  query: string,
  knowledge: Knowledge,
  page: { kind: SearchKind | null; limit: number; offset: number },
  { marked = false }: { marked?: boolean } = {},
): Promise<SearchShown> {
  // A requester who shows titles of what they have not reached may see entries found by titles that hide from everyone else.
  if (opensAnyGate(knowledge)) return searchResultsFor(await searchHits(db, query, marked), knowledge, page);
  const values = wordsOf(query);
  if (!values) return { results: [], total: 0, counts: {} };
  const statements = marked ? publicPages.marked : publicPages.plain;
  const [rows] = await batch(db, [page.kind ? statements.ofKind : statements.anyKind], { ...values, ...page });
  const counts: SearchKindCounts = JSON.parse(rows[0]?.kinds ?? "{}");
  const total = page.kind ? (counts[page.kind] ?? 0) : Object.values(counts).reduce((sum, hits) => sum + hits, 0);
  return {
    results: rows.filter((row): row is Hit & typeof row => row.ref !== null).map(resultOf(holdsUnspaced(query))),
    total,
    counts,
  };
}
