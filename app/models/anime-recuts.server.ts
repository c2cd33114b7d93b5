import { type InferResult, sql } from "kysely";
import type { AnimeRecut, RecutContent, RecutEpisode, RecutScene, UnitLabel } from "~/lib/content/anime";
import { unitCommentCount, unitDiscussion } from "./comment-counts.server";
import { gatedBy, gatedTitle } from "./db.server";
import { broadcastOf, groupBy, selectedSeason } from "./anime-episodes.server";
import { query } from "./query.server";
import { isRecutEpisodeKey, parseUnitKey } from "~/lib/content/units";
import { readRevealers } from "~/lib/shield/knowledge";
import { placeName } from "~/lib/content/labels";

/*
 * The recuts of a season (decision 45) as /anime shows them: each recut, its episodes, which of the
 * season's episodes each holds (with their labels) and the scenes it adds. A recut episode is a story
 * unit of its own, so its title, its new scenes and its discussion's count are gated by what reveals it
 * (story_units.revealed_by), as a season's episode's are.
 */

/** One season's recuts (the one asked for, else the first), in number order. */
export const seasonRecuts = (seasonNumber: number | null) =>
  query
    .selectFrom("anime_recuts as r")
    .select(["r.season_number", "r.number", "r.title", "r.original_title", "r.runtime", "r.aired_from", "r.aired_to"])
    .where("r.season_number", "=", selectedSeason(seasonNumber))
    .orderBy("r.number");

/**
 * One season's recut episodes, in number order, with what reveals each, its discussion's count and how
 * many translation notes it has (on the scenes it adds: decision 85).
 */
export const seasonRecutEpisodes = (seasonNumber: number | null) =>
  query
    .selectFrom("anime_recut_episodes as e")
    .innerJoin("story_units as u", "u.key", "e.key")
    .innerJoin("anime_recuts as r", (join) =>
      join.onRef("r.season_number", "=", "e.season_number").onRef("r.number", "=", "e.recut_number"),
    )
    .select((episode) => [
      "e.key",
      "e.recut_number",
      "e.number",
      "e.title",
      "e.original_title",
      "e.aired_on",
      "e.aired_time",
      "r.time_zone",
      "e.runtime",
      "r.runtime as recut_runtime",
      "e.contents",
      "e.new_scenes",
      "e.position",
      "e.title_revealed_by",
      "u.revealed_by",
      "u.title_reached_by",
      "u.told_by",
      unitCommentCount(episode.ref("e.key")).as("comment_count"),
      episode
        .selectFrom("anime_mistakes as m")
        .select((count) => count.fn.countAll<number>().as("notes"))
        .whereRef("m.episode_key", "=", "e.key")
        .$asScalar()
        .$notNull()
        .as("mistake_count"),
    ])
    .where("e.season_number", "=", selectedSeason(seasonNumber))
    .orderBy("e.recut_number")
    .orderBy("e.number");

/** The labels of the web novel chapters the season's recut episodes' new scenes come from. */
export const seasonRecutChapters = (seasonNumber: number | null) =>
  query
    .selectFrom([
      "anime_recut_episodes as e",
      sql<{ key: number; value: string }>`json_each(${sql.ref("e.new_scenes")})`.as("s"),
    ])
    .innerJoin("story_units as u", (join) =>
      join.on(sql<boolean>`u.key IN (json_extract(s.value, '$.chaptersFrom'), json_extract(s.value, '$.chaptersTo'))`),
    )
    .select(["u.key", "u.label"])
    .where("e.season_number", "=", selectedSeason(seasonNumber))
    .distinct();

/**
 * The recut episode that holds one of the season's episodes, named for a viewer who watched the recut and
 * knows its numbers, not the season's: the first recut episode among the episode's revealers
 * (`revealedBy`, as stored), which the cross-media map gives as the one holding it whole or its last part
 * (decision 45), the place a recut's viewer has seen it, and met who first appears in it. Null where no
 * recut holds it.
 */
