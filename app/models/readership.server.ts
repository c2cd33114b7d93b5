import { expressionBuilder, sql } from "kysely";
import type { Medium } from "~/lib/content/units";
import { ESTABLISHED_AFTER_DAYS, MIN_BUCKET } from "~/lib/content/readership";
import { arcName, labelWithTitle, volumeName } from "~/lib/content/labels";
import type { Database } from "./database";
import { batch, query } from "./query.server";
import { publicArcTitle } from "./db.server";

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

const progressRow = expressionBuilder<Database, "reading_progress">();
/** The day of a record's timestamp (ISO: its first ten characters). */
const dayOf = (column: "first_saved_at" | "updated_at") =>
  progressRow.fn<string>("substr", [column, progressRow.lit(1), progressRow.lit(10)]);

/**
 * The readers counted, as `p`: a first save at least ESTABLISHED_AFTER_DAYS old (`firstSavedBy` is
 * that moment) and progress saved on a later day than the first. Both dates are the server's.
 */
const established = (firstSavedBy: string) =>
  query
    .selectFrom("reading_progress")
    .selectAll()
    .where("first_saved_at", "<>", "")
    .where("first_saved_at", "<=", firstSavedBy)
    .where(dayOf("updated_at"), ">", dayOf("first_saved_at"))
    .as("p");

/** How many established readers have reached each web novel arc. */
const readersPerArc = (firstSavedBy: string) =>
  query
    .selectFrom(established(firstSavedBy))
    .innerJoin("arcs as a", "a.number", "p.web_novel_arc")
    .select((count) => ["a.number as arc", publicArcTitle("a").as("title"), count.fn.countAll<number>().as("readers")])
    .groupBy("p.web_novel_arc")
    .orderBy("p.web_novel_arc");

/**
 * Aggregates of established readers' tracked progress. Only counts leave this function, and groups of
 * fewer than MIN_BUCKET readers are dropped. Computed in one round trip and kept for 10 minutes per
 * isolate (the page is also cached at the edge).
 */
export async function getReadership(db: D1Database, now = Date.now()): Promise<Readership> {
  if (cached && now - cached.at < CACHE_MS) return cached.value;
  const stalledBefore = new Date(now - STALLED_AFTER_DAYS * 86_400_000).toISOString();
  const firstSavedBy = new Date(now - ESTABLISHED_AFTER_DAYS * 86_400_000).toISOString();
  const [totals, arcs, volumes, media, stalled] = await batch(db, [
    query.selectFrom(established(firstSavedBy)).select((count) => count.fn.countAll<number>().as("readers")),
    readersPerArc(firstSavedBy),
    // Each light novel collection's last volume read, as the record keeps it: a volume key in version 2
    // (`"lightNovels": ["ln:main-3"]`); in version 1, which a row keeps until its reader saves again, the
    // volume's number under its collection's code (`"lightNovels": {"main": 3}`).
    query
      .selectFrom([
        established(firstSavedBy),
        sql<{ key: string | number; value: string | number }>`json_each(${sql.ref("p.progress")}, '$.lightNovels')`.as(
          "j",
        ),
      ])
      .innerJoin("ln_volumes as v", (join) =>
        join.on(
          sql<boolean>`${sql.ref("v.key")} = ${sql.ref("j.value")} OR (${sql.ref("v.collection_code")} = ${sql.ref("j.key")} AND ${sql.ref("v.number")} = ${sql.ref("j.value")})`,
        ),
      )
      .innerJoin("ln_collections as c", "c.code", "v.collection_code")
      .select((count) => [
        "v.collection_code as collection",
        "c.name",
        "v.number",
        "v.label",
        count.fn.countAll<number>().as("readers"),
      ])
      .groupBy("v.key")
      .orderBy("c.sort_order")
      .orderBy("v.number"),
    query
      .selectFrom([established(firstSavedBy), sql<{ value: Medium }>`json_each(${sql.ref("p.media")})`.as("m")])
      .select((count) => ["m.value as medium", count.fn.countAll<number>().as("readers")])
      .groupBy("m.value"),
    readersPerArc(firstSavedBy).where("p.updated_at", "<", stalledBefore),
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
    arcs: shown(arcs).map((row) => ({ label: labelWithTitle(arcName(row.arc), row.title), readers: row.readers })),
    volumes: shown(volumes).map((row) => ({ label: volumeName(row.name, row), readers: row.readers })),
    media: shown(media),
    stalled: shown(stalled).map((row) => ({
      label: labelWithTitle(arcName(row.arc), row.title),
      readers: row.readers,
    })),
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
