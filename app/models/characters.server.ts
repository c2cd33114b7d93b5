import type { CharacterFactRow, CharacterRelationshipRow, CharacterRow as CharacterColumns } from "~/lib/content/rows";
import type { Medium } from "~/lib/content/units";
import { toFtsQuery } from "~/lib/search-query";
import { gated, knownTo } from "~/lib/gated";
import type { Knowledge } from "~/lib/knowledge";
import { batch, parseJsonList } from "./db.server";

const CHARACTERS_PER_PAGE = 24;
/** The most characters a name search reads; the requester's own are paged from them. */
const MOST_NAMED = 1000;

export interface CharacterFilters {
  query: string;
  affiliation: string | null;
  medium: Medium | null;
  page: number;
}

type CharacterCardRow = Pick<
  CharacterColumns,
  | "slug"
  | "name"
  | "original_name"
  | "aliases"
  | "affiliations"
  | "portrait"
  | "portrait_alt"
  | "portrait_revealed_by"
  | "revealed_by"
>;

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
  const conditions: string[] = [];
  const params: Array<string | number> = [];
  const fts = toFtsQuery(filters.query);
  if (fts) {
    conditions.push(
      `c.slug IN (SELECT substr(e.ref, 11) FROM search_index JOIN search_entries e ON e.id = search_index.rowid
                   WHERE search_index MATCH ? AND e.kind = 'character')`,
    );
    params.push(`{title aliases}: ${fts}`);
  }
  if (filters.affiliation) {
    conditions.push(`c.slug IN (SELECT character_slug FROM character_affiliations WHERE affiliation = ?)`);
    params.push(filters.affiliation);
  }
  if (filters.medium) {
    conditions.push(`c.first_medium = ?`);
    params.push(filters.medium);
  }
  const where = conditions.length ? `WHERE ${conditions.join(" AND ")}` : "";
  const offset = (filters.page - 1) * CHARACTERS_PER_PAGE;

  const [rows, totals, affiliations, media] = await batch<
    [CharacterCardRow, { total: number }, { affiliation: string; count: number }, { medium: Medium; count: number }]
  >(db, [
    db
      .prepare(
        `SELECT c.slug, c.name, c.original_name, c.aliases, c.affiliations, c.portrait, c.portrait_alt,
                c.portrait_revealed_by, c.revealed_by
           FROM characters c ${where}
          ORDER BY c.revealed_by IS NOT NULL, c.sort_name, c.slug LIMIT ${fts ? MOST_NAMED : `${CHARACTERS_PER_PAGE} OFFSET ${offset}`}`,
      )
      .bind(...params),
    db.prepare(`SELECT COUNT(*) AS total FROM characters c ${where}`).bind(...params),
    db.prepare(
      `SELECT affiliation, COUNT(*) AS count FROM character_affiliations GROUP BY affiliation ORDER BY affiliation`,
    ),
    db.prepare(
      `SELECT first_medium AS medium, COUNT(*) AS count FROM characters WHERE first_medium IS NOT NULL GROUP BY first_medium`,
    ),
  ]);

  // A name search: everyone the requester has met, in name order (read with those everyone meets first).
  const named = fts
    ? knownTo(
        rows.map((row) => ({ ...row, revealedBy: row.revealed_by, content: null })),
        knowledge,
      ).sort(byName)
    : null;
  const listed = named ? named.slice(offset, offset + CHARACTERS_PER_PAGE) : rows;
  const total = named ? named.length : (totals[0]?.total ?? 0);
  return {
    // A character the reader has not met is not named, not even by their address.
    characters: listed.map((row, index) => ({
      key: `character-${offset + index}`,
      ...gated(row.revealed_by, {
        slug: row.slug,
        name: row.name,
        originalName: row.original_name,
        aliases: parseJsonList(row.aliases),
        affiliations: parseJsonList(row.affiliations),
        portrait: portraitOf(row),
      }),
    })),
    total,
    pageCount: Math.max(1, Math.ceil(total / CHARACTERS_PER_PAGE)),
    affiliations,
    media,
  };
}

