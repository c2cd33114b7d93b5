import { type Medium, unitPath } from "~/lib/content/units";
import { gated } from "~/lib/gated";
import { type PageInfo, pageInfo, pageOffset } from "~/lib/paging";
import type { Edition, Release } from "~/lib/releases";
import { batch } from "./db.server";

export interface ReleaseRow {
  key: string;
  medium: Medium;
  edition: Edition | null;
  label: string;
  title: string;
  revealed_by: string | null;
  released_on: string;
}

/**
 * Every dated release of the story, one row each. Undated Break Time shorts and side stories are left
 * out: a radar can only place what has a date. D1 allows five terms in a compound SELECT, so a volume's
 * two editions come from one term.
 */
const RELEASES = `
  WITH releases AS (
    SELECT c.key, 'web_novel' AS medium, NULL AS edition, u.label, c.title, c.title_revealed_by AS revealed_by,
           c.published_on AS released_on, u.position
      FROM chapters c JOIN story_units u ON u.key = c.key
    UNION ALL
    SELECT v.key, 'light_novels', edition.column1, u.label, v.title, NULL,
           CASE edition.column1 WHEN 'jp' THEN v.released_jp ELSE v.released_en END, u.position
      FROM ln_volumes v JOIN story_units u ON u.key = v.key CROSS JOIN (VALUES ('jp'), ('en')) AS edition
     WHERE edition.column1 = 'jp' OR v.released_en IS NOT NULL
    UNION ALL
    SELECT e.key, 'anime', NULL, u.label, e.title, NULL, e.aired_on, u.position
      FROM anime_episodes e JOIN story_units u ON u.key = e.key
    UNION ALL
    SELECT b.key, 'break_time', NULL, u.label, b.title, b.title_revealed_by, b.aired_on, u.position
      FROM break_time_episodes b JOIN story_units u ON u.key = b.key WHERE b.aired_on IS NOT NULL
    UNION ALL
    SELECT s.key, 'side_stories', NULL, u.label, s.title, s.revealed_by, s.published_on, u.position
      FROM side_stories s JOIN story_units u ON u.key = s.key WHERE s.published_on IS NOT NULL
  )`;

const COLUMNS = `key, medium, edition, label, title, revealed_by, released_on`;
/** ?1 the medium asked for (null: every medium), ?2 today. */
const CHOSEN = `(?1 IS NULL OR medium = ?1)`;

/** How many upcoming releases the radar lists: an announced schedule, never the whole future. */
export const UPCOMING_LIMIT = 50;
/** Past releases, a page at a time, newest first. */
export const RECENT_PER_PAGE = 50;

export function toRelease(row: ReleaseRow): Release {
  return {
    key: row.key,
    medium: row.medium,
    edition: row.edition,
    label: row.label,
    title: gated(row.revealed_by, row.title),
    releasedOn: row.released_on,
    path: unitPath(row.key),
  };
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
  const [upcoming, recent, [count]] = await batch<[ReleaseRow, ReleaseRow, { total: number }]>(db, [
    db
      .prepare(
        `${RELEASES} SELECT ${COLUMNS} FROM releases WHERE ${CHOSEN} AND released_on > ?2 ORDER BY released_on, position, edition LIMIT ?3`,
      )
      .bind(medium, today, UPCOMING_LIMIT),
    db
      .prepare(
        `${RELEASES} SELECT ${COLUMNS} FROM releases WHERE ${CHOSEN} AND released_on <= ?2 ORDER BY released_on DESC, position DESC, edition DESC LIMIT ?3 OFFSET ?4`,
      )
      .bind(medium, today, RECENT_PER_PAGE, pageOffset(page, RECENT_PER_PAGE)),
    db
      .prepare(`${RELEASES} SELECT COUNT(*) AS total FROM releases WHERE ${CHOSEN} AND released_on <= ?2`)
      .bind(medium, today),
  ]);
  return {
    upcoming: upcoming.map(toRelease),
    recent: recent.map(toRelease),
    paging: pageInfo(page, RECENT_PER_PAGE, count?.total ?? 0),
  };
}

/**
 * The newest releases out by `today`, and the next ones coming, for a feed or a calendar: `media`
 * chooses which (every medium when absent), `limit` bounds each list.
 */
export async function getReleaseFeed(
  db: D1Database,
  { media, today, limit }: { media: readonly Medium[] | null; today: string; limit: number },
) {
  const chosen = media ? `medium IN (${media.map((_, index) => `?${index + 3}`).join(", ")})` : "1";
  const [recent, upcoming] = await batch<[ReleaseRow, ReleaseRow]>(db, [
    db
      .prepare(
        `${RELEASES} SELECT ${COLUMNS} FROM releases WHERE ${chosen} AND released_on <= ?1 ORDER BY released_on DESC, position DESC, edition DESC LIMIT ?2`,
      )
      .bind(today, limit, ...(media ?? [])),
    db
      .prepare(
        `${RELEASES} SELECT ${COLUMNS} FROM releases WHERE ${chosen} AND released_on > ?1 ORDER BY released_on, position, edition LIMIT ?2`,
      )
      .bind(today, limit, ...(media ?? [])),
  ]);
  return { recent: recent.map(toRelease), upcoming: upcoming.map(toRelease) };
}

/**
 * The home page's latest releases, for its batch: the two newest of the web novel, the light novels
 * (either edition) and the anime, out by `today`, newest first.
 */
export function latestReleasesStatement(db: D1Database, today: string) {
  const newest = (medium: Medium) =>
    `SELECT * FROM (SELECT ${COLUMNS} FROM releases WHERE medium = '${medium}' AND released_on <= ?1 ORDER BY released_on DESC, position DESC, edition DESC LIMIT 2)`;
  return db
    .prepare(
      `${RELEASES} ${newest("web_novel")} UNION ALL ${newest("light_novels")} UNION ALL ${newest("anime")} ORDER BY released_on DESC`,
    )
    .bind(today);
}
