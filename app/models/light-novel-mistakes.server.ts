import type { InferResult } from "kysely";
import { volumeKey } from "~/lib/content/units";
import { knownTo } from "~/lib/shield/gated";
import { englishEditionOf, gatedTitle } from "./db.server";
import type { Knowledge } from "~/lib/shield/knowledge";
import { type LnMistake, listedMistake, type VolumeMistakeCount } from "~/lib/mistakes/entries";
import { anyFilter, LN_ENTRIES_PER_PAGE, type MistakeFilters } from "~/lib/mistakes/rules";
import { type PageInfo, pageInfo, pageOffset } from "~/lib/http/paging";
import { toTextFtsQuery } from "~/lib/search/query";
import { inReadingOrder, inVolume, lnEntriesMatching, lnEntryRows, toLnMistake } from "./mistake-entries.server";
import {
  bySeverityKnownTo,
  facetRows,
  facetsKnownTo,
  filteredBy,
  knownMatches,
  reachOf,
  unknownCount,
} from "./mistake-filters.server";
import { batch, query, slot } from "./query.server";

/** Volumes on one page of the volume tables (the index and a collection's page). */
export const VOLUMES_PER_PAGE = 50;
/** Search matches per page: each is a whole entry, so fewer than a volume page holds. */
export const MATCHES_PER_PAGE = 10;
/** The most entries a search of the light novel mistakes reads; the requester's own are paged from them. */
const MOST_MATCHES = 1000;

/**
 * One page of every volume (or of one collection's) with how many entries each has, its entries counted
 * by severity and by what reveals them (for `bySeverityKnownTo`), and how many volumes there are.
 */
function volumeCounts(collectionCode: string | null, offset: number) {
  const onPage = query
    .selectFrom("ln_volumes as v")
    .innerJoin("ln_collections as c", "c.code", "v.collection_code")
    .select("v.key")
    .$if(collectionCode !== null, (one) => one.where("v.collection_code", "=", collectionCode!))
    .orderBy("c.sort_order")
    .orderBy("v.number")
    .limit(VOLUMES_PER_PAGE)
    .offset(offset);
  const counts = query
    .selectFrom("ln_volumes as v")
    .innerJoin("ln_collections as c", "c.code", "v.collection_code")
    .innerJoin("story_units as vu", "vu.key", "v.key")
    .leftJoin("ln_mistakes as m", "m.volume_key", "v.key")
    .select((row) => [
      "v.key",
      "v.collection_code",
      "c.name as collection_name",
      "v.number",
      "v.label",
      "v.title",
      "vu.title_reached_by as reached_by",
      row.fn.count<number>("m.id").as("total"),
    ])
    .where("v.key", "in", onPage)
    .groupBy("v.key")
    .orderBy("c.sort_order")
    .orderBy("v.number");
  // A row per distinct value (a few per volume), whatever the number of entries.
  const bySeverity = query
    .selectFrom("ln_mistakes as m")
    .select((row) => ["m.volume_key", "m.severity", "m.revealed_by", row.fn.countAll<number>().as("count")])
    .where("m.volume_key", "in", onPage)
    .groupBy(["m.volume_key", "m.severity", "m.revealed_by"]);
  const total = query
    .selectFrom("ln_volumes")
    .select((count) => count.fn.countAll<number>().as("total"))
    .$if(collectionCode !== null, (one) => one.where("collection_code", "=", collectionCode!));
  return [counts, bySeverity, total] as const;
}

type VolumeRow = InferResult<ReturnType<typeof volumeCounts>[0]>[number];
type VolumeSeverityRow = InferResult<ReturnType<typeof volumeCounts>[1]>[number];

/** The volumes with their counts: each one's severities among the entries the requester (`knowledge`) knows. */
function toVolumeCounts(
  volumes: readonly VolumeRow[],
  severities: readonly VolumeSeverityRow[],
  knowledge: Knowledge,
): VolumeMistakeCount[] {
  return volumes.map((row) => ({
    key: row.key,
    collectionCode: row.collection_code,
    collectionName: row.collection_name,
    number: row.number,
    label: row.label,
    title: row.title === null ? null : gatedTitle(null, row.reached_by, row.title),
    knownBySeverity: bySeverityKnownTo(
      severities.filter((each) => each.volume_key === row.key),
      knowledge,
    ),
    total: row.total,
  }));
}

/**
 * The entries that match a full-text query, with their volume's place in the story and their own place
 * among the matches (by volume, chapter and id); those everyone may see first.
 */
function matchesOf(fts: string) {
  return query
    .with("hits", () => lnEntriesMatching(fts).select("vu.position as volume_position"))
    .selectFrom("hits")
    .selectAll()
    .select((row) =>
      row.fn
        .agg<number>("row_number")
        .over((window) => window.orderBy("volume_position").orderBy("chapter").orderBy("id"))
        .as("place"),
    )
    .orderBy((row) => row("revealed_by", "is not", null))
    .orderBy("place")
    .limit(MOST_MATCHES);
}

/** The index's queries, built once; the page's offset and the search are slots filled per request. */
const everyVolumeCounts = volumeCounts(null, slot<number>("offset"));
const matches = matchesOf(slot<string>("fts"));

/**
 * The light novel index: one page of every volume with its counts (by severity, of the entries the
 * requester knows) or, with a query, one
 * page of the entries that match it that the requester (`knowledge`) knows, in reading order, with
 * their total. An entry they do not know leaves no trace (not a count, a place or a page): its lines
 * are what matched. Matches everyone may see are read first, so what a requester who knows nothing
 * gets never depends on how many gated entries match. One round trip.
 */
