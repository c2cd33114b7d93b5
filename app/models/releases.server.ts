import { type Expression, type SelectQueryBuilder, sql } from "kysely";
import type { Medium } from "~/lib/content/units";
import { type PageInfo, pageInfo, pageOffset } from "~/lib/http/paging";
import { type Edition, type Release, UPCOMING_LIMIT } from "~/lib/feeds/releases";
import { batch, query } from "./query.server";
import { gatedTitle } from "./db.server";
import { gated } from "~/lib/shield/gated";
import { comingAfter as isComing, dateOrder, hasComeBy as isOut } from "./story-dates.server";

/** A medium as a column of its own, the same in every term of the union. */
const medium = (name: Medium) => sql<Medium>`${sql.lit(name)}`.as("medium");
/** No edition: only light novel volumes, and manga volumes in English, have one. */
const noEdition = sql<Edition | null>`NULL`.as("edition");
/** Not a manga volume: only the manga binds its chapters into volumes released apart from them. */
const noVolume = sql<number | null>`NULL`.as("volume");
/** "Manga 1 · Volume 2", as `mangaVolumeLabel` writes it, from the series' place (from 0) and the volume's number. */
const volumeLabel = (seriesOrder: Expression<number>, volume: Expression<number>) =>
  sql<string>`'Manga ' || (${seriesOrder} + 1) || ' · Volume ' || ${volume}`;
/**
 * Each kind of release apart, a leaf of the union: its rows (the same columns in every leaf) and the
 * column that dates it, which an index orders by the earliest it can be (migrations 0020–0039 and 0053,
 * `dateOrder`), so a window of a leaf (`windowOf`) reads only the rows it gives. Undated releases are left out: a radar can only place what has a date.
 */
/** A release as every leaf of the union gives it. */
interface ReleaseRow {
  key: string;
  medium: Medium;
  edition: Edition | null;
  label: string;
  title: string | null;
  revealed_by: string | null;
  /** What reaches its place (`story_units.title_reached_by`), which shows a title the pack does not flag. */
  reached_by: string;
  released_on: string;
  position: number;
  volume: number | null;
}

/** Any select that gives releases: the leaves differ in their tables, not in what they give. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Releases<Row = ReleaseRow> = SelectQueryBuilder<any, any, Row>;

interface Leaf {
  medium: Medium;
  /** The column that dates it, as its rows name it: its date index orders it. */
  date: string;
  /** A manga chapter, left out where the manga's releases are its books alone (a calendar's). */
  chapter?: boolean;
  rows: () => Releases;
}

/** A light novel volume is two releases, one an edition, each dated by its own column. */
const lnLeaf = (edition: Edition): Leaf => ({
  medium: "light_novels",
  date: edition === "jp" ? "v.released_jp" : "v.released_en",
  rows: () =>
    query
      .selectFrom("ln_volumes as v")
      .innerJoin("story_units as u", "u.key", "v.key")
      .select((row) => [
        "v.key",
        medium("light_novels"),
        sql<Edition | null>`${sql.lit(edition)}`.as("edition"),
        "u.label",
        row.ref("v.title").$castTo<string | null>().as("title"),
        sql<string | null>`NULL`.as("revealed_by"),
        "u.title_reached_by as reached_by",
        row
          .ref(edition === "jp" ? "v.released_jp" : "v.released_en")
          .$castTo<string>()
          .as("released_on"),
        "u.position",
        noVolume,
      ]),
});

/**
 * A manga volume: its chapters bound in a book, released apart from them (decision 49), first in the
 * original (no edition: the volume's release, as before it had an English one), then perhaps in English
 * (decision 74), each dated by its own column. It is placed, reached and linked by its first chapter; its
 * title waits as a light novel volume's does.
 */
