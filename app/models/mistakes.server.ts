import type {
  AnimeMistakeRow as AnimeMistakeColumns,
  LnMistakeRow as LnMistakeColumns,
  LnVolumeRow,
  MistakeEntryColumns,
} from "~/lib/content/rows";
import { volumeKey } from "~/lib/content/units";
import { gated, knownTo } from "~/lib/gated";
import type { Knowledge } from "~/lib/knowledge";
import type {
  AnimeMistake,
  LnMistake,
  LnMistakeInVolume,
  MistakeFacets,
  MistakeText,
  NewestMistake,
  SimilarMistake,
  VolumeMistakeCount,
} from "~/lib/mistake-entries";
import {
  animeMistakePath,
  formatTimestamp,
  LN_ENTRIES_PER_PAGE,
  lnMistakePath,
  type MistakeCategory,
  type MistakeFilters,
  type MistakeSeverity,
  timestampSeconds,
} from "~/lib/mistakes";
import { type PageInfo, pageInfo, pageOffset } from "~/lib/paging";
import { searchWords, toFtsQuery } from "~/lib/search-query";
import { batch, parseJsonList } from "./db.server";

/** An entry's own columns, without the importer's `source`, and the labels its joins add. */
type LnMistakeRow = Omit<LnMistakeColumns, "source"> & { volume_label: string; web_novel_label: string | null };

type AnimeMistakeRow = Omit<AnimeMistakeColumns, "source"> & {
  season_number: number;
  episode_number: number;
  episode_title: string;
  episode_position: number;
};

/** A volume and how many entries it has of each severity. */
type VolumeCountRow = Pick<LnVolumeRow, "key" | "collection_code" | "number" | "title"> & {
  collection_name: string;
} & Record<MistakeSeverity, number>;

interface FacetRow {
  facet: "category" | "severity" | "status";
  value: string;
  count: number;
}

const lnColumns = `m.id, m.volume_key, vu.label AS volume_label, m.chapter, m.chapter_title, m.web_novel_chapter,
  cu.label AS web_novel_label, m.page, m.ebook_position, m.edition, m.japanese, m.official, m.suggested, m.explanation,
  m.category, m.severity, m.status, m.revealed_by, m.credits, m.added_on, m.updated_on`;
const lnJoins = `JOIN story_units vu ON vu.key = m.volume_key LEFT JOIN story_units cu ON cu.key = m.web_novel_chapter`;

const animeColumns = `m.id, m.episode_key, e.season_number, e.number AS episode_number, e.title AS episode_title, e.position AS episode_position,
  m.start_seconds, m.end_seconds, m.platform, m.track, m.japanese, m.official, m.suggested, m.explanation,
  m.category, m.severity, m.status, m.revealed_by, m.credits, m.added_on, m.updated_on`;

/**
 * A volume page's reading order, and how many of the volume's entries come before `m` in it (its
 * place, for links to the page of the volume that holds it). Row values compare column by column;
 * the COALESCEs keep NULL pages and ebook positions in the same places the ORDER BY puts them.
 */
const lnReadingOrder = `m.chapter, m.page IS NULL, COALESCE(m.page, 0), COALESCE(m.ebook_position, ''), m.id`;
const lnEntriesBefore = `(SELECT COUNT(*) FROM ln_mistakes o WHERE o.volume_key = m.volume_key
    AND (o.chapter, o.page IS NULL, COALESCE(o.page, 0), COALESCE(o.ebook_position, ''), o.id) < (${lnReadingOrder}))`;

/** Volumes on one page of the volume tables (the index and a collection's page). */
export const VOLUMES_PER_PAGE = 50;
/** Search matches per page: each is a whole entry, so fewer than a volume page holds. */
export const MATCHES_PER_PAGE = 10;

/** The columns both kinds of entry share. */
type EntryColumns = Omit<MistakeEntryColumns, "source"> & { japanese: string | null };

/** What every entry shows whatever the reader knows: how it is judged and when it was added. */
function entryFacts(row: EntryColumns) {
  return {
    id: row.id,
    category: row.category,
    severity: row.severity,
    status: row.status,
    credits: parseJsonList(row.credits),
    addedOn: row.added_on,
    updatedOn: row.updated_on,
  };
}

