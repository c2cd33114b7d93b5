import { type InferResult, sql } from "kysely";
import type { NewestMistake, NewestMistakeLine } from "~/lib/mistakes/entries";
import { episodeNumberName, lightNovelPlace } from "~/lib/content/labels";
import { animeMistakePath, entryHandle, formatTimestamp, lnMistakePath } from "~/lib/mistakes/rules";
import {
  animeEntryRows,
  entriesBefore,
  inReadingOrder,
  lnEntryRows,
  toAnimeMistake,
  toLnMistake,
} from "./mistake-entries.server";
import { bySeverityKnownTo, reachOf } from "./mistake-filters.server";
import type { MistakeSeverity } from "~/lib/vocabulary";
import { batch, query } from "./query.server";
import { gatedBy } from "./db.server";
import { type Knowledge, knows, readRevealers } from "~/lib/shield/knowledge";

/*
 * The mistakes of both media together: the hub's counts and newest lines, the Atom feed,
 * and the API's list.
 */

/** A medium as a column of its own, the same in both terms of the union. */
const medium = (name: "light_novel" | "anime") => sql<"light_novel" | "anime">`${sql.lit(name)}`.as("medium");

/** A count's revealers where it is of every value (a column of its own, as the counts that group by it have). */
const anyRevealers = sql<string | null>`NULL`.as("revealed_by");

/**
 * The hub's counts of entries in the statement its requester needs (`reachOf`), a row per medium and
 * severity: for one who knows no entry (every first load) and with the shield off, the counts kept as
 * the entries are written (migration 0072: six rows, whatever the number of entries; the first only sums
 * them); for one who knows some, by what reveals them too (a row per distinct pair, read from an index),
 * which `bySeverityKnownTo` judges by the one rule. Built once each.
 */
const keptCounts = query
  .selectFrom("translation_note_counts")
  .select([
    sql<"light_novel" | "anime">`medium`.as("medium"),
    sql<MistakeSeverity>`severity`.as("severity"),
    anyRevealers,
    "count",
  ])
  .where("count", ">", 0);
const hubCounts = {
  none: keptCounts,
  all: keptCounts,
  some: query
    .selectFrom("ln_mistakes")
    .select((row) => [medium("light_novel"), "severity", "revealed_by", row.fn.countAll<number>().as("count")])
    .groupBy(["revealed_by", "severity"])
    .unionAll(
      query
        .selectFrom("anime_mistakes")
        .select((row) => [medium("anime"), "severity", "revealed_by", row.fn.countAll<number>().as("count")])
        .groupBy(["revealed_by", "severity"]),
    ),
};

type HubCountRow = InferResult<(typeof hubCounts)[keyof typeof hubCounts]>[number];

/** A medium's total, and by severity how many of its entries the requester knows, from the rows its reach read. */
function countsOf(rows: readonly HubCountRow[], reach: keyof typeof hubCounts, knowledge: Knowledge) {
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  if (reach === "none") return { total, knownBySeverity: { minor: 0, meaning_changing: 0, plot_relevant: 0 } };
  // With the shield off every row is known, whatever reveals it (the kept counts carry none); else the one rule judges each.
  const judged = rows.map(({ revealed_by, ...row }) => ({ ...row, revealed_by: revealed_by ?? "" }));
  return { total, knownBySeverity: bySeverityKnownTo(judged, knowledge) };
}

/** What a line of the newest entries shows of either kind. */
const newestColumns = ["m.id", "m.severity", "m.official", "m.suggested", "m.added_on", "m.revealed_by"] as const;

const newestLn = (newest: number) =>
  query
    .selectFrom("ln_mistakes as m")
    .innerJoin("story_units as vu", "vu.key", "m.volume_key")
    .select([
      ...newestColumns,
      "m.volume_key",
      "vu.label as volume_label",
      "m.chapter",
      "m.chapter_label",
      entriesBefore.as("entries_before"),
    ])
    .orderBy("m.added_on", "desc")
    .orderBy("m.id")
    .limit(newest);

