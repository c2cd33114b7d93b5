import type { Medium } from "~/lib/content/units";
import { ESTABLISHED_AFTER_DAYS, MIN_BUCKET } from "~/lib/readership";
import { batch } from "./db.server";

const STALLED_AFTER_DAYS = 60;
const CACHE_MS = 10 * 60 * 1000;

let cached: { at: number; value: Readership } | null = null;

export interface Bucket {
  label: string;
  readers: number;
}

export interface Readership {
  readers: number;
  arcs: Bucket[];
  volumes: Bucket[];
  media: Array<{ medium: Medium; readers: number }>;
  stalled: Bucket[];
  hiddenBuckets: number;
  computedAt: string;
}

/**
 * The readers counted, as `p`: a first save at least ESTABLISHED_AFTER_DAYS old (?1 is that moment) and
 * progress saved on a later day than the first. Both dates are the server's.
 */
const established = `(SELECT * FROM reading_progress WHERE first_saved_at <> '' AND first_saved_at <= ?1
                        AND substr(updated_at, 1, 10) > substr(first_saved_at, 1, 10)) p`;

/**
 * Aggregates of established readers' tracked progress. Only counts leave this function, and groups of
 * fewer than MIN_BUCKET readers are dropped. Computed in one round trip and kept for 10 minutes per
 * isolate (the page is also cached at the edge).
 */
export async function getReadership(db: D1Database, now = Date.now()): Promise<Readership> {
  if (cached && now - cached.at < CACHE_MS) return cached.value;
  const stalledBefore = new Date(now - STALLED_AFTER_DAYS * 86_400_000).toISOString();
  const firstSavedBy = new Date(now - ESTABLISHED_AFTER_DAYS * 86_400_000).toISOString();
  const [totals, arcs, volumes, media, stalled] = await batch<
    [
      { readers: number },
      { arc: number; title: string; readers: number },
      { collection: string; name: string; volume: number; readers: number },
      { medium: Medium; readers: number },
      { arc: number; title: string; readers: number },
    ]
  >(db, [
    db.prepare(`SELECT COUNT(*) AS readers FROM ${established}`).bind(firstSavedBy),
    db
      .prepare(
        `SELECT p.web_novel_arc AS arc, a.title, COUNT(*) AS readers FROM ${established} JOIN arcs a ON a.number = p.web_novel_arc
          GROUP BY p.web_novel_arc ORDER BY p.web_novel_arc`,
      )
      .bind(firstSavedBy),
    db
      .prepare(
        `SELECT j.key AS collection, c.name, j.value AS volume, COUNT(*) AS readers
           FROM ${established}, json_each(p.progress, '$.lightNovels') j JOIN ln_collections c ON c.code = j.key
          GROUP BY j.key, j.value ORDER BY c.sort_order, j.value`,
      )
      .bind(firstSavedBy),
    db
      .prepare(
        `SELECT m.value AS medium, COUNT(*) AS readers FROM ${established}, json_each(p.media) m GROUP BY m.value`,
      )
      .bind(firstSavedBy),
    db
      .prepare(
        `SELECT p.web_novel_arc AS arc, a.title, COUNT(*) AS readers FROM ${established} JOIN arcs a ON a.number = p.web_novel_arc
          WHERE p.updated_at < ?2 GROUP BY p.web_novel_arc ORDER BY p.web_novel_arc`,
      )
      .bind(firstSavedBy, stalledBefore),
  ]);

  let hiddenBuckets = 0;
  const shown = <T extends { readers: number }>(rows: T[]) =>
    rows.filter((row) => {
      if (row.readers >= MIN_BUCKET) return true;
      hiddenBuckets++;
      return false;
    });
  const readers = totals[0]?.readers ?? 0;
  const value: Readership = {
    readers: readers >= MIN_BUCKET ? readers : 0,
    arcs: shown(arcs).map((row) => ({ label: `Arc ${row.arc}: ${row.title}`, readers: row.readers })),
    volumes: shown(volumes).map((row) => ({ label: `${row.name} ${row.volume}`, readers: row.readers })),
    media: shown(media),
    stalled: shown(stalled).map((row) => ({ label: `Arc ${row.arc}: ${row.title}`, readers: row.readers })),
    hiddenBuckets,
    computedAt: new Date(now).toISOString(),
  };
  cached = { at: now, value };
  return value;
}

/** Test hook. */
export function clearReadershipCache() {
  cached = null;
}