/** What an entry quotes from the story: gated by what reveals the entry. */
function entryText(row: EntryColumns): MistakeText {
  return {
    japanese: row.japanese || null,
    official: row.official,
    suggested: row.suggested,
    explanation: row.explanation,
  };
}

function toLnMistake(row: LnMistakeRow): LnMistake {
  return {
    ...entryFacts(row),
    volume: { key: row.volume_key, label: row.volume_label },
    chapter: row.chapter,
    webNovelChapter: row.web_novel_chapter
      ? { key: row.web_novel_chapter, label: row.web_novel_label ?? row.web_novel_chapter }
      : null,
    page: row.page,
    ebookPosition: row.ebook_position,
    edition: row.edition,
    ...gated(row.revealed_by, { ...entryText(row), chapterTitle: row.chapter_title }),
  };
}

function inVolume({ volume: _volume, ...entry }: LnMistake): LnMistakeInVolume {
  return entry;
}

function toAnimeMistake(row: AnimeMistakeRow): AnimeMistake {
  return {
    ...entryFacts(row),
    episode: {
      key: row.episode_key,
      season: row.season_number,
      number: row.episode_number,
      title: row.episode_title,
      position: row.episode_position,
    },
    start: row.start_seconds,
    end: row.end_seconds,
    platform: row.platform,
    track: row.track,
    ...gated(row.revealed_by, entryText(row)),
  };
}

function toVolumeCount(row: VolumeCountRow): VolumeMistakeCount {
  return {
    key: row.key,
    collectionCode: row.collection_code,
    collectionName: row.collection_name,
    number: row.number,
    title: row.title,
    counts: { minor: row.minor, meaning_changing: row.meaning_changing, plot_relevant: row.plot_relevant },
    total: row.minor + row.meaning_changing + row.plot_relevant,
  };
}

/** Per-volume entry counts by severity, one page of every volume (or of one collection's), and how many there are. */
function volumeCounts(db: D1Database, collectionCode: string | null, page: number) {
  const counts = db
    .prepare(
      `SELECT v.key, v.collection_code, c.name AS collection_name, v.number, v.title,
              COUNT(CASE WHEN m.severity = 'minor' THEN 1 END) AS minor,
              COUNT(CASE WHEN m.severity = 'meaning_changing' THEN 1 END) AS meaning_changing,
              COUNT(CASE WHEN m.severity = 'plot_relevant' THEN 1 END) AS plot_relevant
         FROM ln_volumes v
         JOIN ln_collections c ON c.code = v.collection_code
         LEFT JOIN ln_mistakes m ON m.volume_key = v.key
        WHERE v.key IN (SELECT v.key FROM ln_volumes v JOIN ln_collections c ON c.code = v.collection_code
                         WHERE ?1 IS NULL OR v.collection_code = ?1
                         ORDER BY c.sort_order, v.number LIMIT ?2 OFFSET ?3)
        GROUP BY v.key ORDER BY c.sort_order, v.number`,
    )
    .bind(collectionCode, VOLUMES_PER_PAGE, pageOffset(page, VOLUMES_PER_PAGE));
  const total = db
    .prepare(`SELECT COUNT(*) AS total FROM ln_volumes WHERE ?1 IS NULL OR collection_code = ?1`)
    .bind(collectionCode);
  return [counts, total] as const;
}

function filterClause(filters: MistakeFilters) {
  const conditions: string[] = [];
  const params: string[] = [];
  for (const facet of ["category", "severity", "status"] as const) {
    if (filters[facet]) {
      conditions.push(`m.${facet} = ?`);
      params.push(filters[facet]!);
    }
  }
  return { sql: conditions.map((condition) => ` AND ${condition}`).join(""), params };
}

