import { type InferResult, type Selectable, sql } from "kysely";
import { mediaMetIn, type TrueName } from "~/lib/content/characters";
import { isRecutEpisodeKey, media, type Medium } from "~/lib/content/units";
import { pageInfo, pageOffset } from "~/lib/http/paging";
import { toNameFtsQuery } from "~/lib/search/query";
import { type Knowledge, knows, knowsAnything } from "~/lib/shield/knowledge";
import type { CharactersTable } from "./database";
import { type Secret, secretly } from "~/lib/shield/gated";
import type { MediumName, StoredMediumName } from "~/lib/content/medium-names";
import { gatedBy, parseJsonList } from "./db.server";
import { readRevealers } from "~/lib/shield/knowledge";
import { batch, query } from "./query.server";

const CHARACTERS_PER_PAGE = 24;

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
  "c.true_name",
  "c.true_name_original",
  "c.true_name_revealed_by",
  "c.medium_names",
] as const;

/**
 * The characters' entries of the search index that an FTS query of names (toNameFtsQuery) finds. A
 * character's true name has an entry of its own, to the same profile, so an entry names its character
 * by its path.
 */
const entriesNaming = (fts: string) =>
  query
    .selectFrom("search_index")
    .innerJoin("search_entries as e", (join) => join.on("e.id", "=", sql<number>`search_index.rowid`))
    .where(sql.table("search_index"), "match", fts)
    .where("e.kind", "=", "character");
const slugOfEntry = sql<string>`substr(e.path, ${"/characters/".length + 1})`.as("slug");

/** The characters an FTS query names, with what reveals each entry that names them (a true name's is gated). */
const namedBy = (fts: string) => entriesNaming(fts).select([slugOfEntry, "e.revealed_by"]);

/** The characters the filters choose, as `c`. */
function chosen(filters: CharacterFilters, fts: string | null) {
  return (
    query
      .selectFrom("characters as c")
      .$if(fts !== null, (characters) =>
        // Named by what everyone who has met them may see: never by a true name.
        characters.where("c.slug", "in", entriesNaming(fts!).select(slugOfEntry).where("e.revealed_by", "is", null)),
      )
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
      // A requester who knows nothing has met no one in any medium (getCharacterCatalogue).
      .$if(Boolean(filters.medium), (characters) => characters.where(sql<boolean>`0`))
  );
}

const publicAffiliationCounts = query
  .selectFrom("character_affiliations as a")
  .innerJoin("characters as c", "c.slug", "a.character_slug")
  .select((count) => ["a.affiliation", count.fn.countAll<number>().as("count")])
  .where("c.revealed_by", "is", null)
  .groupBy("a.affiliation")
  .orderBy("a.affiliation");

/** Every character with what a card shows and what the filters read, in the catalogue's order (by name). */
const everyone = query
  .selectFrom("characters as c")
  .leftJoin("story_units as first_episode", "first_episode.key", "c.first_anime")
  .select([...cardColumns, "c.first_web_novel", "c.first_light_novel", "c.first_anime", "c.first_manga"])
  .select("first_episode.revealed_by as first_anime_revealed_by")
  .orderBy("c.sort_name")
  .orderBy("c.slug");

/**
 * The units that show a character: their first appearance in each medium, the recut episodes that hold
 * their first episode (a viewer of the recut alone met them in the anime too), and what reveals meeting them.
 */
function unitsShowing(row: InferResult<typeof everyone>[number]) {
  const firsts = [row.first_web_novel, row.first_light_novel, row.first_anime, row.first_manga];
  const inRecuts = (readRevealers(row.first_anime_revealed_by) ?? []).filter((unit) => isRecutEpisodeKey(unit));
  return [...firsts.flatMap((unit) => unit ?? []), ...inRecuts, ...(readRevealers(row.revealed_by) ?? [])];
}

/**
 * One page of the catalogue: the characters the requester (`knowledge`) has met, by name, counted and
 * paged among themselves, with the filter choices counted the same way. A character they have not met
 * leaves no trace (not a card, a count, a choice or a page): the count says what the reader can see. The
 * media offered are those the requester met them in (`mediaMetIn`): what they follow, never another.
 * A requester who knows nothing (every first load) may see exactly those everyone meets from the start,
 * so the database pages and counts those; one who knows something has every character read and each
 * judged by the one rule. The name/alias search uses the FTS index. One round trip either way.
 */