const mangaVolumeLeaf = (edition: "en" | null): Leaf => ({
  medium: "manga",
  date: edition === "en" ? "v.released_en" : "v.released_on",
  rows: () =>
    query
      .selectFrom("manga_volumes as v")
      .innerJoin("manga_series as ms", "ms.code", "v.series_code")
      .innerJoin("manga_chapters as m", (join) =>
        join.onRef("m.series_code", "=", "v.series_code").onRef("m.volume_number", "=", "v.number"),
      )
      .innerJoin("story_units as u", "u.key", "m.key")
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
        edition === null ? noEdition : sql<Edition | null>`${sql.lit(edition)}`.as("edition"),
        volumeLabel(row.ref("ms.sort_order"), row.ref("v.number")).as("label"),
        // A volume without a title is named by its label, as a chapter is (toRelease).
        row.ref("v.title").$castTo<string | null>().as("title"),
        sql<string | null>`NULL`.as("revealed_by"),
        "u.title_reached_by as reached_by",
        row
          .ref(edition === "en" ? "v.released_en" : "v.released_on")
          .$castTo<string>()
          .as("released_on"),
        "u.position",
        row.ref("v.number").$castTo<number | null>().as("volume"),
      ]),
});

const leaves: Leaf[] = [
  {
    medium: "web_novel",
    date: "c.published_on",
    rows: () =>
      query
        .selectFrom("chapters as c")
        .innerJoin("story_units as u", "u.key", "c.key")
        .select((row) => [
          "c.key",
          medium("web_novel"),
          noEdition,
          "u.label",
          // Null for a release without a title (the manga's may have none), in every leaf.
          row.ref("c.title").$castTo<string | null>().as("title"),
          "c.title_revealed_by as revealed_by",
          "u.title_reached_by as reached_by",
          row.ref("c.published_on").$castTo<string>().as("released_on"),
          "u.position",
          noVolume,
        ]),
  },
  lnLeaf("jp"),
  lnLeaf("en"),
  {
    medium: "anime",
    date: "e.aired_on",
    rows: () =>
      query
        .selectFrom("anime_episodes as e")
        .innerJoin("story_units as u", "u.key", "e.key")
        .select((row) => [
          "e.key",
          medium("anime"),
          noEdition,
          "u.label",
          row.ref("e.title").$castTo<string | null>().as("title"),
          "e.title_revealed_by as revealed_by",
          "u.title_reached_by as reached_by",
          row.ref("e.aired_on").$castTo<string>().as("released_on"),
          "u.position",
          noVolume,
        ]),
  },
  // A recut's episodes (decision 45) are the anime's releases too.
  {
    medium: "anime",
    date: "re.aired_on",
    rows: () =>
      query
        .selectFrom("anime_recut_episodes as re")
        .innerJoin("story_units as u", "u.key", "re.key")
        .select((row) => [
          "re.key",
          medium("anime"),
          noEdition,
          "u.label",
          row.ref("re.title").$castTo<string | null>().as("title"),
          "re.title_revealed_by as revealed_by",
          "u.title_reached_by as reached_by",
          row.ref("re.aired_on").$castTo<string>().as("released_on"),
          "u.position",
          noVolume,
        ]),
  },
  {
    medium: "break_time",
    date: "b.aired_on",
    rows: () =>
      query
        .selectFrom("break_time_episodes as b")
        .innerJoin("story_units as u", "u.key", "b.key")
        .select((row) => [
          "b.key",
          medium("break_time"),
          noEdition,
          "u.label",
          row.ref("b.title").$castTo<string | null>().as("title"),
          "b.title_revealed_by as revealed_by",
          "u.title_reached_by as reached_by",
          row.ref("b.aired_on").$castTo<string>().as("released_on"),
          "u.position",
          noVolume,
        ]),
  },
  {
    medium: "anime_specials",
    date: "sp.released_on",
    rows: () =>
      query
        .selectFrom("anime_specials as sp")
        .innerJoin("story_units as u", "u.key", "sp.key")
        .select((row) => [
          "sp.key",
          medium("anime_specials"),
          noEdition,
          "u.label",
          row.ref("sp.title").$castTo<string | null>().as("title"),
          "sp.title_revealed_by as revealed_by",
          "u.title_reached_by as reached_by",
          row.ref("sp.released_on").$castTo<string>().as("released_on"),
          "u.position",
          noVolume,
        ]),
  },
  {
    medium: "side_stories",
    date: "s.published_on",
    rows: () =>
      query
        .selectFrom("side_stories as s")
        .innerJoin("story_units as u", "u.key", "s.key")
        .select((row) => [
          "s.key",
          medium("side_stories"),
          noEdition,
          "u.label",
          row.ref("s.title").$castTo<string | null>().as("title"),
          "s.revealed_by",
          "u.title_reached_by as reached_by",
          row.ref("s.published_on").$castTo<string>().as("released_on"),
          "u.position",
          noVolume,
        ]),
  },
  {
    medium: "manga",
    date: "m.published_on",
    chapter: true,
    rows: () =>
      query
        .selectFrom("manga_chapters as m")
        .innerJoin("story_units as u", "u.key", "m.key")
        .select((row) => [
          "m.key",
          medium("manga"),
          noEdition,
          "u.label",
          // A chapter without a title is named by its label (toRelease).
          row.ref("m.title").$castTo<string | null>().as("title"),
          "m.title_revealed_by as revealed_by",
          "u.title_reached_by as reached_by",
          row.ref("m.published_on").$castTo<string>().as("released_on"),
          "u.position",
          noVolume,
        ]),
  },
  mangaVolumeLeaf(null),
  mangaVolumeLeaf("en"),
];

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
 * The leaves of the media asked for (null: every medium). The anime's releases take in its OVAs,
 * specials and films, wherever its episodes are listed; without chapters, the manga is its volumes.
 */
