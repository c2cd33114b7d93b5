import { type Expression, type InferResult, sql } from "kysely";
import type { Medium } from "~/lib/content/units";
import { type PageInfo, pageInfo, pageOffset } from "~/lib/http/paging";
import type { Edition, Release } from "~/lib/feeds/releases";
import { batch, query } from "./query.server";
import { gatedTitle } from "./db.server";
import { gated } from "~/lib/shield/gated";

/** A medium as a column of its own, the same in every term of the union. */
const medium = (name: Medium) => sql<Medium>`${sql.lit(name)}`.as("medium");
/** No edition: only light novels have two. */
const noEdition = sql<Edition | null>`NULL`.as("edition");
/** Not a manga volume: only the manga binds its chapters into volumes released apart from them. */
const noVolume = sql<number | null>`NULL`.as("volume");
/** "Manga 1 · Volume 2", as `mangaVolumeLabel` writes it, from the series' place (from 0) and the volume's number. */
const volumeLabel = (seriesOrder: Expression<number>, volume: Expression<number>) =>
  sql<string>`'Manga ' || (${seriesOrder} + 1) || ' · Volume ' || ${volume}`;
/** A volume's two editions, as rows to join: D1 allows five terms in a compound SELECT. */
const editions = sql<{ column1: Edition }>`(VALUES ('jp'), ('en'))`.as("edition");

/**
 * Every dated release of the story, one row each, at its date's precision (a day, a month or a year).
 * Undated releases are left out: a radar can only place what has a date.
 */
