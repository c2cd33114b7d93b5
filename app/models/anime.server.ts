import type { AdaptationChange, AnimeEpisode, AnimeSeason, BreakTimeShort, UnitLabel } from "~/lib/anime";
import type { AdaptationChangeRow, AnimeEpisodeRow, ArcRow, BreakTimeEpisodeRow } from "~/lib/content/rows";
import { parseUnitKey } from "~/lib/content/units";
import { gated } from "~/lib/gated";
import { batch } from "./db.server";

type EpisodeRow = AnimeEpisodeRow & { season_title: string; adapts_from_label: string; adapts_to_label: string };

/** `revealed_by`: the short's own revealers and its episode's (as its search entry has them). */
type ShortRow = Omit<BreakTimeEpisodeRow, "position"> & { revealed_by: string };

/** `revealed_by`: what reveals the episode the change is in. */
type ChangeRow = Omit<AdaptationChangeRow, "sort_order"> & {
  revealed_by: string;
  from_label: string | null;
  from_position: number | null;
  to_label: string | null;
  to_position: number | null;
};

type NoteCountRow = { episode_key: string; notes: number };

/** The season a page shows: the one asked for (?1), else the first. */
const SELECTED_SEASON = `COALESCE(?1, (SELECT MIN(number) FROM anime_seasons))`;

/** One season's episodes in airing order, with the labels of the chapters each adapts. */
const seasonEpisodesStatement = (db: D1Database, seasonNumber: number | null) =>
  db
    .prepare(
      `SELECT e.key, e.season_number, s.title AS season_title, e.number, e.title, e.original_title, e.aired_on,
              e.adapts_from, fu.label AS adapts_from_label, e.adapts_to, tu.label AS adapts_to_label, e.volumes, e.position
         FROM anime_episodes e
         JOIN anime_seasons s ON s.number = e.season_number
         JOIN story_units fu ON fu.key = e.adapts_from
         JOIN story_units tu ON tu.key = e.adapts_to
        WHERE e.season_number = ${SELECTED_SEASON}
        ORDER BY e.number`,
    )
    .bind(seasonNumber);

/** Rows grouped by a key, in the order they came. */
function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string) {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
  return groups;
}

/** What both pages show of an episode row: which episode, when, what it is called and what it adapts. */
function episodeOf(
  row: EpisodeRow,
): Pick<AnimeEpisode, "key" | "number" | "position" | "title" | "originalTitle" | "airedOn" | "adapts"> {
  return {
    key: row.key,
    number: row.number,
    position: row.position,
    title: row.title,
    originalTitle: row.original_title,
    airedOn: row.aired_on,
    adapts: {
      from: { key: row.adapts_from, label: row.adapts_from_label },
      to: { key: row.adapts_to, label: row.adapts_to_label },
    },
  };
}

const toShort = (short: ShortRow): BreakTimeShort => ({
  key: short.key,
  number: short.number,
  title: gated(short.revealed_by, short.title),
  airedOn: short.aired_on,
});

/**
 * A short (`b`) with what reveals its title: the short itself, or anything that reveals the episode it
 * accompanies (the units of each, as its search entry has them). Every short and episode is a story unit.
 */
const SHORT_COLUMNS = `b.key, b.season_number, b.number, b.title, b.aired_on, b.accompanies, b.title_revealed_by AS revealed_by`;

function toChange(row: ChangeRow): AdaptationChange {
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
    note: row.note === null ? null : gated(row.revealed_by, row.note),
    computed: row.computed === 1,
  };
}

/**
 * The anime page: every season as a card (its episodes and aired dates), and one season (the first
 * when none is asked for) with what it covers and its episodes, each with the chapters and volumes it
 * adapts, what it skipped or changed, its Break Time shorts and how many translation notes it has.
 * Only that season is read in full and travels to the browser, so the page costs the same however long
 * the anime runs. One D1 round trip; each statement reads through an index.
 */
