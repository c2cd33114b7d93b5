import { type Expression, expressionBuilder, type InferResult, type SqlBool, sql } from "kysely";
import type {
  AnimeMistake,
  AnimeMistakePlace,
  LnMistake,
  LnMistakeInVolume,
  MistakeText,
} from "~/lib/mistakes/entries";
import { entryHandle, type MistakeSeverity } from "~/lib/mistakes/rules";
import type { Database } from "./database";
import { gatedBy, gatedTitle, parseJsonList } from "./db.server";
import { query } from "./query.server";

/*
 * Light novel and anime entries as every mistakes page reads them: their columns, the labels their
 * joins add, their reading order, and what a page shows of a row. Filters: ./mistake-filters.server.
 */

/** The light novel entries with their volume's label and contents, and their web novel chapter's label, if any. */
const lnEntries = query
  .selectFrom("ln_mistakes as m")
  .innerJoin("story_units as vu", "vu.key", "m.volume_key")
  .innerJoin("ln_volumes as v", "v.key", "m.volume_key")
  .leftJoin("story_units as cu", "cu.key", "m.web_novel_chapter");

/**
 * What reveals the entry's chapter title as its volume's contents list it (app/models/light-novels.server.ts:
 * `chaptersOf`): the flag of a title that repeats one the web novel flags, null for none (and for an
 * entry whose place in the contents is not known, chapter 0), or "" (nothing) where the volume's flags
 * are stale.
 */
const chapterTitleFlag = sql<string | null>`CASE
  WHEN json_array_length(v.chapter_titles_revealed_by) <> json_array_length(v.chapter_titles) THEN ''
  WHEN m.chapter > 0 THEN json_extract(v.chapter_titles_revealed_by, '$[' || (m.chapter - 1) || ']')
  END`.as("chapter_title_flag");

/** An entry's own columns (without the importer's `source`) and the labels its joins add. */
const lnColumns = [
  "m.id",
  "m.volume_key",
  "vu.label as volume_label",
  "m.chapter",
  "m.chapter_title",
  chapterTitleFlag,
  "vu.revealed_by as volume_revealed_by",
  "m.chapter_label",
  "m.web_novel_chapter",
  "cu.label as web_novel_label",
  "m.page",
  "m.ebook_position",
  "m.edition",
  "m.japanese",
  "m.official",
  "m.suggested",
  "m.explanation",
  "m.category",
  "m.severity",
  "m.status",
  "m.revealed_by",
  "m.credits",
  "m.added_on",
  "m.updated_on",
] as const;

/**
 * The anime entries with their unit: an episode of a season (`e`), an OVA, special or film (`sp`,
 * decision 84) or an episode of a recut (`re`, decision 85); one of them is there, the others all nulls.
 */
const animeEntries = query
  .selectFrom("anime_mistakes as m")
  .innerJoin("story_units as eu", "eu.key", "m.episode_key")
  .leftJoin("anime_episodes as e", "e.key", "m.episode_key")
  .leftJoin("anime_specials as sp", "sp.key", "m.episode_key")
  .leftJoin("anime_recut_episodes as re", "re.key", "m.episode_key");

const animeColumns = [
  "m.id",
  "m.episode_key",
  "eu.medium as unit_medium",
  "eu.label as unit_label",
  "sp.kind as special_kind",
  "e.season_number",
  "e.number as episode_number",
  "e.label as episode_label",
  "re.season_number as recut_season",
  "re.recut_number",
  "re.number as recut_episode_number",
  "eu.title_reached_by as episode_reached_by",
  "eu.position as episode_position",
  "m.start_seconds",
  "m.end_seconds",
  "m.platform",
  "m.track",
  "m.japanese",
  "m.official",
  "m.suggested",
  "m.explanation",
  "m.category",
  "m.severity",
  "m.status",
  "m.revealed_by",
  "m.credits",
  "m.added_on",
  "m.updated_on",
] as const;

/** A full-text query over the light novel entries' index (ln_mistake_index). */
export const matchesIndex = (fts: string) => sql<SqlBool>`ln_mistake_index MATCH ${fts}`;

/** The light novel entries whose indexed text matches a full-text query, as pages show them. */
export function lnEntriesMatching(fts: string) {
  return query
    .selectFrom("ln_mistake_index")
    .innerJoin("ln_mistakes as m", (join) => join.on("m.seq", "=", sql<number>`ln_mistake_index.rowid`))
    .innerJoin("story_units as vu", "vu.key", "m.volume_key")
    .innerJoin("ln_volumes as v", "v.key", "m.volume_key")
    .leftJoin("story_units as cu", "cu.key", "m.web_novel_chapter")
    .select([...lnColumns])
    .where(matchesIndex(fts));
}

/** Light novel entries as pages show them, to narrow, order and add to. */
export const lnEntryRows = lnEntries.select([...lnColumns]);
/** Anime entries as pages show them, to narrow, order and add to. */
export const animeEntryRows = animeEntries
  .select([...animeColumns])
  .select((row) => [
    row.fn.coalesce("e.title", "sp.title", "re.title").as("episode_title"),
    row.fn.coalesce("e.title_revealed_by", "sp.title_revealed_by", "re.title_revealed_by").as("episode_title_flag"),
  ]);

