import { allAnimeSpecials, animeSpecialSources, toAnimeSpecials } from "./anime-specials.server";
import { mangaVolumeSpans, seriesCards as mangaSeriesCards, toMangaSeriesList } from "./manga.server";
import { totalsFrom } from "~/lib/content/statistics";
import { sql } from "kysely";
import type { ArcSpan, MangaSpan, NamedSpan, UnitSpans } from "~/lib/progress/continue-places";
import { recutLine } from "~/lib/content/units";
import { gatedBy, parseJsonList } from "./db.server";
import { batch, query } from "./query.server";
import { allParts, toPart } from "./anime-episodes.server";
import { seasonEpisodesHeld } from "./anime-recuts.server";
import { latestReleases, toRelease } from "./releases.server";
import { comingAfter as isComing } from "./story-dates.server";

const series = query
  .selectFrom("series")
  .select(["title", "original_title", "synopsis", "author", "illustrator", "media"])
  .where("id", "=", 1);
// Counted once when the pack was imported (the pipeline's statistics), not over every table per view.
const totals = query.selectFrom("content_statistics").select(["label", "value"]).where("chart", "=", "totals");
/** Each group's numbers, so the home page can name what comes after a reader's place (app/lib/progress/continue-places.ts). */
const arcSpans = query
  .selectFrom("chapters")
  .select((eb) => [
    "arc_number as group",
    eb.fn.min("ordinal").as("first"),
    eb.fn.max("ordinal").as("last"),
    eb.fn.countAll<number>().as("count"),
    // Only the entries counting cannot name: a few an arc, so home's data stays small.
    sql<string>`json_group_array(json_array(ordinal, kind, label)) FILTER (WHERE kind != 'chapter' OR label IS NOT NULL)`.as(
      "named",
    ),
  ])
  .groupBy("arc_number")
  .orderBy("arc_number");
const collectionSpans = query
  .selectFrom("ln_volumes")
  .select((eb) => [
    "collection_code as group",
    eb.fn.min("number").as("first"),
    eb.fn.max("number").as("last"),
    eb.fn.countAll<number>().as("count"),
    // Only the volumes the series numbers otherwise than their place: a few a collection, if any.
    sql<string>`json_group_array(json_array(number, label)) FILTER (WHERE label IS NOT NULL)`.as("named"),
  ])
  .groupBy("collection_code");
const seasonSpans = query
  .selectFrom("anime_episodes")
  .select((eb) => [
    "season_number as group",
    eb.fn.min("number").as("first"),
    eb.fn.max("number").as("last"),
    eb.fn.countAll<number>().as("count"),
    // Only the episodes the series numbers otherwise than their place ("13.5", "0"): a few a season, if any.
    sql<string>`json_group_array(json_array(number, label)) FILTER (WHERE label IS NOT NULL)`.as("named"),
  ])
  .groupBy("season_number")
  .orderBy("season_number");
/** Each manga series' chapters, with the numbers the series gives them where those are not their places ("6.5"). */
const mangaSpans = query
  .selectFrom("manga_chapters as c")
  .innerJoin("manga_series as s", "s.code", "c.series_code")
  .select((eb) => [
    "c.series_code as group",
    "s.sort_order",
    eb.fn.min("c.number").as("first"),
    eb.fn.max("c.number").as("last"),
    eb.fn.countAll<number>().as("count"),
    sql<string>`json_group_array(json_array(c.number, c.label)) FILTER (WHERE c.label != CAST(c.number AS TEXT))`.as(
      "named",
    ),
  ])
  .groupBy("c.series_code")
  .orderBy("s.sort_order");
/** Each recut's episodes, with what each holds of the season (so home goes on past what the recut showed). */
const recutSpans = query
  .selectFrom("anime_recut_episodes")
  .select((eb) => [
    "season_number as season",
    "recut_number as recut",
    eb.fn.min("number").as("first"),
    eb.fn.max("number").as("last"),
    eb.fn.countAll<number>().as("count"),
    sql<string>`json_group_array(json_array(number, json(contents)))`.as("contents"),
  ])
  .groupBy(["season_number", "recut_number"]);