const allReleases = query
  .selectFrom("chapters as c")
  .innerJoin("story_units as u", "u.key", "c.key")
  .where("c.published_on", "is not", null)
  .select((row) => [
    "c.key",
    medium("web_novel"),
    noEdition,
    "u.label",
    // Null for a release without a title (the manga's may have none), in every term.
    row.ref("c.title").$castTo<string | null>().as("title"),
    "c.title_revealed_by as revealed_by",
    "u.revealed_by as reached_by",
    row.ref("c.published_on").$castTo<string>().as("released_on"),
    "u.position",
    noVolume,
  ])
  .unionAll(
    query
      .selectFrom("ln_volumes as v")
      .innerJoin("story_units as u", "u.key", "v.key")
      .crossJoin(editions)
      .where((row) =>
        row.or([
          row.and([row("edition.column1", "=", "jp"), row("v.released_jp", "is not", null)]),
          row.and([row("edition.column1", "=", "en"), row("v.released_en", "is not", null)]),
        ]),
      )
      .select((row) => [
        "v.key",
        medium("light_novels"),
        row.ref("edition.column1").$castTo<Edition | null>().as("edition"),
        "u.label",
        "v.title",
        sql<string | null>`NULL`.as("revealed_by"),
        "u.revealed_by as reached_by",
        row
          .case("edition.column1")
          .when("jp")
          .then(row.ref("v.released_jp").$castTo<string>())
          .else(row.ref("v.released_en").$castTo<string>())
          .end()
          .as("released_on"),
        "u.position",
        noVolume,
      ]),
  )
  .unionAll(
    query
      // A season's episodes and its recuts' (decision 45), in one term: D1 joins at most five.
      .selectFrom("story_units as u")
      .leftJoin("anime_episodes as e", "e.key", "u.key")
      .leftJoin("anime_recut_episodes as re", "re.key", "u.key")
      .where("u.medium", "=", "anime")
      .where((row) => row.fn.coalesce("e.aired_on", "re.aired_on"), "is not", null)
      .select((row) => [
        "u.key",
        medium("anime"),
        noEdition,
        "u.label",
        row.fn.coalesce("e.title", "re.title").$castTo<string>().as("title"),
        sql<string | null>`NULL`.as("revealed_by"),
        "u.revealed_by as reached_by",
        row.fn.coalesce("e.aired_on", "re.aired_on").$castTo<string>().as("released_on"),
        "u.position",
        noVolume,
      ]),
  )
  // D1 allows five terms in a compound SELECT: the anime's shorts and its OVAs, specials and films are one.
  .unionAll(
    query
      .selectFrom(
        query
          .selectFrom("break_time_episodes as b")
          .innerJoin("story_units as u", "u.key", "b.key")
          .where("b.aired_on", "is not", null)
          .select((row) => [
            "b.key",
            medium("break_time"),
            noEdition,
            "u.label",
            "b.title",
            "b.title_revealed_by as revealed_by",
            "u.revealed_by as reached_by",
            row.ref("b.aired_on").$castTo<string>().as("released_on"),
            "u.position",
            noVolume,
          ])
          .unionAll(
            query
              .selectFrom("anime_specials as sp")
              .innerJoin("story_units as u", "u.key", "sp.key")
              .where("sp.released_on", "is not", null)
              .select((row) => [
                "sp.key",
                medium("anime_specials"),
                noEdition,
                "u.label",
                "sp.title",
                "sp.title_revealed_by as revealed_by",
                "u.revealed_by as reached_by",
                row.ref("sp.released_on").$castTo<string>().as("released_on"),
                "u.position",
                noVolume,
              ]),
          )
          .as("watched_alone"),
      )
      .selectAll(),
  )
  // Side stories and the manga's chapters and volumes (decision 49) are one term, as D1 joins at most five.
  .unionAll(
    query
      .selectFrom(
        query
          .selectFrom("side_stories as s")
          .innerJoin("story_units as u", "u.key", "s.key")
          .where("s.published_on", "is not", null)
          .select((row) => [
            "s.key",
            medium("side_stories"),
            noEdition,
            "u.label",
            row.ref("s.title").$castTo<string | null>().as("title"),
            "s.revealed_by",
            "u.revealed_by as reached_by",
            row.ref("s.published_on").$castTo<string>().as("released_on"),
            "u.position",
            noVolume,
          ])
          .unionAll(
            query
              .selectFrom("manga_chapters as m")
              .innerJoin("story_units as u", "u.key", "m.key")
              .where("m.published_on", "is not", null)
              .select((row) => [
                "m.key",
                medium("manga"),
                noEdition,
                "u.label",
                // A chapter without a title is named by its label (toRelease).
                row.ref("m.title").$castTo<string | null>().as("title"),
                "m.title_revealed_by as revealed_by",
                "u.revealed_by as reached_by",
                row.ref("m.published_on").$castTo<string>().as("released_on"),
                "u.position",
                noVolume,
              ]),
          )
          .unionAll(
            // A manga volume: its chapters bound in a book, released apart from them (decision 49). It is
            // placed, reached and linked by its first chapter; its title waits as a light novel volume's does.
            query
              .selectFrom("manga_volumes as v")
              .innerJoin("manga_series as ms", "ms.code", "v.series_code")
              .innerJoin("manga_chapters as m", (join) =>
                join.onRef("m.series_code", "=", "v.series_code").onRef("m.volume_number", "=", "v.number"),
              )
              .innerJoin("story_units as u", "u.key", "m.key")
              .where("v.released_on", "is not", null)
              .where("m.number", "=", (first) =>
                first
                  .selectFrom("manga_chapters as f")
                  .select((row) => row.fn.min("f.number").as("number"))
                  .whereRef("f.series_code", "=", "v.series_code")
                  .whereRef("f.volume_number", "=", "v.number"),
              )
              .select((row) => [
                "m.key",
                medium("manga"),
                noEdition,
                volumeLabel(row.ref("ms.sort_order"), row.ref("v.number")).as("label"),
                // A volume without a title is named by its label, as a chapter is (toRelease).
                row.ref("v.title").$castTo<string | null>().as("title"),
                sql<string | null>`NULL`.as("revealed_by"),
                "u.revealed_by as reached_by",
                row.ref("v.released_on").$castTo<string>().as("released_on"),
                "u.position",
                row.ref("v.number").$castTo<number | null>().as("volume"),
              ]),
          )
          .as("read_apart"),
      )
      .selectAll(),
  );

type ReleaseRow = InferResult<typeof allReleases>[number];

/** What a release row carries out of the table. */
const columns = [
  "key",
  "medium",
  "edition",
  "volume",
  "label",
  "title",
  "revealed_by",
  "reached_by",
  "released_on",
] as const;

/**
 * The releases of the media asked for (null: every medium), with the table of every release in scope.
 * The anime's releases take in its OVAs, specials and films, wherever its episodes are listed.
 */
function releasesOf(media: readonly Medium[] | null, chapters = true) {
  const asked = media?.includes("anime") ? [...new Set<Medium>([...media, "anime_specials"])] : media;
  return (
    query
      .with("releases", () => allReleases)
      .selectFrom("releases")
      .$if(asked !== null, (chosen) => chosen.where("medium", "in", asked!))
      // Without chapters, the manga is its volumes (the web novel, all chapters, is left out by its medium).
      .$if(!chapters, (books) =>
        books.where((row) => row.or([row("medium", "!=", "manga"), row("volume", "is not", null)])),
      )
  );
}

/** How many upcoming releases the radar lists: an announced schedule, never the whole future. */
export const UPCOMING_LIMIT = 50;
/** Past releases, a page at a time, newest first. */
export const RECENT_PER_PAGE = 50;

