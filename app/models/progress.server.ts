import { type Medium, parseUnitKey, volumeKey } from "~/lib/content/units";
import { gated } from "~/lib/gated";
import { errorPage } from "~/lib/http-status";
import {
  groupName,
  mergeProgress,
  type Progress,
  progressPosition,
  reachedUnits,
  sameProgress,
  type TrackerUnit,
} from "~/lib/progress";
import { parseStoredProgress } from "~/lib/progress-file";
import type { ExternalIdRow } from "~/lib/content/rows";
import type { ExternalId, ExternalTarget } from "~/lib/external-ids";
import { batch } from "./db.server";

interface UnitRow {
  key: string;
  medium: Medium;
  position: number;
  label: string;
  title: string;
  title_revealed_by: string | null;
  group_label: string;
  group_title: string | null;
  extra: string | null;
  covered_by: string;
}

/**
 * Everything the reading tracker offers, in story order, each title gated where it spoils, and where
 * the series is listed on tracking services (to import a reader's lists from them): the same for every
 * reader once sealed, so the tracker fetches it after hydration (cacheable) instead of carrying it in
 * the page. One round trip.
 */
export async function getTimeline(db: D1Database): Promise<{ units: TrackerUnit[]; externalIds: ExternalId[] }> {
  const [units, externalIds] = await batch<[UnitRow, ExternalIdRow]>(db, [
    db.prepare(
      `SELECT u.key, u.medium, u.position, u.label, c.title, c.title_revealed_by, 'Arc ' || a.number AS group_label, a.title AS group_title, NULL AS extra, u.revealed_by AS covered_by
         FROM chapters c JOIN story_units u ON u.key = c.key JOIN arcs a ON a.number = c.arc_number
       UNION ALL
       SELECT u.key, u.medium, u.position, u.label, v.title, NULL, co.name, NULL, v.collection_code, u.revealed_by
         FROM ln_volumes v JOIN story_units u ON u.key = v.key JOIN ln_collections co ON co.code = v.collection_code
       UNION ALL
       SELECT u.key, u.medium, u.position, u.label, s.title, s.revealed_by, 'Side stories', NULL, s.canon, u.revealed_by
         FROM side_stories s JOIN story_units u ON u.key = s.key
       UNION ALL
       -- An episode's title is shown to everyone, as /anime lists it; a Break Time short's where the pack
       -- flags it, by itself and its episode, as search and /break_time gate it.
       SELECT u.key, u.medium, u.position, u.label, e.title, NULL, 'Season ' || se.number, se.title, NULL, u.revealed_by
         FROM anime_episodes e JOIN story_units u ON u.key = e.key JOIN anime_seasons se ON se.number = e.season_number
       UNION ALL
       SELECT u.key, u.medium, u.position, u.label, b.title, b.title_revealed_by,
              'Break Time season ' || b.season_number, NULL, NULL, u.revealed_by
         FROM break_time_episodes b JOIN story_units u ON u.key = b.key
       ORDER BY 3, 1`,
    ),
    db.prepare(
      `SELECT service, list, external_id, medium, target FROM external_ids ORDER BY service, list, external_id`,
    ),
  ]);
  return {
    units: units.map((unit) => ({
      key: unit.key,
      medium: unit.medium,
      position: unit.position,
      label: unit.label,
      title: gated(unit.title_revealed_by, unit.title),
      group: unit.group_title === null ? unit.group_label : groupName(unit.group_label, unit.group_title),
      collection: unit.medium === "light_novels" ? unit.extra : null,
      coveredBy: unit.covered_by,
    })),
    externalIds: externalIds.map(externalId),
  };
}

/** An `external_ids` row as the tracker's import reads it. */
function externalId(row: ExternalIdRow): ExternalId {
  const target: ExternalTarget =
    row.medium === "anime"
      ? { medium: "anime", season: Number(row.target) }
      : row.medium === "light_novels"
        ? { medium: "light_novels", collection: row.target }
        : { medium: "web_novel" };
  return { service: row.service, list: row.list, id: row.external_id, target };
}

