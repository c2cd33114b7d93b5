import { type Expression, type InferResult, sql } from "kysely";
import { type ExternalId, type ExternalTarget, parseAnimeTarget } from "~/lib/progress/external-ids";
import { groupName, inPart, sideStoryGroup, type TrackerUnit } from "~/lib/progress/tracker-units";
import { type SideStoryKind, sideStoryKinds } from "~/lib/vocabulary";
import { batch, query } from "./query.server";
import { gatedTitle, publicArcTitle } from "./db.server";
import { gated } from "~/lib/shield/gated";
import { readRevealers } from "~/lib/shield/knowledge";

/*
 * The reading tracker's timeline: every unit a reader can mark, and where the series is listed on
 * tracking services. A reader's own record is ./progress.server.
 */

// Named, so the ORDER BY of the compound select finds them. What reaches a unit's place shows its title
// where the pack does not flag it (`title_reached_by`: its revealers, the manga chapters that cover the
// chapter it reaches, a short's episode's place), more than cover it (`covered_by`, which crossings read).
const unitColumns = ["u.key as key", "u.medium", "u.position as position", "u.label", "u.title_reached_by"] as const;
/** A column the unit's table does not have. */
const none = sql<string | null>`NULL`;
/** A group named by its number: "Arc 3", "Season 2". */
const numbered = (name: string, number: Expression<number>) => sql<string>`${sql.lit(`${name} `)} || ${number}`;

/**
 * Every unit the tracker offers, in story order, with the group it is listed under (`group_label`,
 * and `group_title` where the group has a name of its own), what its `extra` column carries (a web
 * novel entry's serial number, a light novel's collection, an episode's part of its season), the
 * units that cover its place in the story and its first release's date (`released`: a chapter
 * published, a volume's original edition on sale, an episode aired), which says whether it is out yet.
 */
const timeline = query
  .selectFrom("chapters as c")
  .innerJoin("story_units as u", "u.key", "c.key")
  .innerJoin("arcs as a", "a.number", "c.arc_number")
  .select((row) => [
    ...unitColumns,
    // Null for an episode without a title yet: the first select types the union's columns.
    row.ref("c.title").$castTo<string | null>().as("title"),
    "c.title_revealed_by",
    numbered("Arc", row.ref("a.number")).as("group_label"),
    publicArcTitle("a").as("group_title"),
    // A web novel entry's serial number; a light novel's collection code; a side story's kind.
    sql<string | number | null>`c.serial_number`.as("extra"),
    "u.revealed_by as covered_by",
    "c.published_on as released",
  ])
  .unionAll(
    query
      .selectFrom("ln_volumes as v")
      .innerJoin("story_units as u", "u.key", "v.key")
      .innerJoin("ln_collections as co", "co.code", "v.collection_code")
      .select([
        ...unitColumns,
        "v.title",
        none.as("title_revealed_by"),
        "co.name as group_label",
        none.as("group_title"),
        "v.collection_code as extra",
        "u.revealed_by as covered_by",
        "v.released_jp as released",
      ]),
  )
  .unionAll(
    query
      .selectFrom("side_stories as s")
      .innerJoin("story_units as u", "u.key", "s.key")
      .select([
        ...unitColumns,
        "s.title",
        "s.revealed_by as title_revealed_by",
        sql.lit("Side stories").as("group_label"),
        none.as("group_title"),
        "s.kind as extra",
        "u.revealed_by as covered_by",
        "s.published_on as released",
      ]),
  )
  // Every title is gated as a unit's title is (`gatedTitle`), as search and the unit's page gate it.
  .unionAll(
    query
      .selectFrom("anime_episodes as e")
      .innerJoin("story_units as u", "u.key", "e.key")
      .innerJoin("anime_seasons as se", "se.number", "e.season_number")
      .select((row) => [
        ...unitColumns,
        "e.title",
        "e.title_revealed_by",
        numbered("Season", row.ref("se.number")).as("group_label"),
        row.ref("se.title").$castTo<string | null>().as("group_title"),
        // The part of its season it aired in, which its group names.
        "e.part_number as extra",
        "u.revealed_by as covered_by",
        "e.aired_on as released",
      ]),
  )
  // D1 allows five terms in a compound SELECT: what is watched unit by unit is one term, itself a union.
  .unionAll(
    query
      .selectFrom(
        query
          .selectFrom("break_time_episodes as b")
          .innerJoin("story_units as u", "u.key", "b.key")
          .select((row) => [
            ...unitColumns,
            "b.title",
            "b.title_revealed_by",
            numbered("Break Time season", row.ref("b.season_number")).as("group_label"),
            none.as("group_title"),
            none.as("extra"),
            "u.revealed_by as covered_by",
            "b.aired_on as released",
          ])
          // An OVA, special or film: its title waits as an episode's does, or for the special where the pack flags it.
          .unionAll(
            query
              .selectFrom("anime_specials as sp")
              .innerJoin("story_units as u", "u.key", "sp.key")
              .select([
                ...unitColumns,
                "sp.title",
                "sp.title_revealed_by",
                sql<string>`'OVAs, specials and films'`.as("group_label"),
                none.as("group_title"),
                none.as("extra"),
                "u.revealed_by as covered_by",
                "sp.released_on as released",
              ]),
          )
          .as("watched_alone"),
      )
      .selectAll(),
  )
  .orderBy("position")
  .orderBy("key");

/**
 * A recut's episodes, listed under the recut, on a line of their own (decision 45): a query apart from
 * `timeline`, as D1 joins at most five selects in one.
 */
