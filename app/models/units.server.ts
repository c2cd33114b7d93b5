import { type InferResult, sql } from "kysely";
import type { StoryUnit } from "~/lib/api/views";
import type { Medium } from "~/lib/content/units";
import { batch, query } from "./query.server";
import { gated } from "~/lib/shield/gated";
import { gatedBy, gatedTitle } from "./db.server";
import { editionsOf } from "./light-novels.server";

/**
 * Where a unit is, what it reveals to (`revealed_by`, which gates its anime-original note) and what reaches
 * its place (`reached_by`: its revealers and the manga chapters that cover the chapter it reaches, a Break
 * Time short's episode's place), which shows its title and its editions' where the pack does not flag it.
 */
const unitColumns = [
  "u.key",
  "u.medium",
  "u.label",
  "u.path",
  "u.position",
  "u.revealed_by",
  "u.title_reached_by as reached_by",
] as const;
/** A column the unit's table does not have. */
const none = sql<string | null>`NULL`;
/** What only a light novel volume has: who illustrated it and its editions (JSON). */
const notAVolume = [none.as("illustrator"), none.as("editions")] as const;
/** A number column the unit's table does not have. */
const noNumber = sql<number | null>`NULL`;
/** What only an anime episode has: its part, runtime and local air time. */
const noBroadcast = [noNumber.as("part"), noNumber.as("runtime"), none.as("aired_time"), none.as("time_zone")] as const;
/** What only a season's episode and an OVA, special or film have: what it adapts, or its anime-original note (JSON). */
const noAdaptation = none.as("adaptation");
/** What an episode or special adapts, as stored: its runs of chapters, the side stories it tells, its note. */
const adaptationOf = (table: "e" | "sp") =>
  sql<string | null>`CASE WHEN ${sql.ref(`${table}.key`)} IS NULL THEN NULL ELSE json_object(
    'chapters', json(${sql.ref(`${table}.adapts_chapters`)}),
    'side_stories', json(${sql.ref(`${table}.adapts_side_stories`)}),
    'original', ${sql.ref(`${table}.original`)}) END`.as("adaptation");

/**
 * Every unit with its title and release date, from the table of its medium. Titles are gated as the
 * pages gate them (`gatedTitle`): where the pack flags one (a chapter title, a season's episode, a side
 * story that gives something away, a Break Time short), by what reveals it; else until the requester reaches the unit,
 * unless they show titles of what they have not reached.
 */
const units = query
  .selectFrom("story_units as u")
  .innerJoin("chapters as c", "c.key", "u.key")
  .select((row) => [
    ...unitColumns,
    // Null for a unit without a title (the first select types the union's columns).
    row.ref("c.title").$castTo<string | null>().as("title"),
    "c.original_title",
    "c.title_revealed_by",
    // Side stories and Break Time shorts may have no date.
    row.ref("c.published_on").$castTo<string | null>().as("released_on"),
    ...notAVolume,
    ...noBroadcast,
    noAdaptation,
  ])
  .unionAll(
    query
      .selectFrom("story_units as u")
      .innerJoin("ln_volumes as v", "v.key", "u.key")
      .select((row) => [
        ...unitColumns,
        "v.title",
        "v.original_title",
        none.as("title_revealed_by"),
        "v.released_jp as released_on",
        "v.illustrator",
        row.ref("v.editions").$castTo<string | null>().as("editions"),
        ...noBroadcast,
        noAdaptation,
      ]),
  )
  .unionAll(
    query
      .selectFrom("story_units as u")
      .innerJoin("side_stories as s", "s.key", "u.key")
      .select([
        ...unitColumns,
        "s.title",
        "s.original_title",
        "s.revealed_by as title_revealed_by",
        "s.published_on as released_on",
        ...notAVolume,
        ...noBroadcast,
        noAdaptation,
      ]),
  )
  .unionAll(
    query
      .selectFrom("story_units as u")
      // A season's episode or a recut's (decision 45), in one select: D1 joins at most five.
      .leftJoin("anime_episodes as e", "e.key", "u.key")
      .leftJoin("anime_seasons as se", "se.number", "e.season_number")
      .leftJoin("anime_recut_episodes as re", "re.key", "u.key")
      .leftJoin("anime_recuts as r", (join) =>
        join.onRef("r.season_number", "=", "re.season_number").onRef("r.number", "=", "re.recut_number"),
      )
      .where("u.medium", "=", "anime")
      .where((row) => row.or([row("e.key", "is not", null), row("re.key", "is not", null)]))
      .select((row) => [
        ...unitColumns,
        // Null for an episode without a title yet (`toStoryUnit` names it by its label).
        row.fn.coalesce("e.title", "re.title").as("title"),
        row.fn.coalesce("e.original_title", "re.original_title").as("original_title"),
        // A season's or a recut's episode's flag.
        row.fn.coalesce("e.title_revealed_by", "re.title_revealed_by").as("title_revealed_by"),
        row.fn.coalesce("e.aired_on", "re.aired_on").as("released_on"),
        ...notAVolume,
        "e.part_number as part",
        // Its own runtime, else its season's (or recut's) usual.
        row.fn.coalesce("e.runtime", "se.runtime", "re.runtime", "r.runtime").as("runtime"),
        row.fn.coalesce("e.aired_time", "re.aired_time").as("aired_time"),
        row.fn.coalesce("e.time_zone", "r.time_zone").as("time_zone"),
        // A season's episode's; a recut's holds the season's episodes, which say what they adapt.
        adaptationOf("e"),
      ]),
  )
  // D1 allows five terms in a compound SELECT: what is watched unit by unit is one term, itself a union.
  .unionAll(
    query
      .selectFrom(
        query
          .selectFrom("story_units as u")
          .innerJoin("break_time_episodes as b", "b.key", "u.key")
          .select([
            ...unitColumns,
            // Null for a short without a title yet, as for an OVA or a manga chapter without one.
            "b.title",
            none.as("original_title"),
            "b.title_revealed_by",
            "b.aired_on as released_on",
            ...notAVolume,
            ...noBroadcast,
            noAdaptation,
          ])
          .unionAll(
            query
              .selectFrom("story_units as u")
              .innerJoin("anime_specials as sp", "sp.key", "u.key")
              .select([
                ...unitColumns,
                "sp.title",
                "sp.original_title",
                "sp.title_revealed_by",
                "sp.released_on",
                ...notAVolume,
                noNumber.as("part"),
                "sp.runtime",
                none.as("aired_time"),
                none.as("time_zone"),
                adaptationOf("sp"),
              ]),
          )
          // The manga's chapters (decision 49), in the same term: D1 joins at most five.
          .unionAll(
            query
              .selectFrom("story_units as u")
              .innerJoin("manga_chapters as m", "m.key", "u.key")
              .select([
                ...unitColumns,
                "m.title",
                none.as("original_title"),
                "m.title_revealed_by",
                "m.published_on as released_on",
                ...notAVolume,
                ...noBroadcast,
                noAdaptation,
              ]),
          )
          .as("watched_alone"),
      )
      .selectAll(),
  );