/** A signed-in reader's saved record: for the tracker, and for merging on sign-in. */
export async function getSavedProgress(db: D1Database, uid: string) {
  const [rows] = await batch<[{ progress: string }]>(db, [
    db.prepare(`SELECT progress FROM reading_progress WHERE uid = ?1`).bind(uid),
  ]);
  return parseStoredProgress(rows[0]?.progress);
}

/** The record with only the units the timeline knows, its position worked out from theirs. */
function onTimeline(progress: Progress, positions: ReadonlyMap<string, number>): Progress {
  const known = (key: string | null) => (key !== null && positions.has(key) ? key : null);
  const kept: Progress = {
    ...progress,
    webNovel: known(progress.webNovel),
    lightNovels: Object.fromEntries(
      Object.entries(progress.lightNovels).filter(([collection, volume]) =>
        positions.has(volumeKey(collection, volume)),
      ),
    ),
    sideStories: progress.sideStories.filter((key) => positions.has(key)),
    anime: known(progress.anime),
    breakTime: progress.breakTime.filter((key) => positions.has(key)),
    skipped: progress.skipped.filter((key) => positions.has(key)),
  };
  return {
    ...kept,
    position: progressPosition(kept, (key) => positions.get(key)),
  };
}

/** How often a save is tried again when another save for the same reader wrote first. */
const SAVE_ATTEMPTS = 16;

/**
 * Saves a signed-in reader's progress merged into what the account has (furthest wins per medium,
 * checklists united: app/lib/progress.ts), so a save that arrives late never undoes a newer one. Only
 * units on the timeline are kept, so the record stays as small as the series. The write is
 * conditional on the record it merged with; when another save wrote in between, it merges again.
 * Returns the record as stored.
 */
export async function saveProgress(
  db: D1Database,
  uid: string,
  progress: Progress,
  now = new Date(),
): Promise<Progress> {
  for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
    const [rows, units] = await batch<[{ progress: string }, { key: string; position: number }]>(db, [
      db.prepare(`SELECT progress FROM reading_progress WHERE uid = ?1`).bind(uid),
      db
        .prepare(`SELECT key, position FROM story_units WHERE key IN (SELECT value FROM json_each(?1))`)
        .bind(JSON.stringify([...reachedUnits(progress), ...progress.skipped])),
    ]);
    const current = rows[0]?.progress;
    const saved = parseStoredProgress(current);
    const offered = onTimeline(progress, new Map(units.map((unit) => [unit.key, unit.position])));
    const merged = saved ? mergeProgress(saved, offered) : offered;
    if (saved && sameProgress(merged, saved)) return saved;

    const stored: Progress = { ...merged, updatedAt: now.toISOString() };
    const columns = [
      uid,
      JSON.stringify(stored),
      stored.position,
      stored.webNovel ? (parseUnitKey(stored.webNovel, "web_novel")?.arc ?? null) : null,
      JSON.stringify(trackedMedia(stored)),
      stored.updatedAt,
    ];
    const write =
      current === undefined
        ? db
            .prepare(
              `INSERT INTO reading_progress (uid, progress, position, web_novel_arc, media, updated_at, first_saved_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)
               ON CONFLICT (uid) DO NOTHING RETURNING uid`,
            )
            .bind(...columns)
        : db
            .prepare(
              `UPDATE reading_progress SET progress = ?2, position = ?3, web_novel_arc = ?4, media = ?5, updated_at = ?6
                WHERE uid = ?1 AND progress = ?7 RETURNING uid`,
            )
            .bind(...columns, current);
    const [written] = await batch<[{ uid: string }]>(db, [write]);
    if (written.length) return stored;
  }
  throw errorPage(503, {
    message: "Your progress is being saved from several places at once. Please try again in a moment.",
  });
}

/** The media a record has progress in (readership statistics group by them). */
function trackedMedia(progress: Progress): Medium[] {
  const media: Array<Medium | null> = [
    progress.webNovel ? "web_novel" : null,
    Object.keys(progress.lightNovels).length ? "light_novels" : null,
    progress.sideStories.length ? "side_stories" : null,
    progress.anime ? "anime" : null,
    progress.breakTime.length ? "break_time" : null,
  ];
  return media.filter((medium): medium is Medium => medium !== null);
}
