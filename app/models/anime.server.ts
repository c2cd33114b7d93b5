import { type InferResult, sql } from "kysely";
import type {
  AdaptationChange,
  AnimeEpisode,
  AnimeSeason,
  SeasonPart,
  SeasonSpecial,
  UnitLabel,
} from "~/lib/content/anime";
import { parseUnitKey } from "~/lib/content/units";
import { joinSpans, type Span } from "~/lib/shield/spans";
import {
  type EpisodeRow,
  episodeOf,
  groupBy,
  seasonEpisodes,
  seasonParts,
  selectedSeason,
  shortColumns,
  toPart,
  toShort,
} from "./anime-episodes.server";
import { batch, query, slot } from "./query.server";
import { unitCommentCount, unitDiscussion } from "./comment-counts.server";
import { gatedBy, gatedTitle, noteOfChange } from "./db.server";
import { firstDate, lastDate } from "./story-dates.server";
import { seasonRecutChapters, seasonRecutEpisodes, seasonRecuts, toRecuts } from "./anime-recuts.server";

/** Every season as its card shows it: how many episodes, aired from when to when. */
const seasonCards = query
  .selectFrom("anime_seasons as s")
  .leftJoin("anime_episodes as e", "e.season_number", "s.number")
  .select((season) => [
    "s.number",
    "s.title",
    season.fn.count<number>("e.key").as("episode_count"),
    firstDate("e.aired_on").as("first_aired"),
    lastDate("e.aired_on").as("last_aired"),
    season
      .selectFrom("anime_season_parts as p")
      .select((part) => part.fn.countAll<number>().as("parts"))
      .whereRef("p.season_number", "=", "s.number")
      .as("part_count"),
    // Every short of the season, those watched after its last episode too, not only those an episode airs with.
    season
      .selectFrom("break_time_episodes as b")
      .select((short) => short.fn.countAll<number>().as("shorts"))
      .whereRef("b.season_number", "=", "s.number")
      .as("short_count"),
  ])
  .groupBy("s.number")
  .orderBy("s.number");

const arcs = query.selectFrom("arcs").select(["number", "title", "title_revealed_by"]).orderBy("number");
/** How many Break Time shorts and OVAs, specials and films the anime has, for the page's lead. */
const totalCounts = query.selectNoFrom([
  sql<number>`(SELECT count(*) FROM break_time_episodes)`.as("shorts"),
  sql<number>`(SELECT count(*) FROM anime_specials)`.as("specials"),
]);

/** The OVAs, specials and films watched after one of the season's episodes, in the pack's order. */
const seasonSpecials = (seasonNumber: number | null) =>
  query
    .selectFrom("anime_episodes as e")
    .innerJoin("anime_specials as sp", "sp.watch_after", "e.key")
    .innerJoin("story_units as u", "u.key", "sp.key")
    .innerJoin("story_units as wa", "wa.key", "e.key")
    .select([
      "sp.key",
      "sp.kind",
      "u.label",
      "u.title_reached_by",
      "sp.title",
      "sp.title_revealed_by",
      "e.key as watch_after",
      "wa.label as watch_after_label",
    ])
    .where("e.season_number", "=", selectedSeason(seasonNumber))
    .orderBy("sp.sort_order");

/** What the adaptation skipped or changed in the season's episodes, with what reveals each episode. */
const seasonChanges = (seasonNumber: number | null) =>
  query
    .selectFrom("anime_episodes as e")
    .innerJoin("story_units as eu", "eu.key", "e.key")
    .innerJoin("adaptation_changes as c", "c.episode_key", "e.key")
    .leftJoin("story_units as fu", "fu.key", "c.chapters_from")
    .leftJoin("story_units as tu", "tu.key", "c.chapters_to")
    .select([
      "c.episode_key",
      "c.kind",
      "c.chapters_from",
      "fu.label as from_label",
      "fu.position as from_position",
      "c.chapters_to",
      "tu.label as to_label",
      "tu.position as to_position",
      "tu.revealed_by as chapters_revealed_by",
      "c.note",
      "c.computed",
      "eu.revealed_by",
    ])
    .where("e.season_number", "=", selectedSeason(seasonNumber))
    .orderBy("c.episode_key")
    .orderBy("c.sort_order");

/** The volumes each of the season's episodes lists, with their labels, in the order the pack gives them. */
const seasonVolumes = (seasonNumber: number | null) =>
  query
    .selectFrom([
      "anime_episodes as e",
      sql<{ key: number; value: string }>`json_each(${sql.ref("e.volumes")})`.as("v"),
    ])
    .innerJoin("story_units as u", "u.key", "v.value")
    .select(["e.key as episode_key", "u.key", "u.label"])
    .where("e.season_number", "=", selectedSeason(seasonNumber))
    .orderBy("e.key")
    .orderBy("v.key");

