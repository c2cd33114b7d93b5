import { type Selectable, sql } from "kysely";
import type { Medium } from "~/lib/content/units";
import { pageInfo, pageOffset } from "~/lib/http/paging";
import { toFtsQuery } from "~/lib/search/query";
import { knownTo } from "~/lib/shield/gated";
import type { Knowledge } from "~/lib/shield/knowledge";
import type { CharactersTable } from "./database";
import { gatedBy, parseJsonList } from "./db.server";
import { readRevealers } from "~/lib/shield/knowledge";
import { batch, query } from "./query.server";

const CHARACTERS_PER_PAGE = 24;
/** The most characters a name search reads; the requester's own are paged from them. */
const MOST_NAMED = 1000;

export interface CharacterFilters {
  query: string;
  affiliation: string | null;
  medium: Medium | null;
  page: number;
}

/** What a catalogue card shows of a character (`c`). */
const cardColumns = [
  "c.slug",
  "c.name",
  "c.original_name",
  "c.aliases",
  "c.affiliations",
  "c.portrait",
  "c.portrait_alt",
  "c.portrait_revealed_by",
  "c.revealed_by",
] as const;

/** The characters whose name or an alias holds the words of an FTS query (the search index's own entries). */
const namedBy = (fts: string) =>
  query
    .selectFrom("search_index")
    .innerJoin("search_entries as e", (join) => join.on("e.id", "=", sql<number>`search_index.rowid`))
    .select((entry) => entry.fn<string>("substr", ["e.ref", sql.lit(11)]).as("slug"))
    .where(sql.table("search_index"), "match", `{title aliases}: ${fts}`)
    .where("e.kind", "=", "character");

/** The characters the filters choose, as `c`. */
function chosen(filters: CharacterFilters, fts: string | null) {
  return query
    .selectFrom("characters as c")
    .$if(fts !== null, (characters) => characters.where("c.slug", "in", namedBy(fts!)))
    .$if(Boolean(filters.affiliation), (characters) =>
      characters.where(
        "c.slug",
        "in",
        query
          .selectFrom("character_affiliations")
          .select("character_slug")
          .where("affiliation", "=", filters.affiliation!),
      ),
    )
    .$if(Boolean(filters.medium), (characters) => characters.where("c.first_medium", "=", filters.medium!));
}

const affiliationCounts = query
  .selectFrom("character_affiliations")
  .select((count) => ["affiliation", count.fn.countAll<number>().as("count")])
  .groupBy("affiliation")
  .orderBy("affiliation");

const mediumCounts = query
  .selectFrom("characters")
  .select((count) => ["first_medium as medium", count.fn.countAll<number>().as("count")])
  .where("first_medium", "is not", null)
  .groupBy("first_medium")
  // The pack's validation makes a first medium one of the media.
  .$narrowType<{ medium: Medium }>();

/**
 * One page of the catalogue, its total, and the filter choices with their counts. The name/alias
 * search uses the FTS index; filters use indexed columns. One round trip.
 *
 * Without a name search the catalogue lists everyone, those the requester has not met folded (as
 * designed: the catalogue says how many there are). A name search lists only characters the requester
 * (`knowledge`) has met, counted and paged among themselves: whether an unmet character's name or alias
 * holds the words would otherwise tell that such a name exists.
 */
export async function getCharacterCatalogue(db: D1Database, filters: CharacterFilters, knowledge: Knowledge) {
  const fts = toFtsQuery(filters.query);
  const offset = pageOffset(filters.page, CHARACTERS_PER_PAGE);
  const cards = chosen(filters, fts)
    .select(cardColumns)
    // Those everyone meets from the start (revealed by nothing) first.
    .orderBy((row) => row("c.revealed_by", "is not", null))
    .orderBy("c.sort_name")
    .orderBy("c.slug");

  const [rows, totals, affiliations, media] = await batch(db, [
    fts ? cards.limit(MOST_NAMED) : cards.limit(CHARACTERS_PER_PAGE).offset(offset),
    chosen(filters, fts).select((count) => count.fn.countAll<number>().as("total")),
    affiliationCounts,
    mediumCounts,
  ]);

  // A name search: everyone the requester has met, in name order (read with those everyone meets first).
  const named = fts
    ? knownTo(
        rows.map((row) => ({ ...row, revealedBy: readRevealers(row.revealed_by), content: null })),
        knowledge,
      ).sort(byName)
    : null;
  const listed = named ? named.slice(offset, offset + CHARACTERS_PER_PAGE) : rows;
  const total = named ? named.length : (totals[0]?.total ?? 0);
  return {
    // A character the reader has not met is not named, not even by their address.
    characters: listed.map((row, index) => ({
      key: `character-${offset + index}`,
      ...gatedBy(row.revealed_by, {
        slug: row.slug,
        name: row.name,
        originalName: row.original_name,
        aliases: parseJsonList(row.aliases),
        affiliations: parseJsonList(row.affiliations),
        portrait: portraitOf(row),
      }),
    })),
    total,
    pageCount: pageInfo(filters.page, CHARACTERS_PER_PAGE, total).pageCount,
    affiliations,
    media,
  };
}

/** Every character with what a card shows, in the catalogue's order (by name). */
const directory = query.selectFrom("characters as c").select(cardColumns).orderBy("c.sort_name").orderBy("c.slug");

/**
 * Every character in the catalogue's order (by name), each gated with meeting them: for the API, which
 * lists only those its requester has met and pages them among themselves. One round trip.
 */
export async function getCharacterDirectory(db: D1Database) {
  const [rows] = await batch(db, [directory]);
  return rows.map((row) =>
    gatedBy(row.revealed_by, {
      slug: row.slug,
      name: row.name,
      originalName: row.original_name,
      aliases: parseJsonList(row.aliases),
      affiliations: parseJsonList(row.affiliations),
      portrait: portraitOf(row),
    }),
  );
}

/** The catalogue's order: by name, as SQL sorts it (sort_name is the name in lower case). */
function byName(a: { name: string; slug: string }, b: { name: string; slug: string }) {
  const [x, y] = [a.name.toLocaleLowerCase("en"), b.name.toLocaleLowerCase("en")];
  return x < y ? -1 : x > y ? 1 : a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;
}

/** A character's portrait (for a card or the profile, ./character-profile.server), gated where a later look would spoil; null where the pack has none. */
export function portraitOf(
  row: Pick<Selectable<CharactersTable>, "name" | "portrait" | "portrait_alt" | "portrait_revealed_by">,
) {
  return row.portrait
    ? gatedBy(row.portrait_revealed_by, { src: row.portrait, alt: row.portrait_alt ?? row.name })
    : null;
}