function leavesOf(media: readonly Medium[] | null, chapters: boolean) {
  const asked = media?.includes("anime") ? new Set<Medium>([...media, "anime_specials"]) : media && new Set(media);
  return leaves.filter((leaf: Leaf) => (!asked || asked.has(leaf.medium)) && (chapters || !leaf.chapter));
}

/**
 * Out by `today`, newest first, or coming, soonest first, each by the earliest it can be (`dateOrder`): a
 * month, a quarter or a year sorts with its first month or day, before the days it holds (after them,
 * newest first).
 */
interface Window {
  out: boolean;
  today: string;
  /** How many releases of each leaf to read at most: a page's last one, counted from the first. */
  rows: number;
}

/**
 * The first `rows` of a leaf in a window's order, read along its date index: the union's first rows are
 * among the leaves' first ones, so no leaf reads more than the page needs, however long the story grows.
 */
function windowOf(leaf: Leaf, { out, today, rows }: Window) {
  const order = out ? "desc" : "asc";
  const bounded = leaf
    .rows()
    .where(out ? isOut(leaf.date, today) : isComing(leaf.date, today))
    .orderBy(dateOrder(leaf.date), order)
    .orderBy("u.position", order)
    .orderBy("edition", order)
    .orderBy("volume", order)
    .orderBy("u.key", order)
    .limit(rows);
  return query.selectFrom(bounded.as("leaf")).selectAll();
}

/** The union of selects (one at least), nested five at a time: D1 allows five terms in a compound SELECT. */
function unionOf<Row>(terms: Releases<Row>[]): Releases<Row> {
  if (terms.length <= 5) return terms.slice(1).reduce((union, term) => union.unionAll(term), terms[0]!);
  const groups: Releases<Row>[] = [];
  for (let start = 0; start < terms.length; start += 5)
    groups.push(query.selectFrom(unionOf(terms.slice(start, start + 5)).as("part")).selectAll() as Releases<Row>);
  return unionOf(groups);
}

/** A window of the releases of the media asked for, in its order: each leaf's window, then the union's. */
function releasesIn(media: readonly Medium[] | null, window: Window, chapters = true) {
  const order = window.out ? "desc" : "asc";
  return (
    query
      .selectFrom(unionOf(leavesOf(media, chapters).map((leaf) => windowOf(leaf, window))).as("releases"))
      .select(columns)
      .orderBy(dateOrder("released_on"), order)
      .orderBy("position", order)
      .orderBy("edition", order)
      // A manga volume after its first chapter, and units at one place by key: one order, so pages never overlap.
      .orderBy("volume", order)
      .orderBy("key", order)
  );
}