const recutTimeline = query
  .selectFrom("anime_recut_episodes as e")
  .innerJoin("story_units as u", "u.key", "e.key")
  .innerJoin("anime_recuts as r", (join) =>
    join.onRef("r.season_number", "=", "e.season_number").onRef("r.number", "=", "e.recut_number"),
  )
  .select([
    ...unitColumns,
    "e.title",
    "e.title_revealed_by",
    "r.title as group_label",
    none.as("group_title"),
    none.as("extra"),
    "u.revealed_by as covered_by",
    "e.aired_on as released",
  ])
  .orderBy("position")
  .orderBy("key");

/** The season's episodes that adapt nothing of the web novel or side stories: the pickers say so. */
const animeOriginals = query
  .selectFrom("anime_episodes")
  .select("key")
  .where("adapts_chapters", "=", "[]")
  .where("adapts_side_stories", "=", "[]");

/**
 * The manga's chapters, listed under their series (named by its place, and its title unless the pack
 * flags it), each series on a line of its own (decision 49). A chapter without a title is named by its
 * place, as an episode without one is: it hides nothing.
 */
const mangaTimeline = query
  .selectFrom("manga_chapters as c")
  .innerJoin("story_units as u", "u.key", "c.key")
  .innerJoin("manga_series as s", "s.code", "c.series_code")
  .select([
    ...unitColumns,
    "c.title",
    "c.title_revealed_by",
    sql<string>`'Manga ' || (s.sort_order + 1)`.as("group_label"),
    sql<string | null>`CASE WHEN s.title_revealed_by IS NULL THEN s.title END`.as("group_title"),
    "c.volume_number as extra",
    "u.revealed_by as covered_by",
    "c.published_on as released",
    "c.label as manga_number",
  ])
  .orderBy("c.series_code")
  .orderBy("c.number");

/** The light novel volumes of side stories (side volumes, short story collections), read on their own. */
const sideVolumes = query
  .selectFrom("ln_volumes as v")
  .innerJoin("ln_collections as co", "co.code", "v.collection_code")
  .select("v.key")
  .where("co.kind", "!=", "main");

/** Where the series is listed on tracking services. */
const externalIds = query
  .selectFrom("external_ids")
  .select(["service", "list", "external_id", "medium", "target"])
  .orderBy("service")
  .orderBy("list")
  .orderBy("external_id");

/**
 * Everything the reading tracker offers, in story order, each title gated as a unit's title is (where
 * it spoils, and until the reader reaches the unit unless they show such titles), and where
 * the series is listed on tracking services (to import a reader's lists from them): the same for every
 * reader once sealed, so the tracker fetches it after hydration (cacheable) instead of carrying it in
 * the page. One round trip.
 */
export async function getTimeline(db: D1Database): Promise<{ units: TrackerUnit[]; externalIds: ExternalId[] }> {
  const [seasonUnits, recutUnits, mangaUnits, listings, originals, sideBooks] = await batch(db, [
    timeline,
    recutTimeline,
    mangaTimeline,
    externalIds,
    animeOriginals,
    sideVolumes,
  ]);
  const original = new Set(originals.map((row) => row.key));
  const sideVolume = new Set(sideBooks.map((row) => row.key));
  const mangaNumbers = new Map(mangaUnits.map((unit) => [unit.key, unit.manga_number]));
  // In story order, as one query would have given them.
  const units = [...seasonUnits, ...recutUnits, ...mangaUnits.map(({ manga_number: _, ...unit }) => unit)].sort(
    (a, b) => a.position - b.position || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
  return {
    units: units.map((unit) => ({
      key: unit.key,
      medium: unit.medium,
      position: unit.position,
      label: unit.label,
      // A unit without a title (an episode, short, OVA or volume announced by number, a manga extra) hides nothing: its place names it.
      title:
        unit.title === null ? gated(null, "") : gatedTitle(unit.title_revealed_by, unit.title_reached_by, unit.title),
      group:
        unit.medium === "side_stories" && isSideStoryKind(unit.extra)
          ? sideStoryGroup(unit.extra)
          : inPart(
              unit.group_title === null ? unit.group_label : groupName(unit.group_label, unit.group_title),
              unit.medium === "anime" && typeof unit.extra === "number" ? unit.extra : null,
            ),
      collection: unit.medium === "light_novels" && typeof unit.extra === "string" ? unit.extra : null,
      ...(unit.medium === "web_novel" && typeof unit.extra === "number" && { serialNumber: unit.extra }),
      ...(original.has(unit.key) && { animeOriginal: true }),
      ...(sideVolume.has(unit.key) && { sideVolume: true }),
      ...(unit.medium === "manga" && {
        mangaNumber: mangaNumbers.get(unit.key),
        ...(typeof unit.extra === "number" && { mangaVolume: unit.extra }),
      }),
      coveredBy: readRevealers(unit.covered_by),
      ...(unit.released !== null && { released: unit.released }),
    })),
    externalIds: listings.map(externalId),
  };
}

const isSideStoryKind = (value: unknown): value is SideStoryKind => sideStoryKinds.includes(value as SideStoryKind);

/** An `external_ids` row as the tracker's import reads it. */
function externalId(row: InferResult<typeof externalIds>[number]): ExternalId {
  const target: ExternalTarget =
    row.medium === "anime"
      ? parseAnimeTarget(row.target)
      : row.medium === "anime_specials"
        ? { medium: "anime_specials", special: row.target }
        : row.medium === "manga"
          ? { medium: "manga", series: row.target }
          : row.medium === "light_novels"
            ? { medium: "light_novels", collection: row.target }
            : { medium: "web_novel" };
  return { service: row.service, list: row.list, id: row.external_id, target };
}