/**
 * Every character in the catalogue's order (by name), each gated with meeting them: for the API, which
 * lists only those its requester has met and pages them among themselves. One round trip.
 */
export async function getCharacterDirectory(db: D1Database) {
  const [rows] = await batch<[CharacterCardRow]>(db, [
    db.prepare(
      `SELECT slug, name, original_name, aliases, affiliations, portrait, portrait_alt, portrait_revealed_by, revealed_by
         FROM characters ORDER BY sort_name, slug`,
    ),
  ]);
  return rows.map((row) =>
    gated(row.revealed_by, {
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

type CharacterRow = Omit<CharacterColumns, "sort_name">;

/** A character's portrait, gated where a later look would spoil; null where the pack has none. */
function portraitOf(row: Pick<CharacterColumns, "name" | "portrait" | "portrait_alt" | "portrait_revealed_by">) {
  return row.portrait
    ? gated(row.portrait_revealed_by, { src: row.portrait, alt: row.portrait_alt ?? row.name })
    : null;
}

interface AppearanceRow {
  key: string;
  medium: Medium;
  label: string;
  title: string | null;
  title_revealed_by: string | null;
  position: number;
}

type FactRow = Pick<CharacterFactRow, "label" | "value" | "revealed_by">;

type RelationshipRow = Omit<CharacterRelationshipRow, "character_slug"> & { related_name: string };

/** One character's profile, or null when the slug is unknown. One round trip. */
export async function getCharacter(db: D1Database, slug: string) {
  const [characters, appearances, facts, relationships] = await batch<
    [CharacterRow, AppearanceRow, FactRow, RelationshipRow]
  >(db, [
    db
      .prepare(
        `SELECT slug, name, original_name, aliases, affiliations, summary, portrait, portrait_alt, portrait_revealed_by, revealed_by,
                first_medium, first_web_novel, first_light_novel, first_anime
           FROM characters WHERE slug = ?`,
      )
      .bind(slug),
    db
      .prepare(
        `SELECT u.key, u.medium, u.label, COALESCE(ch.title, v.title, e.title) AS title, ch.title_revealed_by, u.position
           FROM characters c
           JOIN story_units u ON u.key IN (c.first_web_novel, c.first_light_novel, c.first_anime)
           LEFT JOIN chapters ch ON ch.key = u.key
           LEFT JOIN ln_volumes v ON v.key = u.key
           LEFT JOIN anime_episodes e ON e.key = u.key
          WHERE c.slug = ?
          ORDER BY u.position`,
      )
      .bind(slug),
    db
      .prepare(`SELECT label, value, revealed_by FROM character_facts WHERE character_slug = ? ORDER BY sort_order`)
      .bind(slug),
    db
      .prepare(
        `SELECT r.related_slug, c.name AS related_name, r.kind, r.description, r.revealed_by
           FROM character_relationships r JOIN characters c ON c.slug = r.related_slug
          WHERE r.character_slug = ?
          ORDER BY r.reveal_position IS NOT NULL, r.reveal_position, c.sort_name`,
      )
      .bind(slug),
  ]);

  const character = characters[0];
  if (!character) return null;
  // Everything about a character the reader has not met is gated with meeting them.
  return gated(character.revealed_by, {
    slug: character.slug,
    name: character.name,
    originalName: character.original_name,
    aliases: parseJsonList(character.aliases),
    affiliations: parseJsonList(character.affiliations),
    summary: character.summary,
    portrait: portraitOf(character),
    firstAppearances: appearances.map((appearance) => ({
      key: appearance.key,
      medium: appearance.medium,
      label: appearance.label,
      title: gated(appearance.title_revealed_by, appearance.title),
    })),
    // A fact's label is gated with its value: "Fate" alone says there is one.
    facts: facts.map((fact) => gated(fact.revealed_by, { label: fact.label, value: fact.value })),
    relationships: relationships.map((relationship) =>
      gated(relationship.revealed_by, {
        slug: relationship.related_slug,
        name: relationship.related_name,
        kind: relationship.kind,
        description: relationship.description,
      }),
    ),
  });
}