/** How many releases of the media asked for are out by `today`: each leaf counted along its date index. */
function outCount(media: readonly Medium[] | null, today: string) {
  const counts = leavesOf(media, true).map((leaf) =>
    query
      .selectFrom(leaf.rows().where(isOut(leaf.date, today)).as("leaf"))
      .select((count) => count.fn.countAll<number>().as("total")),
  );
  return query
    .selectFrom(unionOf(counts).as("counts"))
    .select((sum) => sum.fn.coalesce(sum.fn.sum<number>("total"), sum.lit(0)).as("total"));
}

export { UPCOMING_LIMIT, UPCOMING_SHOWN } from "~/lib/feeds/releases";
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

/** Out by `today`, newest first: the first `rows` (a page's last one, counted from the first). */
const outBy = (media: readonly Medium[] | null, today: string, rows: number, chapters = true) =>
  releasesIn(media, { out: true, today, rows }, chapters);

/** Not out by `today`, soonest first: an announced month, quarter or year stays coming only until it is over. */
const comingAfter = (media: readonly Medium[] | null, today: string, rows: number, chapters = true) =>
  releasesIn(media, { out: false, today, rows }, chapters);

export interface ReleaseQuery {
  /** One medium, or null for every medium. */
  medium: Medium | null;
  /** The day that divides upcoming from out (YYYY-MM-DD, UTC): released on it counts as out. */
  today: string;
  /** The page of past releases (1 when absent). */
  page?: number;
  /** How many upcoming releases to read, soonest first (UPCOMING_LIMIT when absent). */
  upcoming?: number;
}

/**
 * What the radar shows: what is coming (soonest first) and what came out (newest first, a page at a
 * time), of one medium or all, in one round trip.
 */
export async function getReleases(
  db: D1Database,
  { medium, today, page = 1, upcoming: upcomingLimit = UPCOMING_LIMIT }: ReleaseQuery,
): Promise<{ upcoming: Release[]; recent: Release[]; paging: PageInfo }> {
  const media = medium ? [medium] : null;
  const coming = Math.min(upcomingLimit, UPCOMING_LIMIT);
  const offset = pageOffset(page, RECENT_PER_PAGE);
  const [upcoming, recent, [count]] = await batch(db, [
    comingAfter(media, today, coming).limit(coming),
    outBy(media, today, offset + RECENT_PER_PAGE)
      .limit(RECENT_PER_PAGE)
      .offset(offset),
    outCount(media, today),
  ]);
  return {
    upcoming: upcoming.map(toRelease),
    recent: recent.map(toRelease),
    paging: pageInfo(page, RECENT_PER_PAGE, count?.total ?? 0),
  };
}

/** What is coming, soonest first, of one medium or all: the radar's view of every upcoming release (UPCOMING_LIMIT). */
export async function getUpcomingReleases(db: D1Database, { medium, today }: Omit<ReleaseQuery, "page" | "upcoming">) {
  const [upcoming] = await batch(db, [
    comingAfter(medium ? [medium] : null, today, UPCOMING_LIMIT).limit(UPCOMING_LIMIT),
  ]);
  return upcoming.map(toRelease);
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
    outBy(media, today, limit, chapters).limit(limit),
    comingAfter(media, today, limit, chapters).limit(limit),
  ]);
  return { recent: recent.map(toRelease), upcoming: upcoming.map(toRelease) };
}

/**
 * The home page's latest releases, for its batch: the two newest of the web novel, the light novels
 * (either edition), the anime and the manga, out by `today`, newest first.
 */
export function latestReleases(today: string) {
  const newest = (medium: Medium) => outBy([medium], today, 2).limit(2);
  const latest = query
    .selectFrom(newest("web_novel").as("web_novel"))
    .selectAll()
    .unionAll(query.selectFrom(newest("light_novels").as("light_novels")).selectAll())
    .unionAll(query.selectFrom(newest("anime").as("anime")).selectAll())
    .unionAll(query.selectFrom(newest("manga").as("manga")).selectAll());
  // A compound select orders by its columns only: by the earliest a date can be, from around it.
  return query.selectFrom(latest.as("latest")).select(columns).orderBy(dateOrder("released_on"), "desc");
}