const newestAnime = (newest: number) =>
  query
    .selectFrom("anime_mistakes as m")
    .innerJoin("story_units as eu", "eu.key", "m.episode_key")
    // An episode's season and number; nulls for an OVA, special or film or a recut's episode, named by its
    // unit's label ("Anime · OVA", "Season 1 Recut · Episode 3").
    .leftJoin("anime_episodes as e", "e.key", "m.episode_key")
    .select([
      ...newestColumns,
      "m.episode_key",
      "eu.label as unit_label",
      "e.season_number",
      "e.number as episode_number",
      "e.label as episode_label",
      "m.start_seconds",
    ])
    .orderBy("m.added_on", "desc")
    .orderBy("m.id")
    .limit(newest);

/** A line of the newest entries: its handle public, the rest gated by what reveals the entry. */
function toNewest(
  row: InferResult<ReturnType<typeof newestLn | typeof newestAnime>>[number],
  place: Pick<NewestMistakeLine, "where" | "path">,
): NewestMistake {
  return {
    id: entryHandle(row.id),
    ...gatedBy(row.revealed_by, {
      ...place,
      severity: row.severity,
      addedOn: row.added_on,
      official: row.official,
      suggested: row.suggested,
    }),
  };
}

/**
 * The hub: how many entries each medium has, and by severity how many of those the requester
 * (`knowledge`) knows; the newest entries of both media (only what their lines show). One round trip.
 */
export async function getTranslationMetaHub(db: D1Database, knowledge: Knowledge, newest = 8) {
  const reach = reachOf(knowledge);
  const [counts, ln, anime] = await batch(db, [hubCounts[reach], newestLn(newest), newestAnime(newest)]);
  const ofMedium = (name: "light_novel" | "anime") =>
    countsOf(
      counts.filter((row) => row.medium === name),
      reach,
      knowledge,
    );
  const entries = [
    ...ln.map((row) => ({
      addedOn: row.added_on,
      line: toNewest(row, {
        where: lightNovelPlace(row.volume_label, { number: row.chapter, label: row.chapter_label }),
        path: lnMistakePath(row.volume_key, entryHandle(row.id), row.entries_before),
      }),
    })),
    ...anime.map((row) => ({
      addedOn: row.added_on,
      line: toNewest(row, {
        where: `${
          row.season_number === null || row.episode_number === null
            ? row.unit_label
            : `Anime season ${row.season_number} · episode ${episodeNumberName({ number: row.episode_number, label: row.episode_label })}`
        } at ${formatTimestamp(row.start_seconds)}`,
        path: animeMistakePath(entryHandle(row.id), row.episode_key),
      }),
    })),
  ];
  return {
    counts: { light_novel: ofMedium("light_novel"), anime: ofMedium("anime") },
    newest: entries
      .sort((a, b) => b.addedOn.localeCompare(a.addedOn) || a.line.id.localeCompare(b.line.id))
      .slice(0, newest)
      .map(({ line }) => line),
  };
}

/** The newest entries of both media, for the Atom feed; a light novel entry with the address of its page. */
export async function getNewestMistakes(db: D1Database, limit: number) {
  const [ln, anime] = await batch(db, [
    lnEntryRows
      .select(entriesBefore.as("entries_before"))
      .orderBy((row) => row.fn.coalesce("m.updated_on", "m.added_on"), "desc")
      .limit(limit),
    animeEntryRows.orderBy((row) => row.fn.coalesce("m.updated_on", "m.added_on"), "desc").limit(limit),
  ]);
  return {
    ln: ln.map((row) => ({
      entry: toLnMistake(row),
      path: lnMistakePath(row.volume_key, entryHandle(row.id), row.entries_before),
    })),
    anime: anime.map(toAnimeMistake),
  };
}

/** The entries of one medium or both (only of one volume or episode with `unit`) the API lists. */
export interface MistakeListing {
  medium: "light_novels" | "anime" | null;
  unit: string | null;
}

/** How many entries each stored revealers value reveals (as many rows as distinct values, a few per unit): of `listing`. */
const lnRevealerCounts = ({ medium, unit }: MistakeListing) =>
  query
    .selectFrom("ln_mistakes as m")
    .select((row) => ["m.revealed_by", row.fn.countAll<number>().as("count")])
    .where((row) => row(row.val(medium ?? "light_novels"), "=", "light_novels"))
    .$if(unit !== null, (one) => one.where("m.volume_key", "=", unit!))
    .groupBy("m.revealed_by");

