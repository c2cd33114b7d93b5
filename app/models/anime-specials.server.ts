import { sql } from "kysely";
import type { AnimeSpecial, UnitLabel } from "~/lib/content/anime";
import { gatedBy, gatedTitle, parseJsonList } from "./db.server";
import { unitCommentCount, unitDiscussion } from "./comment-counts.server";
import { query } from "./query.server";

/*
 * The anime's OVAs, specials and films (anime.json `specials`), for /anime and the API: each with the
 * labels of what it adapts and of the episode it is watched after.
 */

/** Every special in the pack's order, with what reveals it (`u.revealed_by`) and its discussion's count. */
export const allAnimeSpecials = query
  .selectFrom("anime_specials as sp")
  .innerJoin("story_units as u", "u.key", "sp.key")
  .leftJoin("story_units as wa", "wa.key", "sp.watch_after")
  .select((row) => [
    "sp.key",
    "sp.kind",
    "u.label",
    "u.position",
    "u.revealed_by",
    "sp.title",
    "sp.original_title",
    "sp.title_revealed_by",
    "sp.synopsis",
    "sp.original",
    "sp.released_on",
    "sp.runtime",
    "sp.adapts_chapters",
    "sp.adapts_side_stories",
    "sp.watch_after",
    "wa.label as watch_after_label",
    unitCommentCount(row.ref("sp.key")).as("comment_count"),
  ])
  .orderBy("sp.sort_order");

/** The labels of every unit a special adapts: the ends of its chapter ranges and its side stories. */
export const animeSpecialSources = query
  .selectFrom("story_units as u")
  .select(["u.key", "u.label"])
  .where(
    sql<boolean>`u.key IN (
      SELECT json_extract(j.value, '$.from') FROM anime_specials AS s, json_each(s.adapts_chapters) AS j
      UNION SELECT json_extract(j.value, '$.to') FROM anime_specials AS s, json_each(s.adapts_chapters) AS j
      UNION SELECT j.value FROM anime_specials AS s, json_each(s.adapts_side_stories) AS j
    )`,
  );

type SpecialRow = Awaited<ReturnType<typeof allAnimeSpecials.execute>>[number];

/** A chapter range as stored (JSON [{from, to}]). */
function rangesOf(stored: string): { from: string; to: string }[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed)
      ? parsed.filter(
          (range): range is { from: string; to: string } =>
            typeof range?.from === "string" && typeof range?.to === "string",
        )
      : [];
  } catch {
    return [];
  }
}

/** The specials as the pages show them, gated one by one (the labels found in `sources`). */
export function toAnimeSpecials(rows: readonly SpecialRow[], sources: readonly UnitLabel[]): AnimeSpecial[] {
  const labels = new Map(sources.map((source) => [source.key, source.label]));
  const labelled = (key: string): UnitLabel => ({ key, label: labels.get(key) ?? key });
  return rows.map((row) => ({
    key: row.key,
    kind: row.kind,
    label: row.label,
    position: row.position,
    title: gatedTitle(row.title_revealed_by, row.revealed_by, { title: row.title, originalTitle: row.original_title }),
    releasedOn: row.released_on,
    runtime: row.runtime,
    // What it tells is revealed by what reveals the special itself.
    synopsis: row.synopsis === null ? null : gatedBy(row.revealed_by, row.synopsis),
    original: row.original === null ? null : gatedBy(row.revealed_by, row.original),
    adapts: {
      chapters: rangesOf(row.adapts_chapters).map(({ from, to }) => ({ from: labelled(from), to: labelled(to) })),
      sideStories: parseJsonList(row.adapts_side_stories).map(labelled),
    },
    watchAfter:
      row.watch_after === null ? null : { key: row.watch_after, label: row.watch_after_label ?? row.watch_after },
    discussion: unitDiscussion(row.key, row.comment_count),
  }));
}