export async function getAnime(db: D1Database, seasonNumber: number | null) {
  const [cards, episodes, changes, shorts, volumes, noteCounts, arcs, totals] = await batch<
    [
      Pick<SeasonCard, "number" | "title"> & {
        episode_count: number;
        first_aired: string | null;
        last_aired: string | null;
      },
      EpisodeRow,
      ChangeRow,
      ShortRow,
      UnitLabel & { episode_key: string },
      NoteCountRow,
      Pick<ArcRow, "number" | "title">,
      { shorts: number },
    ]
  >(db, [
    db.prepare(
      `SELECT s.number, s.title, COUNT(e.key) AS episode_count, MIN(e.aired_on) AS first_aired, MAX(e.aired_on) AS last_aired
         FROM anime_seasons s LEFT JOIN anime_episodes e ON e.season_number = s.number
        GROUP BY s.number ORDER BY s.number`,
    ),
    seasonEpisodesStatement(db, seasonNumber),
    db
      .prepare(
        `SELECT c.episode_key, c.kind, c.chapters_from, fu.label AS from_label, fu.position AS from_position,
                c.chapters_to, tu.label AS to_label, tu.position AS to_position, c.note, c.computed, eu.revealed_by
           FROM anime_episodes e
           JOIN story_units eu ON eu.key = e.key
           JOIN adaptation_changes c ON c.episode_key = e.key
           LEFT JOIN story_units fu ON fu.key = c.chapters_from
           LEFT JOIN story_units tu ON tu.key = c.chapters_to
          WHERE e.season_number = ${SELECTED_SEASON}
          ORDER BY c.episode_key, c.sort_order`,
      )
      .bind(seasonNumber),
    db
      .prepare(
        `SELECT ${SHORT_COLUMNS}
           FROM anime_episodes e JOIN break_time_episodes b ON b.accompanies = e.key
          WHERE e.season_number = ${SELECTED_SEASON}
          ORDER BY b.season_number, b.number`,
      )
      .bind(seasonNumber),
    // The volumes each episode lists, with their labels, in the order the pack gives them.
    db
      .prepare(
        `SELECT e.key AS episode_key, u.key, u.label
           FROM anime_episodes e, json_each(e.volumes) v
           JOIN story_units u ON u.key = v.value
          WHERE e.season_number = ${SELECTED_SEASON}
          ORDER BY e.key, v.key`,
      )
      .bind(seasonNumber),
    db
      .prepare(
        `SELECT m.episode_key, COUNT(*) AS notes
           FROM anime_episodes e JOIN anime_mistakes m ON m.episode_key = e.key
          WHERE e.season_number = ${SELECTED_SEASON}
          GROUP BY m.episode_key`,
      )
      .bind(seasonNumber),
    db.prepare(`SELECT number, title FROM arcs ORDER BY number`),
    db.prepare(`SELECT COUNT(*) AS shorts FROM break_time_episodes`),
  ]);

  const changesOf = groupBy(changes, (change) => change.episode_key);
  const shortsOf = groupBy(shorts, (short) => short.accompanies);
  const volumesOf = groupBy(volumes, (volume) => volume.episode_key);
  const notesOf = new Map(noteCounts.map((count) => [count.episode_key, count.notes]));

  const toEpisode = (row: EpisodeRow): AnimeEpisode => ({
    ...episodeOf(row),
    season: row.season_number,
    volumes: (volumesOf.get(row.key) ?? []).map(({ key, label }) => ({ key, label })),
    changes: (changesOf.get(row.key) ?? []).map(toChange),
    shorts: (shortsOf.get(row.key) ?? []).map(toShort),
    noteCount: notesOf.get(row.key) ?? 0,
  });

  const selected = episodes.length ? summarise(episodes.map(toEpisode), episodes[0]!.season_title, arcs) : null;
  const selectedSeason = seasonNumber ?? cards[0]?.number ?? null;
  return {
    seasons: cards.map((card): SeasonCard => ({
      number: card.number,
      title: card.title,
      episodeCount: card.episode_count,
      firstAired: card.first_aired,
      lastAired: card.last_aired,
    })),
    selectedSeason: cards.some((card) => card.number === selectedSeason) ? selectedSeason : null,
    season: selected?.overview ?? null,
    episodes: selected?.episodes ?? [],
    episodeCount: cards.reduce((sum, card) => sum + card.episode_count, 0),
    shortCount: totals[0]?.shorts ?? 0,
  };
}

/** A season as its card shows it on /anime. */
type SeasonCard = Pick<AnimeSeason, "number" | "title" | "episodeCount" | "firstAired" | "lastAired">;

/** A season's overview from its episodes: aired dates, the arcs and volumes it covers, what it skipped. */
function summarise(episodes: AnimeEpisode[], title: string, arcs: readonly Pick<ArcRow, "number" | "title">[]) {
  const dates = episodes.map((episode) => episode.airedOn).sort();
  const arcNumbers = episodes.flatMap((episode) =>
    [episode.adapts.from.key, episode.adapts.to.key].map((key) => parseUnitKey(key, "web_novel")?.arc ?? 0),
  );
  const [firstArc, lastArc] = [Math.min(...arcNumbers), Math.max(...arcNumbers)];
  const overview: AnimeSeason = {
    number: episodes[0]?.season ?? 0,
    title,
    episodeCount: episodes.length,
    firstAired: dates[0] ?? null,
    lastAired: dates.at(-1) ?? null,
    arcs: arcs
      .filter((arc) => arc.number >= firstArc && arc.number <= lastArc)
      .map(({ number, title: arcTitle }) => ({ number, title: arcTitle })),
    volumes: [
      ...new Map(episodes.flatMap((episode) => episode.volumes).map((volume) => [volume.key, volume])).values(),
    ],
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
  const [seasons, episodes, shorts] = await batch<[BreakTimeSeason, EpisodeRow, ShortRow]>(db, [
    db.prepare(
      `SELECT s.number, s.title,
              (SELECT COUNT(*) FROM anime_episodes e WHERE e.season_number = s.number) AS episodeCount,
              (SELECT COUNT(*) FROM break_time_episodes b WHERE b.season_number = s.number) AS shortCount
         FROM anime_seasons s ORDER BY s.number`,
    ),
    seasonEpisodesStatement(db, seasonNumber),
    db
      .prepare(
        `SELECT ${SHORT_COLUMNS} FROM break_time_episodes b WHERE b.season_number = ${SELECTED_SEASON} ORDER BY b.number`,
      )
      .bind(seasonNumber),
  ]);
  const shortsOf = groupBy(shorts, (short) => short.accompanies);
  const selectedSeason = seasonNumber ?? seasons[0]?.number ?? null;
  return {
    seasons,
    selectedSeason: seasons.some((season) => season.number === selectedSeason) ? selectedSeason : null,
    episodes: episodes.map((row): BreakTimeEpisode => ({
      ...episodeOf(row),
      shorts: (shortsOf.get(row.key) ?? []).map(toShort),
    })),
    shortCount: seasons.reduce((sum, season) => sum + season.shortCount, 0),
  };
}

/** A season as the Break Time page's season links show it. */
type BreakTimeSeason = { number: number; title: string; episodeCount: number; shortCount: number };

type BreakTimeEpisode = Pick<
  AnimeEpisode,
  "key" | "number" | "position" | "title" | "originalTitle" | "airedOn" | "adapts" | "shorts"
>;