/** How many entries each filter value has (for one volume's light novel entries, or all anime entries). */
function facetCounts(db: D1Database, table: "ln_mistakes" | "anime_mistakes", volumeKey: string | null = null) {
  const value = volumeKey;
  const where = value === null ? "" : `WHERE volume_key = ?1`;
  const statement = db.prepare(
    `SELECT 'category' AS facet, category AS value, COUNT(*) AS count FROM ${table} ${where} GROUP BY category
     UNION ALL SELECT 'severity', severity, COUNT(*) FROM ${table} ${where} GROUP BY severity
     UNION ALL SELECT 'status', status, COUNT(*) FROM ${table} ${where} GROUP BY status`,
  );
  return value === null ? statement : statement.bind(value);
}

function toFacets(rows: FacetRow[]): MistakeFacets {
  const facets: MistakeFacets = { category: {}, severity: {}, status: {} };
  for (const row of rows) facets[row.facet][row.value] = row.count;
  return facets;
}

/** The hub: counts by medium and severity, and the newest entries of both media (only what their lines show). One round trip. */
export async function getTranslationMetaHub(db: D1Database, newest = 8) {
  const [counts, ln, anime] = await batch<
    [
      { medium: "light_novel" | "anime"; severity: MistakeSeverity; count: number },
      NewestRow & { volume_key: string; volume_label: string; chapter: number; entries_before: number },
      NewestRow & { episode_key: string; season_number: number; episode_number: number; start_seconds: number },
    ]
  >(db, [
    db.prepare(
      `SELECT 'light_novel' AS medium, severity, COUNT(*) AS count FROM ln_mistakes GROUP BY severity
       UNION ALL SELECT 'anime', severity, COUNT(*) FROM anime_mistakes GROUP BY severity`,
    ),
    db
      .prepare(
        `SELECT ${newestColumns}, m.volume_key, vu.label AS volume_label, m.chapter, ${lnEntriesBefore} AS entries_before
           FROM ln_mistakes m JOIN story_units vu ON vu.key = m.volume_key ORDER BY m.added_on DESC, m.id LIMIT ?1`,
      )
      .bind(newest),
    db
      .prepare(
        `SELECT ${newestColumns}, m.episode_key, e.season_number, e.number AS episode_number, m.start_seconds
           FROM anime_mistakes m JOIN anime_episodes e ON e.key = m.episode_key ORDER BY m.added_on DESC, m.id LIMIT ?1`,
      )
      .bind(newest),
  ]);
  const entries: NewestMistake[] = [
    ...ln.map((row) => ({
      ...toNewest(row),
      where: `${row.volume_label}, chapter ${row.chapter}`,
      path: lnMistakePath(row.volume_key, row.id, row.entries_before),
    })),
    ...anime.map((row) => ({
      ...toNewest(row),
      where: `Anime season ${row.season_number} · episode ${row.episode_number} at ${formatTimestamp(row.start_seconds)}`,
      path: animeMistakePath(row.id, row.episode_key),
    })),
  ];
  return {
    counts,
    newest: entries.sort((a, b) => b.addedOn.localeCompare(a.addedOn) || a.id.localeCompare(b.id)).slice(0, newest),
  };
}

type NewestRow = Pick<EntryColumns, "id" | "severity" | "official" | "suggested" | "added_on" | "revealed_by">;
const newestColumns = `m.id, m.severity, m.official, m.suggested, m.added_on, m.revealed_by`;

function toNewest(row: NewestRow): Omit<NewestMistake, "where" | "path"> {
  return {
    id: row.id,
    severity: row.severity,
    addedOn: row.added_on,
    ...gated(row.revealed_by, { official: row.official, suggested: row.suggested }),
  };
}

/** The most entries a search of the light novel notes reads; the requester's own are paged from them. */
const MOST_MATCHES = 1000;

/**
 * The light novel index: one page of every volume with its counts by severity or, with a query, one
 * page of the entries that match it that the requester (`knowledge`) knows, in reading order, with
 * their total. An entry they do not know leaves no trace (not a count, a place or a page): its lines
 * are what matched. Matches everyone may see are read first, so what a requester who knows nothing
 * gets never depends on how many gated entries match. One round trip.
 */
