import type { StoryUnit } from "~/lib/api-views";
import type { Medium } from "~/lib/content/units";
import { gated } from "~/lib/gated";
import { batch } from "./db.server";

interface UnitRow {
  key: string;
  medium: Medium;
  label: string;
  path: string;
  title: string;
  original_title: string | null;
  title_revealed_by: string | null;
  released_on: string | null;
}

/**
 * Every unit with its title and release date, from the table of its medium. Titles are gated as the
 * pages gate them: a flagged chapter title, a side story that gives something away, a flagged Break
 * Time short; volume and episode titles spoil nothing.
 */
const units = `
  SELECT u.key, u.medium, u.label, u.path, u.position, c.title, c.original_title, c.title_revealed_by, c.published_on AS released_on
    FROM story_units u JOIN chapters c ON c.key = u.key
  UNION ALL
  SELECT u.key, u.medium, u.label, u.path, u.position, v.title, v.original_title, NULL, v.released_jp
    FROM story_units u JOIN ln_volumes v ON v.key = u.key
  UNION ALL
  SELECT u.key, u.medium, u.label, u.path, u.position, s.title, s.original_title, s.revealed_by, s.published_on
    FROM story_units u JOIN side_stories s ON s.key = u.key
  UNION ALL
  SELECT u.key, u.medium, u.label, u.path, u.position, e.title, e.original_title, NULL, e.aired_on
    FROM story_units u JOIN anime_episodes e ON e.key = u.key
  UNION ALL
  SELECT u.key, u.medium, u.label, u.path, u.position, b.title, NULL, b.title_revealed_by, b.aired_on
    FROM story_units u JOIN break_time_episodes b ON b.key = u.key`;

function toStoryUnit(row: UnitRow): StoryUnit {
  return {
    key: row.key,
    medium: row.medium,
    label: row.label,
    named: gated(row.title_revealed_by, { title: row.title, originalTitle: row.original_title }),
    releasedOn: row.released_on,
    path: row.path,
  };
}

/** One page of the units of one medium or all, in story order, with how many there are. One round trip. */
export async function getStoryUnits(
  db: D1Database,
  { medium, offset, limit }: { medium: Medium | null; offset: number; limit: number },
) {
  const [rows, totals] = await batch<[UnitRow, { total: number }]>(db, [
    db
      .prepare(`SELECT * FROM (${units}) WHERE ?1 IS NULL OR medium = ?1 ORDER BY position, key LIMIT ?2 OFFSET ?3`)
      .bind(medium, limit, offset),
    db.prepare(`SELECT COUNT(*) AS total FROM story_units WHERE ?1 IS NULL OR medium = ?1`).bind(medium),
  ]);
  return { units: rows.map(toStoryUnit), total: totals[0]?.total ?? 0 };
}

/** One unit, or null when no unit has this key. One round trip. */
export async function getStoryUnit(db: D1Database, key: string): Promise<StoryUnit | null> {
  const [rows] = await batch<[UnitRow]>(db, [db.prepare(`SELECT * FROM (${units}) WHERE key = ?1`).bind(key)]);
  return rows[0] ? toStoryUnit(rows[0]) : null;
}
