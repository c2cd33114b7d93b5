import { type InferResult, sql } from "kysely";
import type { AnimeEpisode, BreakTimeShort, EpisodeAdapts, SeasonPart } from "~/lib/content/anime";
import { query } from "./query.server";
import { gatedBy, gatedTitle } from "./db.server";
import { isRecutEpisodeKey, readRevealers } from "~/lib/content/units";
import { episodeRunName } from "~/lib/content/labels";

/*
 * What /anime (./anime.server) and /break_time (./break-time.server) both read: one season's episodes
 * and the Break Time shorts beside them.
 */

const firstSeason = query.selectFrom("anime_seasons").select((season) => season.fn.min("number").as("number"));

/** The season a page shows: the one asked for, else the first. */
export const selectedSeason = (seasonNumber: number | null) => seasonNumber ?? firstSeason;

/** One season's episodes in airing order, with the labels of the chapters each adapts. */
export const seasonEpisodes = (seasonNumber: number | null) =>
  query
    .selectFrom("anime_episodes as e")
    .innerJoin("anime_seasons as s", "s.number", "e.season_number")
    .innerJoin("story_units as eu", "eu.key", "e.key")
    .select([
      "e.key",
      "e.season_number",
      "s.title as season_title",
      "e.number",
      "e.label",
      "e.title",
      "e.original_title",
      "e.title_revealed_by",
      "eu.revealed_by",
      // What reaches the episode's place, which shows its title (decision 49: its manga's readers too).
      "eu.title_reached_by as reached_by",
      "eu.told_by",
      "e.aired_on",
      "e.aired_time",
      "e.time_zone",
      "e.runtime",
      "s.runtime as season_runtime",
      "e.part_number",
      // Each run with its ends' labels, in story order; each side story with its label and title's gates.
      sql<string>`(SELECT json_group_array(json(run)) FROM (
        SELECT json_object('from', f.key, 'fromLabel', f.label, 'to', t.key, 'toLabel', t.label) AS run
        FROM json_each(e.adapts_chapters) AS j
        JOIN story_units AS f ON f.key = json_extract(j.value, '$.from')
        JOIN story_units AS t ON t.key = json_extract(j.value, '$.to')
        ORDER BY j.key))`.as("adapts_runs"),
      sql<string>`(SELECT json_group_array(json(story)) FROM (
        SELECT json_object('key', u.key, 'label', u.label, 'title', s.title, 'flagged', s.revealed_by,
          'reachedBy', u.revealed_by) AS story
        FROM json_each(e.adapts_side_stories) AS j
        JOIN story_units AS u ON u.key = j.value
        JOIN side_stories AS s ON s.key = j.value
        ORDER BY j.key))`.as("adapts_stories"),
      "e.original",
      "e.volumes",
      "e.position",
    ])
    .where("e.season_number", "=", selectedSeason(seasonNumber))
    .orderBy("e.number");

export type EpisodeRow = InferResult<ReturnType<typeof seasonEpisodes>>[number];

/**
 * Every season's parts in airing order, each with what reveals its title: where the pack gates it, its
 * gate; else the units that reach its first episode, as an episode's title waits.
 */
export const allParts = query
  .selectFrom("anime_season_parts as p")
  .innerJoin("anime_episodes as e", (join) =>
    join.onRef("e.season_number", "=", "p.season_number").onRef("e.number", "=", "p.first_episode"),
  )
  .innerJoin("story_units as u", "u.key", "e.key")
  .innerJoin("anime_episodes as last", (join) =>
    join.onRef("last.season_number", "=", "p.season_number").onRef("last.number", "=", "p.last_episode"),
  )
  .select([
    "p.season_number",
    "p.number",
    "p.title",
    "p.title_revealed_by",
    "u.title_reached_by as reached_by",
    "p.first_episode",
    "e.label as first_label",
    "p.last_episode",
    "last.label as last_label",
    "p.aired_from",
    "p.aired_to",
  ])
  .orderBy("p.season_number")
  .orderBy("p.number");

/** One season's parts (the one asked for, else the first). */
export const seasonParts = (seasonNumber: number | null) =>
  allParts.where("p.season_number", "=", selectedSeason(seasonNumber));

/** A part as the pages and the API show it: its title gated as a unit's title is. */
export function toPart(row: InferResult<typeof allParts>[number]): SeasonPart {
  return {
    number: row.number,
    title: row.title === null ? null : gatedTitle(row.title_revealed_by, row.reached_by, row.title),
    firstEpisode: row.first_episode,
    lastEpisode: row.last_episode,
    episodes: episodeRunName(
      { number: row.first_episode, label: row.first_label },
      { number: row.last_episode, label: row.last_label },
    ),
    airedFrom: row.aired_from,
    airedTo: row.aired_to,
  };
}