export function recutHolderIn(revealedBy: string | null): UnitLabel | null {
  const key = readRevealers(revealedBy)?.find(isRecutEpisodeKey);
  const parts = key ? parseUnitKey(key, "anime") : null;
  return key && parts ? { key, label: placeName(parts) } : null;
}

type RecutRow = InferResult<ReturnType<typeof seasonRecuts>>[number];
type RecutEpisodeRow = InferResult<ReturnType<typeof seasonRecutEpisodes>>[number];

/** The stored JSON of a recut episode's contents and scenes (pack/resolve/recuts.ts writes them). */
interface StoredContent {
  episode: string;
  part: number | null;
  of: number | null;
}
interface StoredScene {
  note: string;
  chaptersFrom: string | null;
  chaptersTo: string | null;
  /** Where the scene is not gated with its episode: one brought forward from later chapters. */
  revealedBy?: string | null;
}

/**
 * The season's episodes a recut's episodes show whole or the end of, by number, from each episode's
 * number and stored contents (`json_array(number, json(contents))` per episode, in a JSON array).
 */
export function seasonEpisodesHeld(episodes: string): Array<[episode: number, seasonEpisode: number]> {
  return (JSON.parse(episodes) as Array<[number, StoredContent[]]>).flatMap(([number, contents]) =>
    contents.flatMap(({ episode, part, of }) => {
      const held = parseUnitKey(episode, "anime");
      return held && (part === null || part === of) ? [[number, held.episode] as [number, number]] : [];
    }),
  );
}

/** A season's recuts with their episodes, as the page shows them. */
export function toRecuts(
  recuts: readonly RecutRow[],
  episodes: readonly RecutEpisodeRow[],
  labels: readonly UnitLabel[],
  seasonEpisodes: readonly { key: string; label: string | null }[],
): AnimeRecut[] {
  const labelOf = new Map(labels.map((unit) => [unit.key, unit.label]));
  const unit = (key: string): UnitLabel => ({ key, label: labelOf.get(key) ?? key });
  // A season's episode is named as its story unit is: by the number it goes by ("Season 1 · Episode 13.5").
  const seasonLabels = new Map(seasonEpisodes.map((episode) => [episode.key, episode.label]));
  const episodeLabel = (key: string): UnitLabel => {
    const parts = parseUnitKey(key, "anime");
    return { key, label: parts ? placeName({ ...parts, label: seasonLabels.get(key) }) : key };
  };
  const episodesOf = groupBy(episodes, (episode) => String(episode.recut_number));
  return recuts.map((recut) => ({
    season: recut.season_number,
    number: recut.number,
    title: recut.title,
    originalTitle: recut.original_title,
    runtime: recut.runtime,
    airedFrom: recut.aired_from,
    airedTo: recut.aired_to,
    episodes: (episodesOf.get(String(recut.number)) ?? []).map((row): RecutEpisode => {
      const contents = JSON.parse(row.contents) as StoredContent[];
      const scenes = JSON.parse(row.new_scenes) as StoredScene[];
      return {
        key: row.key,
        number: row.number,
        position: row.position,
        // Gated as a unit's title is (by its flag where the pack flags it), with its original.
        title: gatedTitle(row.title_revealed_by, row.title_reached_by, {
          title: row.title,
          originalTitle: row.original_title,
        }),
        ...broadcastOf(row, row.recut_runtime),
        contents: contents.map((content): RecutContent => ({
          episode: episodeLabel(content.episode),
          number: parseUnitKey(content.episode, "anime")?.episode ?? 0,
          part: content.part !== null && content.of !== null ? { number: content.part, of: content.of } : null,
        })),
        newScenes: scenes.map((scene): RecutScene => ({
          note: gatedBy(scene.revealedBy ?? row.revealed_by, scene.note),
          chapters:
            scene.chaptersFrom && scene.chaptersTo
              ? { from: unit(scene.chaptersFrom), to: unit(scene.chaptersTo) }
              : null,
        })),
        mistakeCount: row.mistake_count,
        discussion: unitDiscussion(row.told_by, row.comment_count),
      };
    }),
  }));
}