type LnMistakeRow = InferResult<typeof lnEntryRows>[number];
type AnimeMistakeRow = InferResult<typeof animeEntryRows>[number];

/** `m` and `o`: two light novel entries, one compared with the other. */
const m = expressionBuilder<{ m: Database["ln_mistakes"] }, "m">();
const o = expressionBuilder<{ o: Database["ln_mistakes"] }, "o">();

/**
 * A volume page's reading order: chapter, then page (entries without one last), then ebook position,
 * then id. The COALESCEs keep NULL pages and ebook positions where ORDER BY puts them, so the same
 * terms compare as a row value.
 */
const readingOrder = [
  m.ref("m.chapter"),
  m("m.page", "is", null),
  m.fn.coalesce("m.page", m.lit(0)),
  m.fn.coalesce("m.ebook_position", sql.lit("")),
  m.ref("m.id"),
] as const;

/** Orders light novel entries (`m`) as a volume page lists them. */
export function inReadingOrder<Q extends { orderBy(term: Expression<unknown>): Q }>(entries: Q): Q {
  return readingOrder.reduce((ordered, term) => ordered.orderBy(term), entries);
}

/**
 * How many of its volume's entries come before `m` in reading order: its place, for links to the page
 * of the volume that holds it.
 */
export const entriesBefore = query
  .selectFrom("ln_mistakes as o")
  .select((count) => count.fn.countAll<number>().as("before"))
  .where("o.volume_key", "=", m.ref("m.volume_key"))
  .where(
    o.refTuple(
      "o.chapter",
      o("o.page", "is", null),
      o.fn.coalesce("o.page", o.lit(0)),
      o.fn.coalesce("o.ebook_position", sql.lit("")),
      "o.id",
    ),
    "<",
    m.refTuple(...readingOrder),
  )
  .$asScalar();

/** How many light novel entries (`m`) have this severity, in a grouped SELECT. */
const withSeverity = (severity: MistakeSeverity) =>
  m.fn.count<number>(m.case().when("m.severity", "=", severity).then(m.lit(1)).end());

/** How many light novel entries (`m`) of each severity, for a grouped SELECT. */
export const severityCounts = [
  withSeverity("minor").as("minor"),
  withSeverity("meaning_changing").as("meaning_changing"),
  withSeverity("plot_relevant").as("plot_relevant"),
] as const;

type EntryColumns = Pick<
  LnMistakeRow | AnimeMistakeRow,
  | "id"
  | "category"
  | "severity"
  | "status"
  | "credits"
  | "added_on"
  | "updated_on"
  | "japanese"
  | "official"
  | "suggested"
  | "explanation"
>;

/** What every entry shows whatever the reader knows: how it is judged and when it was added. */
function entryFacts(row: EntryColumns) {
  return {
    id: entryHandle(row.id),
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

export function toLnMistake(row: LnMistakeRow): LnMistake {
  return {
    ...entryFacts(row),
    volume: { key: row.volume_key, label: row.volume_label },
    chapter: row.chapter,
    chapterLabel: row.chapter_label,
    // Gated as the volume's contents gate it, not by the entry: a passage the reader may see can sit in
    // a chapter whose title names what they skipped.
    chapterTitle: gatedTitle(row.chapter_title_flag, row.volume_revealed_by, row.chapter_title),
    webNovelChapter: row.web_novel_chapter
      ? { key: row.web_novel_chapter, label: row.web_novel_label ?? row.web_novel_chapter }
      : null,
    page: row.page,
    ebookPosition: row.ebook_position,
    edition: row.edition,
    ...gatedBy(row.revealed_by, entryText(row)),
  };
}

export function inVolume({ volume: _volume, ...entry }: LnMistake): LnMistakeInVolume {
  return entry;
}

/** An anime entry's episode, special or recut episode as pages show it. */
function animePlace(row: AnimeMistakeRow): AnimeMistakePlace {
  // Gated as a unit's title is: by its flag where the pack flags it; else until the reader reaches the
  // unit, unless they show such titles.
  const title =
    row.episode_title === null ? null : gatedTitle(row.episode_title_flag, row.episode_reached_by, row.episode_title);
  const common = { key: row.episode_key, title, position: row.episode_position };
  if (row.recut_season !== null && row.recut_number !== null && row.recut_episode_number !== null)
    return {
      medium: "anime_recut",
      season: row.recut_season,
      recut: row.recut_number,
      number: row.recut_episode_number,
      label: row.unit_label,
      ...common,
    };
  if (row.season_number === null || row.episode_number === null)
    return { medium: "anime_specials", kind: row.special_kind ?? "special", label: row.unit_label, ...common };
  return {
    medium: "anime",
    season: row.season_number,
    number: row.episode_number,
    label: row.episode_label,
    ...common,
  };
}

export function toAnimeMistake(row: AnimeMistakeRow): AnimeMistake {
  return {
    ...entryFacts(row),
    episode: animePlace(row),
    start: row.start_seconds,
    end: row.end_seconds,
    platform: row.platform,
    track: row.track,
    ...gatedBy(row.revealed_by, entryText(row)),
  };
}
