import { type Medium, parseUnitKey } from "~/lib/content/units";
import { type Progress, reachedUnits, type TrackerUnit } from "~/lib/progress";
import { parseStoredProgress } from "~/lib/progress-file";
import { batch } from "./db.server";

interface UnitRow {
  key: string;
  medium: Medium;
  position: number;
  label: string;
  title: string;
  title_reveal_position: number | null;
  group_label: string;
  extra: string | null;
}

/**
 * Everything the reading tracker offers, in story order, with the reader's saved progress when signed
 * in. One round trip.
 */
export async function getTrackerData(db: D1Database, uid: string | null): Promise<{ units: TrackerUnit[]; saved: Progress | null }> {
  const [units, saved] = await batch<[UnitRow, { progress: string }]>(db, [
    db.prepare(
      `SELECT u.key, u.medium, u.position, u.label, c.title, c.title_reveal_position, 'Arc ' || a.number || ': ' || a.title AS group_label, NULL AS extra
         FROM chapters c JOIN story_units u ON u.key = c.key JOIN arcs a ON a.number = c.arc_number
       UNION ALL
       SELECT u.key, u.medium, u.position, u.label, v.title, NULL, co.name, v.collection_code
         FROM ln_volumes v JOIN story_units u ON u.key = v.key JOIN ln_collections co ON co.code = v.collection_code
       UNION ALL
       SELECT u.key, u.medium, u.position, u.label, s.title, NULL, 'Side stories', s.canon
         FROM side_stories s JOIN story_units u ON u.key = s.key
       UNION ALL
       SELECT u.key, u.medium, u.position, u.label, e.title, NULL, 'Season ' || se.number || ': ' || se.title, NULL
         FROM anime_episodes e JOIN story_units u ON u.key = e.key JOIN anime_seasons se ON se.number = e.season_number
       UNION ALL
       SELECT u.key, u.medium, u.position, u.label, b.title, NULL, 'Break Time season ' || b.season_number, NULL
         FROM break_time_episodes b JOIN story_units u ON u.key = b.key
       ORDER BY 3, 1`,
    ),
    db.prepare(`SELECT progress FROM reading_progress WHERE uid = ?1`).bind(uid ?? ""),
  ]);
  const savedProgress = parseStoredProgress(saved[0]?.progress);
  return {
    units: units.map((unit) => ({
      key: unit.key,
      medium: unit.medium,
      position: unit.position,
      label: unit.label,
      title: unit.title,
      titleRevealAt: unit.title_reveal_position,
      group: unit.group_label,
      collection: unit.medium === "light_novels" ? unit.extra : null,
    })),
    saved: savedProgress,
  };
}

/** Only the saved record, for merging on sign-in. */
export async function getSavedProgress(db: D1Database, uid: string) {
  const [rows] = await batch<[{ progress: string }]>(db, [db.prepare(`SELECT progress FROM reading_progress WHERE uid = ?1`).bind(uid)]);
  return parseStoredProgress(rows[0]?.progress);
}

/** Saves a signed-in reader's progress, with the position recomputed from the timeline. */
export async function saveProgress(db: D1Database, uid: string, progress: Progress, now = new Date()) {
  const reached = reachedUnits(progress);
  const [positions] = await batch<[{ position: number | null }]>(db, [
    db
      .prepare(`SELECT MAX(position) AS position FROM story_units WHERE key IN (SELECT value FROM json_each(?1))`)
      .bind(JSON.stringify(reached)),
  ]);
  const position = positions[0]?.position ?? 0;
  const stored: Progress = { ...progress, position, updatedAt: now.toISOString() };
  const media = [
    progress.webNovel ? "web_novel" : null,
    Object.keys(progress.lightNovels).length ? "light_novels" : null,
    progress.sideStories.length ? "side_stories" : null,
    progress.anime ? "anime" : null,
    progress.breakTime.length ? "break_time" : null,
  ].filter(Boolean);
  await batch(db, [
    db
      .prepare(
        `INSERT INTO reading_progress (uid, progress, position, web_novel_arc, media, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (uid) DO UPDATE SET progress = excluded.progress, position = excluded.position,
           web_novel_arc = excluded.web_novel_arc, media = excluded.media, updated_at = excluded.updated_at`,
      )
      .bind(
        uid,
        JSON.stringify(stored),
        position,
        progress.webNovel ? (parseUnitKey(progress.webNovel, "web_novel")?.arc ?? null) : null,
        JSON.stringify(media),
        stored.updatedAt,
      ),
  ]);
  return stored;
}