function toStoryUnit(row: InferResult<typeof units>[number]): StoryUnit {
  return {
    key: row.key,
    medium: row.medium,
    label: row.label,
    // A unit without a title (a manga chapter; an episode, short, OVA or volume announced by its number) is named by its label,
    // which hides nothing.
    named:
      row.title === null
        ? gated(null, { title: row.label, originalTitle: null })
        : gatedTitle(row.title_revealed_by, row.reached_by, { title: row.title, originalTitle: row.original_title }),
    releasedOn: row.released_on,
    // An OVA, special or film has a runtime, aired in no part and at no hour the pack knows.
    broadcast:
      row.medium === "anime" || row.medium === "anime_specials"
        ? {
            part: row.part,
            runtime: row.runtime,
            airedTime: row.aired_time && row.time_zone ? { time: row.aired_time, timeZone: row.time_zone } : null,
          }
        : null,
    path: row.path,
    adaptation: adaptationOfRow(row.adaptation, row.revealed_by),
    volume:
      row.medium === "light_novels"
        ? { illustrator: row.illustrator, editions: editionsOf(row.editions ?? "[]", row.reached_by) }
        : null,
  };
}

/** One page of the units of one medium or all, in story order, with how many there are. One round trip. */
export async function getStoryUnits(
  db: D1Database,
  { medium, offset, limit }: { medium: Medium | null; offset: number; limit: number },
) {
  const [rows, totals] = await batch(db, [
    query
      .selectFrom(units.as("units"))
      .selectAll()
      .$if(medium !== null, (page) => page.where("medium", "=", medium!))
      .orderBy("position")
      .orderBy("key")
      .limit(limit)
      .offset(offset),
    query
      .selectFrom("story_units")
      .select((count) => count.fn.countAll<number>().as("total"))
      .$if(medium !== null, (counted) => counted.where("medium", "=", medium!)),
  ]);
  return { units: rows.map(toStoryUnit), total: totals[0]?.total ?? 0 };
}

/** One unit's row, for a batch: read it with `storyUnitOf`. */
export const storyUnitRow = (key: string) => query.selectFrom(units.as("units")).selectAll().where("key", "=", key);

/** The unit a `storyUnitRow` statement read, or null when no unit has its key. */
export const storyUnitOf = (rows: InferResult<ReturnType<typeof storyUnitRow>>) =>
  rows[0] ? toStoryUnit(rows[0]) : null;

/** One unit, or null when no unit has this key. One round trip. */
export async function getStoryUnit(db: D1Database, key: string): Promise<StoryUnit | null> {
  const [rows] = await batch(db, [storyUnitRow(key)]);
  return storyUnitOf(rows);
}

/**
 * What a season's episode or an OVA, special or film adapts, from its stored JSON: unit keys, public; an
 * anime-original one's note waits for what reveals the unit itself, as on /anime.
 */
function adaptationOfRow(stored: string | null, revealedBy: string): StoryUnit["adaptation"] {
  if (stored === null) return null;
  try {
    const parsed = JSON.parse(stored) as { chapters?: unknown; side_stories?: unknown; original?: unknown };
    const chapters = Array.isArray(parsed.chapters)
      ? parsed.chapters.filter(
          (run): run is { from: string; to: string } => typeof run?.from === "string" && typeof run?.to === "string",
        )
      : [];
    const sideStories = Array.isArray(parsed.side_stories)
      ? parsed.side_stories.filter((key): key is string => typeof key === "string")
      : [];
    return {
      chapters: chapters.map(({ from, to }) => ({ from, to })),
      sideStories,
      original: typeof parsed.original === "string" ? gatedBy(revealedBy, parsed.original) : null,
    };
  } catch {
    return null;
  }
}
