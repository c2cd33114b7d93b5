import type { AdaptationChange, AnimeEpisode, AnimeSeason, BreakTimeShort, UnitLabel } from "~/lib/anime";
import type { AdaptationChangeRow, AnimeEpisodeRow, ArcRow, BreakTimeEpisodeRow } from "~/lib/content/rows";
import { parseUnitKey } from "~/lib/content/units";
import { batch } from "./db.server";

type EpisodeRow = AnimeEpisodeRow & { season_title: string; adapts_from_label: string; adapts_to_label: string };

type ShortRow = Omit<BreakTimeEpisodeRow, "position">;

type ChangeRow = Omit<AdaptationChangeRow, "sort_order"> & {
  from_label: string | null;
  from_position: number | null;
  to_label: string | null;
  to_position: number | null;
};

type NoteCountRow = { episode_key: string; notes: number };

/** Every episode in airing order with the labels of the chapters it adapts (the seasons' unique index). */
const episodesStatement = (db: D1Database) =>
  db.prepare(
    `SELECT e.key, e.season_number, s.title AS season_title, e.number, e.title, e.original_title, e.aired_on,
            e.adapts_from, fu.label AS adapts_from_label, e.adapts_to, tu.label AS adapts_to_label, e.volumes, e.position
       FROM anime_episodes e
       JOIN anime_seasons s ON s.number = e.season_number
       JOIN story_units fu ON fu.key = e.adapts_from
       JOIN story_units tu ON tu.key = e.adapts_to
      ORDER BY e.season_number, e.number`,
  );

const shortsStatement = (db: D1Database) =>
  db.prepare(`SELECT key, season_number, number, title, aired_on, accompanies FROM break_time_episodes ORDER BY season_number, number`);

/** Rows grouped by a key, in the order they came. */
function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string) {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
  return groups;
}

const toShort = (short: ShortRow): BreakTimeShort => ({ key: short.key, number: short.number, title: short.title, airedOn: short.aired_on });

function toChange(row: ChangeRow): AdaptationChange {
  const chapters =
    row.chapters_from && row.chapters_to && row.from_label && row.to_label && row.from_position !== null && row.to_position !== null
      ? {
          from: { key: row.chapters_from, label: row.from_label },
          to: { key: row.chapters_to, label: row.to_label },
          // Chapters sit one story position apart, in reading order.
          count: Math.round(row.to_position - row.from_position) + 1,
        }
      : null;
  return { kind: row.kind, chapters, note: row.note, computed: row.computed === 1 };
}

/**
 * The anime page: every season with what it covers, and the episodes of one season (the first when
 * none is asked for) with the chapters and volumes each adapts, what it skipped or changed, its Break
 * Time shorts and how many translation notes it has. Only that season's episodes travel to the
 * browser, so the page stays small however long the anime runs. One D1 round trip; each statement
 * reads a table in key order or through an index.
 */
export async function getAnime(db: D1Database, seasonNumber: number | null) {
  const [episodes, changes, shorts, volumes, noteCounts, arcs] = await batch<
    [EpisodeRow, ChangeRow, ShortRow, UnitLabel & { episode_key: string }, NoteCountRow, Pick<ArcRow, "number" | "title">]
  >(db, [
    episodesStatement(db),
    db.prepare(
      `SELECT c.episode_key, c.kind, c.chapters_from, fu.label AS from_label, fu.position AS from_position,
              c.chapters_to, tu.label AS to_label, tu.position AS to_position, c.note, c.computed
         FROM adaptation_changes c
         LEFT JOIN story_units fu ON fu.key = c.chapters_from
         LEFT JOIN story_units tu ON tu.key = c.chapters_to
        ORDER BY c.episode_key, c.sort_order`,
    ),
    shortsStatement(db),
    // The volumes each episode lists, with their labels, in the order the pack gives them.
    db.prepare(
      `SELECT e.key AS episode_key, u.key, u.label
         FROM anime_episodes e, json_each(e.volumes) v
         JOIN story_units u ON u.key = v.value
        ORDER BY e.key, v.key`,
    ),
    db.prepare(`SELECT episode_key, COUNT(*) AS notes FROM anime_mistakes GROUP BY episode_key`),
    db.prepare(`SELECT number, title FROM arcs ORDER BY number`),
  ]);

  const changesOf = groupBy(changes, (change) => change.episode_key);
  const shortsOf = groupBy(shorts, (short) => short.accompanies);
  const volumesOf = groupBy(volumes, (volume) => volume.episode_key);
  const notesOf = new Map(noteCounts.map((count) => [count.episode_key, count.notes]));

  const toEpisode = (row: EpisodeRow): AnimeEpisode => ({
    key: row.key,
    season: row.season_number,
    number: row.number,
    position: row.position,
    title: row.title,
    originalTitle: row.original_title,
    airedOn: row.aired_on,
    adapts: { from: { key: row.adapts_from, label: row.adapts_from_label }, to: { key: row.adapts_to, label: row.adapts_to_label } },
    volumes: (volumesOf.get(row.key) ?? []).map(({ key, label }) => ({ key, label })),
    changes: (changesOf.get(row.key) ?? []).map(toChange),
    shorts: (shortsOf.get(row.key) ?? []).map(toShort),
    noteCount: notesOf.get(row.key) ?? 0,
  });

  const seasons = [...groupBy(episodes, (row) => String(row.season_number)).values()].map((rows) => summarise(rows.map(toEpisode), rows[0]!.season_title, arcs));
  const selectedSeason = seasonNumber ?? seasons[0]?.overview.number ?? null;
  return {
    seasons: seasons.map((season) => season.overview),
    selectedSeason: seasons.some((season) => season.overview.number === selectedSeason) ? selectedSeason : null,
    episodes: seasons.find((season) => season.overview.number === selectedSeason)?.episodes ?? [],
    episodeCount: episodes.length,
    shortCount: shorts.length,
  };
}