export async function getLnMistakeIndex(
  db: D1Database,
  query: string,
  page: number,
  knowledge: Knowledge,
): Promise<{ volumes: VolumeMistakeCount[]; matches: LnMistake[]; paging: PageInfo }> {
  const fts = toFtsQuery(query);
  if (!fts) {
    const [volumes, totals] = await batch<[VolumeCountRow, { total: number }]>(db, [...volumeCounts(db, null, page)]);
    return {
      volumes: volumes.map(toVolumeCount),
      matches: [],
      paging: pageInfo(page, VOLUMES_PER_PAGE, totals[0]?.total ?? 0),
    };
  }
  const [rows] = await batch<[LnMistakeRow & { place: number }]>(db, [
    db
      .prepare(
        `WITH hits AS (
           SELECT ${lnColumns}, vu.position AS volume_position
             FROM ln_mistake_index JOIN ln_mistakes m ON m.seq = ln_mistake_index.rowid ${lnJoins}
            WHERE ln_mistake_index MATCH ?1
         )
         SELECT *, row_number() OVER (ORDER BY volume_position, chapter, id) AS place
           FROM hits ORDER BY revealed_by IS NOT NULL, place LIMIT ?2`,
      )
      .bind(fts, MOST_MATCHES),
  ]);
  const known = knownTo(rows.sort((a, b) => a.place - b.place).map(toLnMistake), knowledge);
  const offset = pageOffset(page, MATCHES_PER_PAGE);
  return {
    volumes: [],
    matches: known.slice(offset, offset + MATCHES_PER_PAGE),
    paging: pageInfo(page, MATCHES_PER_PAGE, known.length),
  };
}

/** One collection's volumes with their counts, a page at a time; null for an unknown collection. */
export async function getLnCollectionMistakes(db: D1Database, code: string, page: number) {
  const [collections, volumes, totals] = await batch<
    [{ code: string; name: string }, VolumeCountRow, { total: number }]
  >(db, [
    db.prepare(`SELECT code, name FROM ln_collections WHERE code = ?1`).bind(code),
    ...volumeCounts(db, code, page),
  ]);
  const collection = collections[0];
  return collection
    ? {
        collection,
        volumes: volumes.map(toVolumeCount),
        paging: pageInfo(page, VOLUMES_PER_PAGE, totals[0]?.total ?? 0),
      }
    : null;
}

/** One page of a volume's entries in reading order, filtered, with their total and the counts for each filter; null if unknown. */
export async function getVolumeMistakes(
  db: D1Database,
  code: string,
  number: number,
  filters: MistakeFilters,
  page = 1,
) {
  const key = volumeKey(code, number);
  const filter = filterClause(filters);
  const [volumes, entries, totals, facets] = await batch<
    [
      {
        key: string;
        title: string;
        number: number;
        collection_code: string;
        collection_name: string;
        released_en: string | null;
      },
      LnMistakeRow,
      { total: number },
      FacetRow,
    ]
  >(db, [
    db
      .prepare(
        `SELECT v.key, v.title, v.number, v.collection_code, c.name AS collection_name, v.released_en
           FROM ln_volumes v JOIN ln_collections c ON c.code = v.collection_code WHERE v.key = ?1`,
      )
      .bind(key),
    db
      .prepare(
        `SELECT ${lnColumns} FROM ln_mistakes m ${lnJoins}
          WHERE m.volume_key = ?${filter.sql}
          ORDER BY ${lnReadingOrder} LIMIT ? OFFSET ?`,
      )
      .bind(key, ...filter.params, LN_ENTRIES_PER_PAGE, pageOffset(page, LN_ENTRIES_PER_PAGE)),
    db
      .prepare(`SELECT COUNT(*) AS total FROM ln_mistakes m WHERE m.volume_key = ?${filter.sql}`)
      .bind(key, ...filter.params),
    facetCounts(db, "ln_mistakes", key),
  ]);
  const volume = volumes[0];
  if (!volume) return null;
  return {
    volume: {
      key: volume.key,
      title: volume.title,
      number: volume.number,
      collectionCode: volume.collection_code,
      collectionName: volume.collection_name,
      releasedEn: volume.released_en,
    },
    entries: entries.map((row) => inVolume(toLnMistake(row))),
    paging: pageInfo(page, LN_ENTRIES_PER_PAGE, totals[0]?.total ?? 0),
    facets: toFacets(facets),
  };
}