function toChange(row: InferResult<ReturnType<typeof seasonChanges>>[number]): AdaptationChange {
  const chapters =
    row.chapters_from &&
    row.chapters_to &&
    row.from_label &&
    row.to_label &&
    row.from_position !== null &&
    row.to_position !== null
      ? {
          from: { key: row.chapters_from, label: row.from_label },
          to: { key: row.chapters_to, label: row.to_label },
          // Chapters sit one story position apart, in reading order.
          count: Math.round(row.to_position - row.from_position) + 1,
        }
      : null;
  return {
    kind: row.kind,
    chapters,
    note:
      row.note === null
        ? null
        : noteOfChange(row.note, {
            unitRevealedBy: row.revealed_by,
            leftOut: row.kind === "skipped",
            chaptersRevealedBy: row.chapters_revealed_by,
          }),
    computed: row.computed === 1,
  };
}

/** The web novel chapter right after the last one the season adapts: where a viewer of the whole season reads on. */
const chapterAfterSeason = (seasonNumber: number | null) =>
  query
    .selectFrom("story_units as u")
    .select(["u.key", "u.label"])
    .where("u.medium", "=", "web_novel")
    .where("u.position", ">", (after) =>
      after
        .selectFrom("anime_episodes as e")
        .innerJoin("story_units as t", "t.key", "e.adapts_to")
        .select((last) => last.fn.max("t.position").as("position"))
        .where("e.season_number", "=", selectedSeason(seasonNumber)),
    )
    .orderBy("u.position")
    .limit(1);

/** The page's queries for a season: built once for the first season, once for a season asked for by number. */
const pageQueries = (seasonNumber: number | null) => {
  const season = selectedSeason(seasonNumber);
  return [
    seasonCards,
    seasonEpisodes(seasonNumber).select((episode) => unitCommentCount(episode.ref("e.key")).as("comment_count")),
    seasonChanges(seasonNumber),
    query
      .selectFrom("anime_episodes as e")
      .innerJoin("break_time_episodes as b", "b.accompanies", "e.key")
      .innerJoin("story_units as bu", "bu.key", "b.key")
      .select(shortColumns)
      .where("e.season_number", "=", season)
      .orderBy("b.season_number")
      .orderBy("b.number"),
    seasonVolumes(seasonNumber),
    query
      .selectFrom("anime_episodes as e")
      .innerJoin("anime_mistakes as m", "m.episode_key", "e.key")
      .select((count) => ["m.episode_key", count.fn.countAll<number>().as("mistakes")])
      .where("e.season_number", "=", season)
      .groupBy("m.episode_key"),
    arcs,
    totalCounts,
    chapterAfterSeason(seasonNumber),
    seasonParts(seasonNumber),
    seasonRecuts(seasonNumber),
    seasonRecutEpisodes(seasonNumber),
    seasonRecutChapters(seasonNumber),
    seasonSpecials(seasonNumber),
  ] as const;
};

const firstSeasonQueries = pageQueries(null);
const numberedSeasonQueries = pageQueries(slot<number>("season"));

/**
 * The anime page: every season as a card (its episodes and aired dates), and one season (the first
 * when none is asked for) with what it covers and its episodes, each with the chapters and volumes it
 * adapts, what it skipped or changed, its Break Time shorts, how many mistakes it has and its discussion's count;
 * and the OVAs, specials and films watched after one of its episodes (/anime/specials lists them all).
 * Only that season is read in full and travels to the browser, so the page costs the same however long
 * the anime runs. One D1 round trip; each statement reads through an index.
 */