/** A season's overview from its episodes: aired dates, the arcs and volumes it covers, what it skipped. */
function summarise(episodes: AnimeEpisode[], title: string, arcs: readonly Pick<ArcRow, "number" | "title">[]) {
  const dates = episodes.map((episode) => episode.airedOn).sort();
  const arcNumbers = episodes.flatMap((episode) => [episode.adapts.from.key, episode.adapts.to.key].map((key) => parseUnitKey(key, "web_novel")?.arc ?? 0));
  const [firstArc, lastArc] = [Math.min(...arcNumbers), Math.max(...arcNumbers)];
  const overview: AnimeSeason = {
    number: episodes[0]?.season ?? 0,
    title,
    episodeCount: episodes.length,
    firstAired: dates[0] ?? null,
    lastAired: dates.at(-1) ?? null,
    arcs: arcs.filter((arc) => arc.number >= firstArc && arc.number <= lastArc).map(({ number, title: arcTitle }) => ({ number, title: arcTitle })),
    volumes: [...new Map(episodes.flatMap((episode) => episode.volumes).map((volume) => [volume.key, volume])).values()],
    skippedChapters: episodes
      .flatMap((episode) => episode.changes)
      .filter((change) => change.computed && change.kind === "skipped")
      .reduce((sum, change) => sum + (change.chapters?.count ?? 0), 0),
    shortCount: episodes.reduce((sum, episode) => sum + episode.shorts.length, 0),
  };
  return { overview, episodes };
}

/**
 * The Break Time page: every season with its episode and short counts, and one season's episodes (the
 * first when none is asked for) with the shorts beside each, so the page stays small however long the
 * anime runs. One round trip; each statement reads through the seasons' unique indexes.
 */
export async function getBreakTime(db: D1Database, seasonNumber: number | null) {
  const selected = `COALESCE(?1, (SELECT MIN(number) FROM anime_seasons))`;
  const [seasons, episodes, shorts] = await batch<[BreakTimeSeason, EpisodeRow, ShortRow]>(db, [
    db.prepare(
      `SELECT s.number, s.title,
              (SELECT COUNT(*) FROM anime_episodes e WHERE e.season_number = s.number) AS episodeCount,
              (SELECT COUNT(*) FROM break_time_episodes b WHERE b.season_number = s.number) AS shortCount
         FROM anime_seasons s ORDER BY s.number`,
    ),
    db
      .prepare(
        `SELECT e.key, e.season_number, s.title AS season_title, e.number, e.title, e.original_title, e.aired_on,
                e.adapts_from, fu.label AS adapts_from_label, e.adapts_to, tu.label AS adapts_to_label, e.volumes, e.position
           FROM anime_episodes e
           JOIN anime_seasons s ON s.number = e.season_number
           JOIN story_units fu ON fu.key = e.adapts_from
           JOIN story_units tu ON tu.key = e.adapts_to
          WHERE e.season_number = ${selected}
          ORDER BY e.number`,
      )
      .bind(seasonNumber),
    db
      .prepare(`SELECT key, season_number, number, title, aired_on, accompanies FROM break_time_episodes WHERE season_number = ${selected} ORDER BY number`)
      .bind(seasonNumber),
  ]);
  const shortsOf = groupBy(shorts, (short) => short.accompanies);
  const selectedSeason = seasonNumber ?? seasons[0]?.number ?? null;
  return {
    seasons,
    selectedSeason: seasons.some((season) => season.number === selectedSeason) ? selectedSeason : null,
    episodes: episodes.map(
      (row): BreakTimeEpisode => ({
        key: row.key,
        number: row.number,
        position: row.position,
        title: row.title,
        originalTitle: row.original_title,
        airedOn: row.aired_on,
        adapts: { from: { key: row.adapts_from, label: row.adapts_from_label }, to: { key: row.adapts_to, label: row.adapts_to_label } },
        shorts: (shortsOf.get(row.key) ?? []).map(toShort),
      }),
    ),
    shortCount: seasons.reduce((sum, season) => sum + season.shortCount, 0),
  };
}

/** A season as the Break Time page's season links show it. */
type BreakTimeSeason = { number: number; title: string; episodeCount: number; shortCount: number };

type BreakTimeEpisode = Pick<AnimeEpisode, "key" | "number" | "position" | "title" | "originalTitle" | "airedOn" | "adapts" | "shorts">;
