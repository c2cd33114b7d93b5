import type { SeriesRow } from "~/lib/content/rows";
import { totalsFrom } from "~/lib/content/statistics";
import { gated } from "~/lib/gated";
import { batch, parseJsonList } from "./db.server";

interface ReleaseRow {
  key: string;
  kind: "chapter" | "volume" | "episode";
  title: string;
  label: string;
  released_on: string;
  /** What reveals the title: a web novel chapter's where the pack flags it; null for every other. */
  revealed_by: string | null;
}

/**
 * What the home page says about the series: who made it, how big it is, what came out last. A latest
 * release's title is gated as its own page gates it (a flagged chapter title); volume and episode
 * titles spoil nothing.
 */
export async function getSeriesOverview(db: D1Database) {
  const [series, counts, releases, collections] = await batch<[Omit<SeriesRow, "id" | "pack">, { label: string; value: number }, ReleaseRow, { code: string; name: string }]>(db, [
    db.prepare(`SELECT title, original_title, synopsis, author, illustrator, media FROM series WHERE id = 1`),
    // Counted when the pack was imported (app/lib/content/statistics.ts), not over every table per view.
    db.prepare(`SELECT label, value FROM content_statistics WHERE chart = 'totals'`),
    db.prepare(
      `SELECT * FROM (
         SELECT c.key, 'chapter' AS kind, c.title, u.label, c.published_on AS released_on, c.title_revealed_by AS revealed_by
           FROM chapters c JOIN story_units u ON u.key = c.key
          ORDER BY c.published_on DESC LIMIT 2)
       UNION ALL SELECT * FROM (
         SELECT v.key, 'volume', v.title, u.label, v.released_jp, NULL FROM ln_volumes v JOIN story_units u ON u.key = v.key
          ORDER BY v.released_jp DESC LIMIT 2)
       UNION ALL SELECT * FROM (
         SELECT e.key, 'episode', e.title, u.label, e.aired_on, NULL FROM anime_episodes e JOIN story_units u ON u.key = e.key
          ORDER BY e.aired_on DESC LIMIT 2)
       ORDER BY released_on DESC`,
    ),
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
    releases: releases.map((release) => ({
      key: release.key,
      kind: release.kind,
      title: gated(release.revealed_by, release.title),
      label: release.label,
      releasedOn: release.released_on,
    })),
    collections,
  };
}

/**
 * The series as the API describes it: who made it, its media, its totals (counted at import) and how
 * each medium is grouped (arcs, light novel collections, anime seasons), names only. One round trip.
 */
export async function getSeries(db: D1Database) {
  const [series, counts, arcs, collections, seasons] = await batch<
    [Omit<SeriesRow, "id" | "pack">, { label: string; value: number }, { number: number; title: string }, { code: string; name: string; kind: string }, { number: number; title: string }]
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
