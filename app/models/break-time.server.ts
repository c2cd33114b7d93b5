import type { ListedBreakTimeShort } from "~/lib/content/anime";
import { episodeOf, groupBy, seasonEpisodes, selectedSeason, shortColumns, toShort } from "./anime-episodes.server";
import { unitCommentCount, unitDiscussion } from "./comment-counts.server";
import { batch, query } from "./query.server";

/** Every season with how many episodes and Break Time shorts it has, as the page's season links show it. */
const seasons = query
  .selectFrom("anime_seasons as s")
  .select((season) => [
    "s.number",
    "s.title",
    season
      .selectFrom("anime_episodes as e")
      .select((episodes) => episodes.fn.countAll<number>().as("count"))
      .whereRef("e.season_number", "=", "s.number")
      .$asScalar()
      .$notNull()
      .as("episodeCount"),
    season
      .selectFrom("break_time_episodes as b")
      .select((shorts) => shorts.fn.countAll<number>().as("count"))
      .whereRef("b.season_number", "=", "s.number")
      .$asScalar()
      .$notNull()
      .as("shortCount"),
  ])
  .orderBy("s.number");

/**
 * The Break Time page: every season with its episode and short counts, and one season's episodes (the
 * first when none is asked for) with the shorts beside each and their discussions' counts, so the page stays small however long the
 * anime runs. One round trip; each statement reads through the seasons' unique indexes.
 */
export async function getBreakTime(db: D1Database, seasonNumber: number | null) {
  const [seasonRows, episodes, shorts] = await batch(db, [
    seasons,
    seasonEpisodes(seasonNumber),
    query
      .selectFrom("break_time_episodes as b")
      .innerJoin("story_units as bu", "bu.key", "b.key")
      .select(shortColumns)
      .select((short) => unitCommentCount(short.ref("b.key")).as("comment_count"))
      .where("b.season_number", "=", selectedSeason(seasonNumber))
      .orderBy("b.number"),
  ]);
  const shortsOf = groupBy(shorts, (short) => short.accompanies);
  const listed = (short: (typeof shorts)[number]): ListedBreakTimeShort => ({
    ...toShort(short),
    discussion: unitDiscussion(short.told_by, short.comment_count),
  });
  const selected = seasonNumber ?? seasonRows[0]?.number ?? null;
  return {
    seasons: seasonRows,
    selectedSeason: seasonRows.some((season) => season.number === selected) ? selected : null,
    // The page names an anime-original episode so, without the note /anime gives it.
    episodes: episodes.map((row): BreakTimeEpisode => {
      const { original: _, ...episode } = episodeOf(row);
      return { ...episode, shorts: (shortsOf.get(row.key) ?? []).map(listed) };
    }),
    /** The season's shorts that accompany no episode (a chibi series released on its own), in number order. */
    onTheirOwn: shorts.filter((short) => short.accompanies === null).map(listed),
    shortCount: seasonRows.reduce((sum, season) => sum + season.shortCount, 0),
  };
}

type BreakTimeEpisode = Omit<ReturnType<typeof episodeOf>, "original"> & {
  shorts: ListedBreakTimeShort[];
};