export async function getCharacterCatalogue(db: D1Database, filters: CharacterFilters, knowledge: Knowledge) {
  // A name as typed, each word anywhere in it: a reader looks a character up by name, not by a place.
  const fts = toNameFtsQuery(filters.query);
  const offset = pageOffset(filters.page, CHARACTERS_PER_PAGE);
  const { rows, total, affiliations, media } = knowsAnything(knowledge)
    ? await metCatalogue(db, filters, fts, knowledge, offset)
    : await publicCatalogue(db, filters, fts, offset);
  return {
    characters: rows.map((row, index) => ({
      key: `character-${offset + index}`,
      ...gatedBy(row.revealed_by, {
        slug: row.slug,
        name: row.name,
        trueName: trueNameOf(row),
        mediumNames: mediumNamesOf(row),
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

/** The catalogue for a requester who knows nothing: those everyone meets, paged and counted in SQL. */
async function publicCatalogue(db: D1Database, filters: CharacterFilters, fts: string | null, offset: number) {
  const chosenPublic = chosen(filters, fts).where("c.revealed_by", "is", null);
  const [rows, totals, affiliations] = await batch(db, [
    chosenPublic.select(cardColumns).orderBy("c.sort_name").orderBy("c.slug").limit(CHARACTERS_PER_PAGE).offset(offset),
    chosenPublic.select((count) => count.fn.countAll<number>().as("total")),
    publicAffiliationCounts,
  ]);
  // Those everyone meets from the start are known without being met in any medium: no medium is offered.
  return { rows, total: totals[0]?.total ?? 0, affiliations, media: [] as { medium: Medium; count: number }[] };
}

/** The catalogue for a requester who knows something: every character read, those they have met kept. */
async function metCatalogue(
  db: D1Database,
  filters: CharacterFilters,
  fts: string | null,
  knowledge: Knowledge,
  offset: number,
) {
  const [all, named] = fts ? await batch(db, [everyone, namedBy(fts)]) : [...(await batch(db, [everyone])), null];
  const met = all
    .filter((row) => knows(knowledge, readRevealers(row.revealed_by)))
    .map((row) => ({ ...row, metIn: mediaMetIn(knowledge, unitsShowing(row)) }));
  // Named by a name the requester may see: a true name only once they know it.
  const namedSlugs = named
    ? new Set(named.filter((entry) => knows(knowledge, readRevealers(entry.revealed_by))).map((entry) => entry.slug))
    : null;
  const chosenMet = met.filter(
    (row) =>
      (!namedSlugs || namedSlugs.has(row.slug)) &&
      (!filters.affiliation || parseJsonList(row.affiliations).includes(filters.affiliation)) &&
      (!filters.medium || row.metIn.includes(filters.medium)),
  );
  return {
    rows: chosenMet.slice(offset, offset + CHARACTERS_PER_PAGE),
    total: chosenMet.length,
    affiliations: countsOf(met.flatMap((row) => parseJsonList(row.affiliations))).map(([affiliation, count]) => ({
      affiliation,
      count,
    })),
    media: countsOf(met.flatMap((row) => row.metIn))
      .sort(([a], [b]) => media.indexOf(a) - media.indexOf(b))
      .map(([medium, count]) => ({ medium, count })),
  };
}

/** How many times each value occurs, in the order SQL sorts text (by code point). */
function countsOf<T extends string>(values: readonly T[]): [T, number][] {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
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
      trueName: trueNameOf(row),
      mediumNames: mediumNamesOf(row),
      originalName: row.original_name,
      aliases: parseJsonList(row.aliases),
      affiliations: parseJsonList(row.affiliations),
      portrait: portraitOf(row),
    }),
  );
}

/** A character's portrait (for a card or the profile, ./character-profile.server), gated where a later look would spoil; null where the pack has none. */
export function portraitOf(
  row: Pick<Selectable<CharactersTable>, "name" | "portrait" | "portrait_alt" | "portrait_revealed_by">,
) {
  return row.portrait
    ? gatedBy(row.portrait_revealed_by, { src: row.portrait, alt: row.portrait_alt ?? row.name })
    : null;
}

/**
 * A character's true name where the pack keeps it secret: a response carries it only to a requester who
 * knows it, and to anyone else carries null, as for a character with no other name (`secretly`).
 */
export function trueNameOf(
  row: Pick<Selectable<CharactersTable>, "true_name" | "true_name_original" | "true_name_revealed_by">,
): Secret<TrueName> | null {
  return row.true_name === null
    ? null
    : secretly(readRevealers(row.true_name_revealed_by), { name: row.true_name, originalName: row.true_name_original });
}

/**
 * A character's names per medium and translation, in the pack's order: each a secret (`secretly`), so a
 * name a medium says only later is left out, without a trace, of a response to a requester who does not
 * know it; one said wherever the character is met travels with the rest of them.
 */
export function mediumNamesOf(row: Pick<Selectable<CharactersTable>, "medium_names">) {
  const stored = JSON.parse(row.medium_names) as StoredMediumName[];
  return stored.map(({ revealedBy, ...name }): Secret<MediumName> => secretly(readRevealers(revealedBy), name));
}