/**
 * A short (`b`, its story unit `bu`) with what reveals its title: where the pack flags it, the short
 * itself or anything that reveals the episode it accompanies (as its search entry has them); else the
 * units that reach the short's place (its unit's `title_reached_by`: those and the manga chapters that
 * cover the episode's place), or the reader's choice to see titles (`gatedTitle`). Its
 * discussion waits for its own unit's readers (`told_by`). Every short and episode is a story unit.
 */
export const shortColumns = [
  "b.key",
  "b.season_number",
  "b.number",
  "b.title",
  "b.aired_on",
  "b.accompanies",
  "b.title_revealed_by as revealed_by",
  "bu.title_reached_by as reached_by",
  "bu.told_by",
] as const;

/** A short as a page lists it: its title gated by what reveals it, null where it has none yet. */
export const toShort = (short: {
  key: string;
  number: number;
  title: string | null;
  aired_on: string | null;
  revealed_by: string | null;
  reached_by: string;
}): BreakTimeShort => ({
  key: short.key,
  number: short.number,
  title: short.title === null ? null : gatedTitle(short.revealed_by, short.reached_by, short.title),
  airedOn: short.aired_on,
});

/** Rows grouped by a key, in the order they came. */
export function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string | null) {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    // A row with no key belongs to no group (a short that accompanies no episode).
    const key = keyOf(row);
    if (key !== null) groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return groups;
}

/**
 * When an episode aired and how long it runs, a season's or a recut's: its own runtime, else the usual one
 * of what it belongs to, and whether it differs from that (a 90-minute premiere).
 */
export function broadcastOf(
  row: { aired_on: string | null; aired_time: string | null; time_zone: string | null; runtime: number | null },
  usualRuntime: number | null,
) {
  return {
    airedOn: row.aired_on,
    airedTime: row.aired_time && row.time_zone ? { time: row.aired_time, timeZone: row.time_zone } : null,
    runtime: row.runtime ?? usualRuntime,
    runtimeDiffers: row.runtime !== null && row.runtime !== usualRuntime,
  };
}

/** What both pages show of an episode row: which episode, when, what it is called and what it adapts. */
export function episodeOf(
  row: EpisodeRow,
): Pick<
  AnimeEpisode,
  | "key"
  | "number"
  | "label"
  | "position"
  | "title"
  | "airedOn"
  | "airedTime"
  | "runtime"
  | "runtimeDiffers"
  | "part"
  | "adapts"
  | "original"
  | "heldBy"
> {
  return {
    key: row.key,
    number: row.number,
    label: row.label,
    position: row.position,
    // Gated as a unit's title is (by its flag where the pack flags it), with its original: either would give it away.
    title:
      row.title === null
        ? null
        : gatedTitle(row.title_revealed_by, row.reached_by, { title: row.title, originalTitle: row.original_title }),
    ...broadcastOf(row, row.season_runtime),
    part: row.part_number,
    adapts: episodeAdapts(row.adapts_runs, row.adapts_stories),
    // What the anime made up is told by the episode: revealed as what is revealed at the episode.
    original: row.original === null ? null : gatedBy(row.revealed_by, row.original),
    heldBy: readRevealers(row.revealed_by).filter(isRecutEpisodeKey),
  };
}

/** A JSON list as the episode query builds it (none where it is not one). */
function listOf(stored: string | null): Record<string, unknown>[] {
  try {
    const parsed: unknown = JSON.parse(stored ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((item) => typeof item === "object" && item !== null) : [];
  } catch {
    return [];
  }
}

const textOf = (value: unknown) => (typeof value === "string" ? value : "");

/** What an episode adapts, from its runs and side stories with their labels (`seasonEpisodes`). */
function episodeAdapts(runs: string | null, stories: string | null): EpisodeAdapts {
  return {
    chapters: listOf(runs).map((run) => ({
      from: { key: textOf(run.from), label: textOf(run.fromLabel) },
      to: { key: textOf(run.to), label: textOf(run.toLabel) },
    })),
    sideStories: listOf(stories).map((story) => ({
      key: textOf(story.key),
      label: textOf(story.label),
      // Gated as the story's own title is: where the pack flags it, by what reveals it; else by reaching the story.
      title: gatedTitle(
        typeof story.flagged === "string" ? story.flagged : null,
        textOf(story.reachedBy),
        textOf(story.title),
      ),
    })),
  };
}
