import type { SeriesRow } from "~/lib/content/rows";
import { totalsFrom } from "~/lib/content/statistics";
import { batch, parseJsonList } from "./db.server";
import { latestReleasesStatement, type ReleaseRow, toRelease } from "./releases.server";

/**
 * What the home page says about the series: who made it, how big it is, what came out last (by
 * `today`; a release's title is gated as on the radar, ./releases.server).
 */
export async function getSeriesOverview(db: D1Database, today: string) {
  const [series, counts, releases, collections] = await batch<
    [Omit<SeriesRow, "id" | "pack">, { label: string; value: number }, ReleaseRow, { code: string; name: string }]
  >(db, [
    db.prepare(`SELECT title, original_title, synopsis, author, illustrator, media FROM series WHERE id = 1`),
    // Counted once when the pack was imported (the pipeline's statistics), not over every table per view.
    db.prepare(`SELECT label, value FROM content_statistics WHERE chart = 'totals'`),
    latestReleasesStatement(db, today),
    // Their names, so "continue where you left off" can say where a light novel reader is.
    db.prepare(`SELECT code, name FROM ln_collections ORDER BY sort_order`),
  ]);
  const row = series[0];
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
    collections,
  };
}

/**
 * The series as the API describes it: who made it, its media, its totals (counted at import) and how
 * each medium is grouped (arcs, light novel collections, anime seasons), names only. One round trip.
 */
export async function getSeries(db: D1Database) {
  const [series, counts, arcs, collections, seasons] = await batch<
    [
      Omit<SeriesRow, "id" | "pack">,
      { label: string; value: number },
      { number: number; title: string },
      { code: string; name: string; kind: string },
      { number: number; title: string },
    ]
  >(db, [
    db.prepare(`SELECT title, original_title, synopsis, author, illustrator, media FROM series WHERE id = 1`),
    db.prepare(`SELECT label, value FROM content_statistics WHERE chart = 'totals'`),
    db.prepare(`SELECT number, title FROM arcs ORDER BY number`),
    db.prepare(`SELECT code, name, kind FROM ln_collections ORDER BY sort_order`),
    db.prepare(`SELECT number, title FROM anime_seasons ORDER BY number`),
  ]);
  const row = series[0];
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
    collections,
    seasons,
  };
}
