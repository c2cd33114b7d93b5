import { type RawBuilder, sql } from "kysely";
import type { AnimeSpecial, UnitLabel } from "~/lib/content/anime";
import { type PageInfo, pageInfo } from "~/lib/http/paging";
import { gatedBy, gatedTitle, parseJsonList } from "./db.server";
import { unitCommentCount, unitDiscussion } from "./comment-counts.server";
import { batch, query, slot } from "./query.server";
import { recutHolderIn } from "./anime-recuts.server";

/*
 * The anime's OVAs, specials and films (anime.json `specials`), for /anime/specials and the API: each
 * with the labels of what it adapts and of the episode it is watched after.
 */

/** How many a page of /anime/specials lists. */
export const ANIME_SPECIALS_PER_PAGE = 10;
const perPage = sql.lit(ANIME_SPECIALS_PER_PAGE);

/**
 * Where the page asked for starts in the pack's order (`sort_order` counts from 0): the page holding
 * the special named by slug, else the page asked for by number.
 */
const pageStart = sql<number>`coalesce(
  (SELECT named.sort_order / ${perPage} * ${perPage} FROM anime_specials AS named WHERE named.slug = ${slot<string | null>("special")}),
  (${slot<number>("page")} - 1) * ${perPage})`;

/**
 * Every special in the pack's order, with what reveals it (`u.revealed_by`), its discussion's count and
 * how many translation notes name it (decision 84; read through anime_mistakes_episode).
 */
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
    "u.title_reached_by",
    "u.told_by",
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
    "wa.revealed_by as watch_after_revealed_by",
    unitCommentCount(row.ref("sp.key")).as("comment_count"),
    row
      .selectFrom("anime_mistakes as m")
      .select((count) => count.fn.countAll<number>().as("notes"))
      .whereRef("m.episode_key", "=", "sp.key")
      .$asScalar()
      .$notNull()
      .as("mistake_count"),
  ])
  .orderBy("sp.sort_order");

/** The specials on the page asked for, in the pack's order. */
const pageSpecials = allAnimeSpecials
  .select("sp.sort_order")
  .where(sql<boolean>`sp.sort_order >= ${pageStart} AND sp.sort_order < ${pageStart} + ${perPage}`);

/** The labels of every unit the specials adapt: the ends of their chapter ranges and their side stories. */
const sourcesOf = (specials: RawBuilder<unknown>) =>
  query
    .selectFrom("story_units as u")
    .select(["u.key", "u.label"])
    .where(
      sql<boolean>`u.key IN (
        SELECT json_extract(j.value, '$.from') FROM ${specials} AS s, json_each(s.adapts_chapters) AS j
        UNION SELECT json_extract(j.value, '$.to') FROM ${specials} AS s, json_each(s.adapts_chapters) AS j
        UNION SELECT j.value FROM ${specials} AS s, json_each(s.adapts_side_stories) AS j
      )`,
    );

/** What every special adapts, for the API's list of them all. */
export const animeSpecialSources = sourcesOf(sql`anime_specials`);

const pageSources = sourcesOf(
  sql`(SELECT adapts_chapters, adapts_side_stories FROM anime_specials
    WHERE sort_order >= ${pageStart} AND sort_order < ${pageStart} + ${perPage})`,
);

/** How many specials there are, and where the one named by slug sits (null when there is none of it). */
const specialsTotal = query.selectNoFrom([
  sql<number>`(SELECT count(*) FROM anime_specials)`.as("total"),
  sql<number | null>`(SELECT sort_order FROM anime_specials WHERE slug = ${slot<string | null>("special")})`.as(
    "named",
  ),
]);

const pageQueries = [pageSpecials, pageSources, specialsTotal] as const;

/**
 * One page of the OVAs, specials and films, in the pack's order: page `page`, or the page holding the
 * special whose slug is `special` (`named` says whether there is one). One D1 round trip.
 */
export async function getAnimeSpecials(
  db: D1Database,
  asked: { page: number; special: string | null },
): Promise<{ specials: AnimeSpecial[]; paging: PageInfo; named: boolean }> {
  const [rows, sources, [totals]] = await batch(db, pageQueries, asked);
  const named = totals?.named ?? null;
  const page = named === null ? asked.page : Math.floor(named / ANIME_SPECIALS_PER_PAGE) + 1;
  return {
    specials: toAnimeSpecials(rows, sources),
    paging: pageInfo(page, ANIME_SPECIALS_PER_PAGE, totals?.total ?? 0),
    named: named !== null,
  };
}

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
    // Null while it has no title: its label names it, and nothing waits.
    title:
      row.title === null
        ? null
        : gatedTitle(row.title_revealed_by, row.title_reached_by, {
            title: row.title,
            originalTitle: row.original_title,
          }),
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
      row.watch_after === null
        ? null
        : {
            key: row.watch_after,
            label: row.watch_after_label ?? row.watch_after,
            inRecut: recutHolderIn(row.watch_after_revealed_by),
          },
    mistakeCount: row.mistake_count,
    discussion: unitDiscussion(row.told_by, row.comment_count),
  }));
}
