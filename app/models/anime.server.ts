import type { AnimeEpisodeRow, BreakTimeEpisodeRow } from "~/lib/content/rows";
import { batch, parseJsonList } from "./db.server";

type EpisodeRow = Omit<AnimeEpisodeRow, "position"> & { season_title: string; adapts_from_label: string; adapts_to_label: string };

type ShortRow = Omit<BreakTimeEpisodeRow, "position">;

/** Anime seasons with their episodes and the Break Time shorts beside each. One round trip. */
export async function getBreakTime(db: D1Database) {
  const [episodes, shorts] = await batch<[EpisodeRow, ShortRow]>(db, [
    db.prepare(
      `SELECT e.key, e.season_number, s.title AS season_title, e.number, e.title, e.original_title, e.aired_on,
              e.adapts_from, fu.label AS adapts_from_label, e.adapts_to, tu.label AS adapts_to_label, e.volumes
         FROM anime_episodes e
         JOIN anime_seasons s ON s.number = e.season_number
         JOIN story_units fu ON fu.key = e.adapts_from
         JOIN story_units tu ON tu.key = e.adapts_to
        ORDER BY e.season_number, e.number`,
    ),
    db.prepare(`SELECT key, season_number, number, title, aired_on, accompanies FROM break_time_episodes ORDER BY season_number, number`),
  ]);

  const seasons = new Map<number, { number: number; title: string; episodes: ReturnType<typeof toEpisode>[] }>();
  function toEpisode(episode: EpisodeRow) {
    return {
      key: episode.key,
      number: episode.number,
      title: episode.title,
      originalTitle: episode.original_title,
      airedOn: episode.aired_on,
      adapts: {
        from: { key: episode.adapts_from, label: episode.adapts_from_label },
        to: { key: episode.adapts_to, label: episode.adapts_to_label },
      },
      volumes: parseJsonList(episode.volumes),
      shorts: shorts
        .filter((short) => short.accompanies === episode.key)
        .map((short) => ({ key: short.key, number: short.number, title: short.title, airedOn: short.aired_on })),
    };
  }
  for (const episode of episodes) {
    const season = seasons.get(episode.season_number) ?? { number: episode.season_number, title: episode.season_title, episodes: [] };
    season.episodes.push(toEpisode(episode));
    seasons.set(episode.season_number, season);
  }
  return { seasons: [...seasons.values()], shortCount: shorts.length };
}