/** Every anime entry, filtered, by season and episode in order of time. One round trip. */
/**
 * One season's anime entries (the first season with entries when none is asked for), by episode and
 * timestamp, with every season's count under the same filters: the page stays one season long however
 * long the anime runs. One round trip.
 */
export async function getAnimeMistakes(db: D1Database, filters: MistakeFilters, season: number | null) {
  const filter = filterClause(filters);
  const [entries, seasonRows, facets] = await batch<
    [AnimeMistakeRow, { number: number; title: string; entries: number; unfiltered: number }, FacetRow]
  >(db, [
    db
      .prepare(
        `SELECT ${animeColumns} FROM anime_mistakes m JOIN anime_episodes e ON e.key = m.episode_key
          WHERE e.season_number = COALESCE(?, (SELECT MIN(e2.season_number) FROM anime_mistakes m2 JOIN anime_episodes e2 ON e2.key = m2.episode_key))
                ${filter.sql}
          ORDER BY e.number, m.start_seconds, m.id`,
      )
      .bind(season, ...filter.params),
    db
      .prepare(
        `SELECT s.number, s.title, COUNT(m.id) AS entries,
                (SELECT COUNT(*) FROM anime_episodes e2 JOIN anime_mistakes m2 ON m2.episode_key = e2.key WHERE e2.season_number = s.number) AS unfiltered
           FROM anime_seasons s
           LEFT JOIN anime_episodes e ON e.season_number = s.number
           LEFT JOIN anime_mistakes m ON m.episode_key = e.key${filter.sql}
          GROUP BY s.number ORDER BY s.number`,
      )
      .bind(...filter.params),
    facetCounts(db, "anime_mistakes"),
  ]);
  // The same season the first statement defaults to: the first with any entry, whatever the filters.
  const shown = season ?? seasonRows.find((each) => each.unfiltered > 0)?.number ?? seasonRows[0]?.number ?? null;
  return {
    season: seasonRows.some((each) => each.number === shown) ? shown : null,
    seasons: seasonRows.map(({ number, title, entries: count }) => ({ number, title, entries: count })),
    entries: entries.map(toAnimeMistake),
    facets: toFacets(facets),
  };
}

/** The newest entries of both media, for the Atom feed; a light novel entry with the address of its page. */
export async function getNewestMistakes(db: D1Database, limit: number) {
  const [ln, anime] = await batch<[LnMistakeRow & { entries_before: number }, AnimeMistakeRow]>(db, [
    db
      .prepare(
        `SELECT ${lnColumns}, ${lnEntriesBefore} AS entries_before FROM ln_mistakes m ${lnJoins} ORDER BY COALESCE(m.updated_on, m.added_on) DESC LIMIT ?1`,
      )
      .bind(limit),
    db
      .prepare(
        `SELECT ${animeColumns} FROM anime_mistakes m JOIN anime_episodes e ON e.key = m.episode_key
          ORDER BY COALESCE(m.updated_on, m.added_on) DESC LIMIT ?1`,
      )
      .bind(limit),
  ]);
  return {
    ln: ln.map((row) => ({ entry: toLnMistake(row), path: lnMistakePath(row.volume_key, row.id, row.entries_before) })),
    anime: anime.map(toAnimeMistake),
  };
}

/**
 * Every translation note of one medium or both (only of one volume or episode with `unit`), in story
 * order (a volume's in its reading order, an episode's by timestamp), each light novel note with the
 * address of its page: for the API, which keeps only those its requester knows and pages them among
 * themselves. One round trip.
 */