const animeRevealerCounts = ({ medium, unit }: MistakeListing) =>
  query
    .selectFrom("anime_mistakes as m")
    .select((row) => ["m.revealed_by", row.fn.countAll<number>().as("count")])
    .where((row) => row(row.val(medium ?? "anime"), "=", "anime"))
    .$if(unit !== null, (one) => one.where("m.episode_key", "=", unit!))
    .groupBy("m.revealed_by");

/** Values of a column among a list, however long (one parameter, not one each: D1 takes at most 100). */
const oneOf = (values: readonly string[]) => sql<string>`(SELECT value FROM json_each(${JSON.stringify(values)}))`;

/**
 * One page of the entries the requester (`knowledge`) knows, light novels first, then anime, each in story
 * order (a volume's in its reading order, an episode's by timestamp), counted among themselves; each light
 * novel entry with the address of its page. For the API. The first round trip counts the entries by what
 * reveals them (as many rows as distinct revealers, whatever the number of entries), which the one rule
 * judges; the second reads only the page's entries among the known ones, so a request costs its page, not
 * every entry. A requester who knows none needs no second.
 */
export async function getKnownMistakes(
  db: D1Database,
  listing: MistakeListing,
  knowledge: Knowledge,
  { offset, limit }: { offset: number; limit: number },
) {
  const [lnRevealers, animeRevealers] = await batch(db, [lnRevealerCounts(listing), animeRevealerCounts(listing)]);
  const known = (rows: readonly { revealed_by: string; count: number }[]) => {
    const kept = rows.filter((row) => knows(knowledge, readRevealers(row.revealed_by)));
    return { revealers: kept.map((row) => row.revealed_by), count: kept.reduce((sum, row) => sum + row.count, 0) };
  };
  const ln = known(lnRevealers);
  const anime = known(animeRevealers);
  const total = ln.count + anime.count;
  const lnTake = Math.max(0, Math.min(limit, ln.count - offset));
  const animeTake = Math.max(0, Math.min(limit - lnTake, anime.count - Math.max(0, offset - ln.count)));
  if (lnTake + animeTake === 0) return { ln: [], anime: [], total };
  // The page's ids first, then their columns: the entries before the page are ordered, not read.
  const lnPage = query
    .selectFrom("ln_mistakes as m")
    .innerJoin("story_units as vu", "vu.key", "m.volume_key")
    .select("m.id")
    .where("m.revealed_by", "in", oneOf(ln.revealers))
    .$if(listing.unit !== null, (one) => one.where("m.volume_key", "=", listing.unit!))
    .orderBy("vu.position")
    .$call(inReadingOrder)
    .limit(lnTake)
    .offset(offset);
  const animePage = query
    .selectFrom("anime_mistakes as m")
    .innerJoin("story_units as eu", "eu.key", "m.episode_key")
    .select("m.id")
    .where("m.revealed_by", "in", oneOf(anime.revealers))
    .$if(listing.unit !== null, (one) => one.where("m.episode_key", "=", listing.unit!))
    .orderBy("eu.position")
    .orderBy("m.start_seconds")
    .orderBy("m.id")
    .limit(animeTake)
    .offset(Math.max(0, offset - ln.count));
  const [lnRows, animeRows] = await batch(db, [
    lnEntryRows
      .select(entriesBefore.as("entries_before"))
      .where("m.id", "in", lnPage)
      .orderBy("vu.position")
      .$call(inReadingOrder),
    animeEntryRows.where("m.id", "in", animePage).orderBy("eu.position").orderBy("m.start_seconds").orderBy("m.id"),
  ]);
  return {
    ln: lnRows.map((row) => ({
      ...toLnMistake(row),
      path: lnMistakePath(row.volume_key, entryHandle(row.id), row.entries_before),
    })),
    anime: animeRows.map((row) => ({
      ...toAnimeMistake(row),
      path: animeMistakePath(entryHandle(row.id), row.episode_key),
    })),
    total,
  };
}