export function toRelease(row: Pick<ReleaseRow, (typeof columns)[number]>): Release {
  return {
    key: row.key,
    medium: row.medium,
    edition: row.edition,
    volume: row.volume,
    label: row.label,
    // A release without a title (a manga chapter or volume may have none) is named by its label, which
    // spoils nothing: no "title hidden" where there is no title.
    title: row.title === null ? gated(null, row.label) : gatedTitle(row.revealed_by, row.reached_by, row.title),
    releasedOn: row.released_on,
  };
}

/**
 * Whether a release is out by `today`: a day on it or before (released on it counts as out); a month or
 * a year once it is over, since until then the release may still be on its way (decision 41). The
 * first term keeps the walk on the date indexes; a month or a year sorts just before its first day.
 */
const isOut = (today: string) =>
  sql<boolean>`(released_on <= ${today} AND (length(released_on) = 10 OR released_on < substr(${today}, 1, length(released_on))))`;

/** Out by `today`, newest first; a month or a year sorts after the days it holds, as the earliest it can be. */
function outBy(media: readonly Medium[] | null, today: string, chapters = true) {
  return (
    releasesOf(media, chapters)
      .select(columns)
      .where(isOut(today))
      .orderBy("released_on", "desc")
      .orderBy("position", "desc")
      .orderBy("edition", "desc")
      // A manga volume after its first chapter, and units at one place by key: one order, so pages never overlap.
      .orderBy("volume", "desc")
      .orderBy("key", "desc")
  );
}

/** Not out by `today`, soonest first: an announced month or year stays coming only until it is over. */
function comingAfter(media: readonly Medium[] | null, today: string, chapters = true) {
  return releasesOf(media, chapters)
    .select(columns)
    .where(sql<boolean>`NOT ${isOut(today)}`)
    .orderBy("released_on")
    .orderBy("position")
    .orderBy("edition")
    .orderBy("volume")
    .orderBy("key");
}

export interface ReleaseQuery {
  /** One medium, or null for every medium. */
  medium: Medium | null;
  /** The day that divides upcoming from out (YYYY-MM-DD, UTC): released on it counts as out. */
  today: string;
  /** The page of past releases (1 when absent). */
  page?: number;
}

/**
 * What the radar shows: what is coming (soonest first) and what came out (newest first, a page at a
 * time), of one medium or all, in one round trip.
 */
export async function getReleases(
  db: D1Database,
  { medium, today, page = 1 }: ReleaseQuery,
): Promise<{ upcoming: Release[]; recent: Release[]; paging: PageInfo }> {
  const media = medium ? [medium] : null;
  const [upcoming, recent, [count]] = await batch(db, [
    comingAfter(media, today).limit(UPCOMING_LIMIT),
    outBy(media, today).limit(RECENT_PER_PAGE).offset(pageOffset(page, RECENT_PER_PAGE)),
    releasesOf(media)
      .select((count) => count.fn.countAll<number>().as("total"))
      .where(isOut(today)),
  ]);
  return {
    upcoming: upcoming.map(toRelease),
    recent: recent.map(toRelease),
    paging: pageInfo(page, RECENT_PER_PAGE, count?.total ?? 0),
  };
}

/**
 * The newest releases out by `today`, and the next ones coming, for a feed or a calendar: `media`
 * chooses which (every medium when absent), `limit` bounds each list; without `chapters`, the manga's
 * releases are its volumes alone (a calendar's books).
 */
export async function getReleaseFeed(
  db: D1Database,
  {
    media,
    today,
    limit,
    chapters = true,
  }: { media: readonly Medium[] | null; today: string; limit: number; chapters?: boolean },
) {
  const [recent, upcoming] = await batch(db, [
    outBy(media, today, chapters).limit(limit),
    comingAfter(media, today, chapters).limit(limit),
  ]);
  return { recent: recent.map(toRelease), upcoming: upcoming.map(toRelease) };
}

/**
 * The home page's latest releases, for its batch: the two newest of the web novel, the light novels
 * (either edition) and the anime, out by `today`, newest first.
 */
export function latestReleases(today: string) {
  const newest = (medium: Medium) => outBy([medium], today).limit(2);
  return query
    .selectFrom(newest("web_novel").as("web_novel"))
    .selectAll()
    .unionAll(query.selectFrom(newest("light_novels").as("light_novels")).selectAll())
    .unionAll(query.selectFrom(newest("anime").as("anime")).selectAll())
    .orderBy("released_on", "desc");
}