export async function getTranslationNotes(
  db: D1Database,
  { medium, unit }: { medium: "light_novels" | "anime" | null; unit: string | null },
) {
  const [ln, anime] = await batch<[LnMistakeRow & { entries_before: number }, AnimeMistakeRow]>(db, [
    db
      .prepare(
        `SELECT ${lnColumns}, ${lnEntriesBefore} AS entries_before FROM ln_mistakes m ${lnJoins}
          WHERE ?1 IN ('light_novels', 'all') AND (?2 IS NULL OR m.volume_key = ?2)
          ORDER BY vu.position, ${lnReadingOrder}`,
      )
      .bind(medium ?? "all", unit),
    db
      .prepare(
        `SELECT ${animeColumns} FROM anime_mistakes m JOIN anime_episodes e ON e.key = m.episode_key
          WHERE ?1 IN ('anime', 'all') AND (?2 IS NULL OR m.episode_key = ?2)
          ORDER BY e.position, m.start_seconds, m.id`,
      )
      .bind(medium ?? "all", unit),
  ]);
  return {
    ln: ln.map((row) => ({ ...toLnMistake(row), path: lnMistakePath(row.volume_key, row.id, row.entries_before) })),
    anime: anime.map((row) => ({ ...toAnimeMistake(row), path: animeMistakePath(row.id, row.episode_key) })),
  };
}

/**
 * The most entries a similar-entries search reads. The requester's own are picked from them
 * (knownTo), so entries everyone may see are read first: what a requester who knows nothing gets never
 * depends on how many gated entries match.
 */
const SIMILAR_CANDIDATES = 200;

/**
 * Existing entries that look like what a reader is reporting, in the order the form lists them: in the
 * chosen volume or episode first, then by how many of the words each holds, newest first. The order
 * depends only on each entry's own text (not FTS rank, whose weight for a word counts gated entries
 * too), so the entries a requester may see keep their order whatever else matches. One round trip.
 */
export async function findSimilarMistakes(
  db: D1Database,
  kind: "ln" | "anime",
  unit: string,
  query: string,
): Promise<SimilarMistake[]> {
  if (kind === "ln") {
    const fts = toFtsQuery(query, 6);
    if (!fts) return [];
    const terms = fts.split(" ");
    const [rows] = await batch<[LnMistakeRow & { place: number }]>(db, [
      db
        .prepare(
          `WITH hits AS (
             SELECT ${lnColumns}, m.volume_key = ?2 AS in_unit,
                    ${terms.map((_, index) => `(m.seq IN (SELECT rowid FROM ln_mistake_index WHERE ln_mistake_index MATCH ?${index + 4}))`).join(" + ")} AS words
               FROM ln_mistake_index JOIN ln_mistakes m ON m.seq = ln_mistake_index.rowid ${lnJoins}
              WHERE ln_mistake_index MATCH ?1
           )
           SELECT *, row_number() OVER (ORDER BY in_unit DESC, words DESC, added_on DESC, id) AS place
             FROM hits ORDER BY revealed_by IS NOT NULL, place LIMIT ?3`,
        )
        .bind(
          `{official japanese}: ${terms.join(" OR ")}`,
          unit,
          SIMILAR_CANDIDATES,
          ...terms.map((term) => `{official japanese}: ${term}`),
        ),
    ]);
    return rows
      .sort((a, b) => a.place - b.place)
      .map((row) => ({
        id: row.id,
        unit: row.volume_key,
        where: `${row.volume_label}, chapter ${row.chapter}`,
        ...gated(row.revealed_by, { official: row.official, suggested: row.suggested }),
      }));
  }
  // Words of one or two letters would match nearly every line.
  const words = searchWords(query, 50)
    .filter((word) => [...word].length > 2)
    .slice(0, 6);
  if (!words.length) return [];
  const matches = words.map((_, index) => `(lower(m.official) LIKE ?${index + 3})`);
  const [rows] = await batch<[AnimeMistakeRow & { place: number }]>(db, [
    db
      .prepare(
        `WITH hits AS (
           SELECT ${animeColumns}, m.episode_key = ?1 AS in_unit, ${matches.join(" + ")} AS words
             FROM anime_mistakes m JOIN anime_episodes e ON e.key = m.episode_key
            WHERE ${matches.join(" OR ")}
         )
         SELECT *, row_number() OVER (ORDER BY in_unit DESC, words DESC, added_on DESC, id) AS place
           FROM hits ORDER BY revealed_by IS NOT NULL, place LIMIT ?2`,
      )
      .bind(unit, SIMILAR_CANDIDATES, ...words.map((word) => `%${word}%`)),
  ]);
  return rows
    .sort((a, b) => a.place - b.place)
    .map((row) => ({
      id: row.id,
      unit: row.episode_key,
      where: `Season ${row.season_number} · Episode ${row.episode_number}`,
      ...gated(row.revealed_by, { official: row.official, suggested: row.suggested }),
    }));
}

