import { totalsFrom } from "~/lib/content/statistics";
import { parseJsonList } from "./db.server";
import { batch, query } from "./query.server";
import { latestReleases, toRelease } from "./releases.server";

const series = query
  .selectFrom("series")
  .select(["title", "original_title", "synopsis", "author", "illustrator", "media"])
  .where("id", "=", 1);
// Counted once when the pack was imported (the pipeline's statistics), not over every table per view.
const totals = query.selectFrom("content_statistics").select(["label", "value"]).where("chart", "=", "totals");
const collections = query.selectFrom("ln_collections").select(["code", "name", "kind"]).orderBy("sort_order");

/**
 * What the home page says about the series: who made it, how big it is, what came out last (by
 * `today`; a release's title is gated as on the radar, ./releases.server).
 */
export async function getSeriesOverview(db: D1Database, today: string) {
  const [[row], counts, releases, names] = await batch(db, [
    series,
    totals,
    latestReleases(today),
    // Their names, so "continue where you left off" can say where a light novel reader is.
    query.selectFrom("ln_collections").select(["code", "name"]).orderBy("sort_order"),
  ]);
  return {
    series: row
      ? {
          title: row.title,
          originalTitle: row.original_title,
          synopsis: row.synopsis,
          author: row.author,
          illustrator: row.illustrator,
          media: parseJsonList(row.media),
        }
      : null,
    counts: counts.length ? totalsFrom(counts) : null,
    releases: releases.map(toRelease),
    collections: names,
  };
}

/**
 * The series as the API describes it: who made it, its media, its totals (counted at import) and how
 * each medium is grouped (arcs, light novel collections, anime seasons), names only. One round trip.
 */
export async function getSeries(db: D1Database) {
  const [[row], counts, arcs, groups, seasons] = await batch(db, [
    series,
    totals,
    query.selectFrom("arcs").select(["number", "title"]).orderBy("number"),
    collections,
    query.selectFrom("anime_seasons").select(["number", "title"]).orderBy("number"),
  ]);
  if (!row) return null;
  return {
    title: row.title,
    originalTitle: row.original_title,
    synopsis: row.synopsis,
    author: row.author,
    illustrator: row.illustrator,
    media: parseJsonList(row.media),
    totals: totalsFrom(counts),
    arcs,
    collections: groups,
    seasons,
  };
}