/** Where each kind of unit keeps its first release (a volume's original edition), its lines and its order in them. */
const firstReleases = [
  ["chapters", "published_on", ["arc_number"], "ordinal"],
  ["ln_volumes", "released_jp", ["collection_code"], "number"],
  ["anime_episodes", "aired_on", ["season_number"], "number"],
  ["anime_recut_episodes", "aired_on", ["season_number", "recut_number"], "number"],
  ["manga_chapters", "published_on", ["series_code"], "number"],
] as const;
/**
 * The first unit of each line not out by `today`: home names the unit after a reader's place, and a reader
 * is past a unit not out only by an import (the tracker offers none to mark). So a pack that announces a
 * hundred chapters sends home one an arc. (SQLite gives a bare column the row of the `min()`.)
 */
const comingFrom = ([table, column, lines, order]: (typeof firstReleases)[number], today: string) =>
  query
    .selectFrom(table)
    .select(["key", sql<string>`${sql.ref(column)}`.as("released"), sql`min(${sql.ref(order)})`.as("first")])
    .where(isComing(column, today))
    .groupBy(lines.map((line) => sql.ref(line)));
/**
 * The units home names as next that are not out by `today`, with their dates: the page is cached, so
 * the browser asks whether each is out by its own day (continue-places.ts).
 */
const comingUnits = (today: string) =>
  firstReleases
    .slice(1)
    .reduce((units, release) => units.unionAll(comingFrom(release, today)), comingFrom(firstReleases[0], today));
const collections = query.selectFrom("ln_collections").select(["code", "name", "kind"]).orderBy("sort_order");

/**
 * What the home page says about the series: who made it, how big it is, what came out last (by
 * `today`; a release's title is gated as on the radar, ./releases.server).
 */
export async function getSeriesOverview(db: D1Database, today: string) {
  const [[row], counts, releases, names, arcs, volumes, seasons, manga, recuts, coming] = await batch(db, [
    series,
    totals,
    latestReleases(today),
    // Their names, so "continue where you left off" can say where a light novel reader is.
    query.selectFrom("ln_collections").select(["code", "name"]).orderBy("sort_order"),
    arcSpans,
    collectionSpans,
    seasonSpans,
    mangaSpans,
    recutSpans,
    comingUnits(today),
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
    spans: {
      arcs: arcs.map((arc) => ({ ...arc, named: JSON.parse(arc.named) as ArcSpan["named"] })),
      collections: volumes.map((span) => ({ ...span, named: JSON.parse(span.named) as NamedSpan["named"] })),
      seasons: seasons.map((span) => ({ ...span, named: JSON.parse(span.named) as NamedSpan["named"] })),
      manga: manga.map(({ sort_order, named, ...span }) => ({
        ...span,
        series: sort_order + 1,
        named: JSON.parse(named) as MangaSpan["named"],
      })),
      recuts: recuts.map(({ contents, ...span }) => ({
        ...span,
        group: recutLine(span.season, span.recut),
        held: seasonEpisodesHeld(contents),
      })),
      coming: coming.map((unit): [string, string] => [unit.key, unit.released]),
    } satisfies UnitSpans,
  };
}

/**
 * The series as the API describes it: who made it, its media, its totals (counted at import) and how
 * each medium is grouped (arcs, light novel collections, anime seasons and their parts, the anime's OVAs,
 * specials and films), names only (an arc's title gated where the pack gates it, a part's or a special's
 * title as a unit's title is, a special's synopsis by what reveals it). One round trip.
 */
export async function getSeries(db: D1Database) {
  const [[row], counts, arcs, groups, seasons, parts, specials, sources, manga, mangaVolumes] = await batch(db, [
    series,
    totals,
    query.selectFrom("arcs").select(["number", "title", "title_revealed_by"]).orderBy("number"),
    collections,
    query.selectFrom("anime_seasons").select(["number", "title", "runtime"]).orderBy("number"),
    allParts,
    allAnimeSpecials,
    animeSpecialSources,
    mangaSeriesCards,
    mangaVolumeSpans,
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
    arcs: arcs.map((arc) => ({ number: arc.number, title: gatedBy(arc.title_revealed_by, arc.title) })),
    collections: groups,
    seasons: seasons.map((season) => ({
      ...season,
      parts: parts.filter((part) => part.season_number === season.number).map(toPart),
    })),
    specials: toAnimeSpecials(specials, sources),
    manga: toMangaSeriesList(manga, mangaVolumes),
  };
}