/** A mistranslation report a moderator accepted, and how its entry is filed. */
export interface AcceptedMistakeReport {
  reportId: string;
  kind: "ln_mistl" | "anime_mistl";
  /** The form's fields as the reader sent them. */
  fields: Record<string, string>;
}

/**
 * The statement that publishes a report as a light novel or anime entry (`source = 'report'`,
 * revealed at its volume or episode), for the caller's batch: it inserts only while the report is stored
 * as accepted, so triage runs it after the status change in the same batch. The entry id is the report's
 * (chosen by the server, unique), so entries never collide and a report is published once; a stored unit
 * of the wrong medium inserts nothing.
 */
export function publishReportedMistake(
  db: D1Database,
  report: AcceptedMistakeReport,
  filing: { category: MistakeCategory; severity: MistakeSeverity; moderatorName: string },
  now = new Date(),
): { entryId: string; statement: D1PreparedStatement } {
  const { fields } = report;
  const entryId = `report-${report.reportId}`;
  const credits = JSON.stringify(["A reader", `reviewed by ${filing.moderatorName}`]);
  const day = now.toISOString().slice(0, 10);
  // What both kinds of entry store, bound as ?7 to ?13 in either statement.
  const entry = [
    fields.official ?? "",
    fields.suggested ?? "",
    fields.why ?? "",
    filing.category,
    filing.severity,
    credits,
    day,
  ];
  // Bound as ?14 in either statement.
  const whileAccepted = `EXISTS (SELECT 1 FROM reports WHERE id = ?14 AND status = 'accepted')`;
  if (report.kind === "ln_mistl") {
    const chapter = Number.parseInt(fields.chapter ?? "", 10);
    const page = Number.parseInt((fields.location ?? "").replace(/^p\.?\s*/i, ""), 10);
    const statement = db
      .prepare(
        `INSERT INTO ln_mistakes (id, source, volume_key, chapter, page, ebook_position, edition, japanese, official, suggested,
                                  explanation, category, severity, status, reveal_position, revealed_by, credits, added_on)
         SELECT ?1, 'report', ?2, ?3, ?4, ?5, 'Reported by a reader', ?6, ?7, ?8, ?9, ?10, ?11, 'confirmed', u.position, u.revealed_by, ?12, ?13
           FROM ln_volumes v JOIN story_units u ON u.key = v.key
          WHERE v.key = ?2 AND NOT EXISTS (SELECT 1 FROM ln_mistakes WHERE id = ?1) AND ${whileAccepted}`,
      )
      .bind(
        entryId,
        fields.volume ?? "",
        Number.isFinite(chapter) && chapter > 0 ? chapter : 1,
        Number.isFinite(page) && page > 0 ? page : null,
        Number.isFinite(page) ? null : fields.location || null,
        fields.japanese ?? "",
        ...entry,
        report.reportId,
      );
    return { entryId, statement };
  }
  const start = timestampSeconds(fields.timestamp ?? "0:00");
  const statement = db
    .prepare(
      `INSERT INTO anime_mistakes (id, source, episode_key, start_seconds, end_seconds, platform, track, japanese, official,
                                   suggested, explanation, category, severity, status, reveal_position, revealed_by, credits, added_on)
       SELECT ?1, 'report', ?2, ?3, ?4, ?5, ?6, NULL, ?7, ?8, ?9, ?10, ?11, 'confirmed', u.position, u.revealed_by, ?12, ?13
         FROM anime_episodes e JOIN story_units u ON u.key = e.key
        WHERE e.key = ?2 AND NOT EXISTS (SELECT 1 FROM anime_mistakes WHERE id = ?1) AND ${whileAccepted}`,
    )
    .bind(
      entryId,
      fields.episode ?? "",
      start,
      start + 5,
      fields.platform ?? "Other",
      fields.track ?? "subtitles",
      ...entry,
      report.reportId,
    );
  return { entryId, statement };
}