export async function getAnime(db: D1Database, seasonNumber: number | null) {
  const [
    cards,
    episodes,
    changes,
    shorts,
    volumes,
    mistakeCounts,
    arcRows,
    totals,
    readOn,
    parts,
    recutRows,
    recutEpisodeRows,
    recutChapters,
    specials,
  ] = await batch(db, seasonNumber === null ? firstSeasonQueries : numberedSeasonQueries, { season: seasonNumber });

  const changesOf = groupBy(changes, (change) => change.episode_key);
  const shortsOf = groupBy(shorts, (short) => short.accompanies);
  const volumesOf = groupBy(volumes, (volume) => volume.episode_key);
  const mistakesOf = new Map(mistakeCounts.map((count) => [count.episode_key, count.mistakes]));

  const toEpisode = (row: EpisodeRow & { comment_count: number }): AnimeEpisode => ({
    ...episodeOf(row),
    season: row.season_number,
    volumes: (volumesOf.get(row.key) ?? []).map(({ key, label }) => ({ key, label })),
    changes: (changesOf.get(row.key) ?? []).map(toChange),
    shorts: (shortsOf.get(row.key) ?? []).map(toShort),
    mistakeCount: mistakesOf.get(row.key) ?? 0,
    discussion: unitDiscussion(row.told_by, row.comment_count),
  });

  const selectedNumber = seasonNumber ?? cards[0]?.number ?? null;
  const shortCount = cards.find((card) => card.number === selectedNumber)?.short_count ?? 0;
  const selected = episodes.length
    ? summarise(
        episodes.map(toEpisode),
        episodes[0]!,
        parts.map(toPart),
        arcRows,
        readOn[0] ?? null,
        shortCount,
        skippedChapterCount(changes),
      )
    : null;
  return {
    seasons: cards.map((card): SeasonCard => ({
      number: card.number,
      title: card.title,
      episodeCount: card.episode_count,
      firstAired: card.first_aired,
      lastAired: card.last_aired,
      partCount: card.part_count ?? 0,
    })),
    selectedSeason: cards.some((card) => card.number === selectedNumber) ? selectedNumber : null,
    season: selected?.overview ?? null,
    episodes: selected?.episodes ?? [],
    recuts: selected ? toRecuts(recutRows, recutEpisodeRows, recutChapters, episodes) : [],
    episodeCount: cards.reduce((sum, card) => sum + card.episode_count, 0),
    shortCount: totals[0]?.shorts ?? 0,
    specialCount: totals[0]?.specials ?? 0,
    /** Those watched after one of the season's episodes, by their labels, their titles as an episode's wait. */
    seasonSpecials: specials.map((special): SeasonSpecial => ({
      key: special.key,
      kind: special.kind,
      label: special.label,
      title:
        special.title === null ? null : gatedTitle(special.title_revealed_by, special.title_reached_by, special.title),
      watchAfter: { key: special.watch_after, label: special.watch_after_label },
    })),
  };
}

/** A season as its card shows it on /anime. */
type SeasonCard = Pick<AnimeSeason, "number" | "title" | "episodeCount" | "firstAired" | "lastAired"> & {
  partCount: number;
};

/**
 * How many web novel chapters a season's episodes leave out: those found between the chapters they adapt,
 * and those the pack says an episode skips inside its own, each chapter once however many of these ranges
 * hold it (a range the pack writes over part of a gap the import found too), as the reading tracker lists
 * them. Counted from the chapters' places in reading order, one position apart.
 */
function skippedChapterCount(changes: InferResult<ReturnType<typeof seasonChanges>>) {
  const ranges = changes.flatMap((change): Span[] =>
    change.kind === "skipped" && change.from_position !== null && change.to_position !== null
      ? [[Math.round(change.from_position), Math.round(change.to_position)]]
      : [],
  );
  return joinSpans(ranges).reduce((sum, [first, last]) => sum + last - first + 1, 0);
}

/** A season's overview from its episodes: aired dates, the arcs and volumes it covers, what it skipped. */
function summarise(
  episodes: AnimeEpisode[],
  { season_title: title, season_runtime: runtime }: Pick<EpisodeRow, "season_title" | "season_runtime">,
  parts: SeasonPart[],
  arcList: InferResult<typeof arcs>,
  readOn: UnitLabel | null,
  shortCount: number,
  skippedChapters: number,
) {
  const dates = episodes.flatMap((episode) => (episode.airedOn ? [episode.airedOn] : [])).sort();
  // The arcs its chapters come from (an anime-original episode adds none).
  const arcNumbers = episodes.flatMap((episode) =>
    episode.adapts.chapters.flatMap((range) =>
      [range.from.key, range.to.key].map((key) => parseUnitKey(key, "web_novel")?.arc ?? 0),
    ),
  );
  const [firstArc, lastArc] = [Math.min(...arcNumbers), Math.max(...arcNumbers)];
  const overview: AnimeSeason = {
    number: episodes[0]?.season ?? 0,
    title,
    runtime,
    parts,
    episodeCount: episodes.length,
    firstAired: dates[0] ?? null,
    lastAired: dates.at(-1) ?? null,
    arcs: arcList
      .filter((arc) => arc.number >= firstArc && arc.number <= lastArc)
      .map((arc) => ({ number: arc.number, title: gatedBy(arc.title_revealed_by, arc.title) })),
    volumes: [
      ...new Map(episodes.flatMap((episode) => episode.volumes).map((volume) => [volume.key, volume])).values(),
    ],
    skippedChapters,
    shortCount,
    lastEpisode: episodes.at(-1)?.key ?? null,
    readOn,
  };
  return { overview, episodes };
}