export async function getLnMistakeIndex(
  db: D1Database,
  search: string,
  page: number,
  knowledge: Knowledge,
): Promise<{ volumes: VolumeMistakeCount[]; matches: LnMistake[]; paging: PageInfo }> {
  // The entries' lines and explanations, read as search reads a text: "vol 3" is a place, "vol… 3".
  const fts = toTextFtsQuery(search);
  // Text with nothing searchable in it ("%", "*") matches no entry; it does not list every volume.
  if (search && !fts) return { volumes: [], matches: [], paging: pageInfo(page, MATCHES_PER_PAGE, 0) };
  if (!fts) {
    const [volumes, severities, totals] = await batch(db, everyVolumeCounts, {
      offset: pageOffset(page, VOLUMES_PER_PAGE),
    });
    return {
      volumes: toVolumeCounts(volumes, severities, knowledge),
      matches: [],
      paging: pageInfo(page, VOLUMES_PER_PAGE, totals[0]?.total ?? 0),
    };
  }
  const [rows] = await batch(db, [matches], { fts });
  const known = knownTo(rows.sort((a, b) => a.place - b.place).map(toLnMistake), knowledge);
  const offset = pageOffset(page, MATCHES_PER_PAGE);
  return {
    volumes: [],
    matches: known.slice(offset, offset + MATCHES_PER_PAGE),
    paging: pageInfo(page, MATCHES_PER_PAGE, known.length),
  };
}

/**
 * One collection's volumes with their counts (severities among the entries the requester knows), a page
 * at a time; null for an unknown collection.
 */
export async function getLnCollectionMistakes(db: D1Database, code: string, page: number, knowledge: Knowledge) {
  const [collections, volumes, severities, totals] = await batch(db, [
    query.selectFrom("ln_collections").select(["code", "name"]).where("code", "=", code),
    ...volumeCounts(code, pageOffset(page, VOLUMES_PER_PAGE)),
  ]);
  const collection = collections[0];
  return collection
    ? {
        collection,
        volumes: toVolumeCounts(volumes, severities, knowledge),
        paging: pageInfo(page, VOLUMES_PER_PAGE, totals[0]?.total ?? 0),
      }
    : null;
}

/**
 * One page of a volume's entries in reading order, with their total and the counts for each filter
 * (among the entries the requester, `knowledge`, knows); null if unknown. Without filters, every entry
 * is listed, the requester's unknown ones sealed (a run of hidden entries); under filters, only the known
 * entries that match, paged among themselves, and how many entries of the volume the requester does not
 * know (`unknown`), whatever the filters: an entry behind the shield cannot be said to match. One round trip.
 */
export async function getVolumeMistakes(
  db: D1Database,
  code: string,
  number: number,
  filters: MistakeFilters,
  page: number,
  knowledge: Knowledge,
) {
  const key = volumeKey(code, number);
  const filtered = anyFilter(filters);
  const reach = reachOf(knowledge);
  const offset = pageOffset(page, LN_ENTRIES_PER_PAGE);
  const inThisVolume = lnEntryRows.where("m.volume_key", "=", key).$call(filteredBy(filters)).$call(inReadingOrder);
  // Under filters, the known matches: none for a requester who knows no entry (no row read), every match
  // with the shield off (paged here, as without filters); for one who knows some, every match, which of
  // them they know judged by the one rule below and paged among themselves.
  const listing = !filtered
    ? inThisVolume.limit(LN_ENTRIES_PER_PAGE).offset(offset)
    : reach === "none"
      ? inThisVolume.where((row) => row.lit(false))
      : reach === "all"
        ? inThisVolume.limit(LN_ENTRIES_PER_PAGE).offset(offset)
        : inThisVolume;
  const [volumes, entries, totals, facets] = await batch(db, [
    query
      .selectFrom("ln_volumes as v")
      .innerJoin("ln_collections as c", "c.code", "v.collection_code")
      .select([
        "v.key",
        "v.number",
        "v.label",
        "v.collection_code",
        "c.name as collection_name",
        "v.released_en",
        "v.no_english_edition",
      ])
      .where("v.key", "=", key),
    listing,
    query
      .selectFrom("ln_mistakes as m")
      .select((count) => count.fn.countAll<number>().as("total"))
      .where("m.volume_key", "=", key),
    facetRows("ln_mistakes", key),
  ]);
  const volume = volumes[0];
  if (!volume) return null;
  const listed = entries.map((row) => listedMistake(inVolume(toLnMistake(row))));
  const pagedInSql = !filtered || reach !== "some";
  return {
    volume: {
      key: volume.key,
      number: volume.number,
      label: volume.label,
      collectionCode: volume.collection_code,
      collectionName: volume.collection_name,
      ...englishEditionOf(volume),
    },
    entries: pagedInSql ? listed : knownTo(listed, knowledge).slice(offset, offset + LN_ENTRIES_PER_PAGE),
    // Under filters, as many as match among the known: counted from every entry's filters and revealers.
    paging: pageInfo(
      page,
      LN_ENTRIES_PER_PAGE,
      filtered ? knownMatches(facets, filters, knowledge) : (totals[0]?.total ?? 0),
    ),
    facets: facetsKnownTo(facets, knowledge),
    /** Under filters, how many of the volume's entries the requester does not know; null without (the list's runs say it). */
    unknown: filtered ? unknownCount(facets, knowledge) : null,
  };
}
