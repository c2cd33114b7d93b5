import type { Selectable } from "kysely";
import type { Database } from "../app/models/database";

/*
 * The rows a content pack becomes, one type per D1 table, each field a column: the tables as the
 * migrations made them (app/models/database.ts, generated), so a column renamed or added there changes
 * what the pipeline must write. Columns SQLite fills in itself (search_entries.id, the mistakes' seq) are
 * left out: the importer never writes them. JSON columns hold their JSON text; booleans are 0 or 1.
 */
type Row<T extends keyof Database, Filled extends keyof Database[T] = never> = Omit<Selectable<Database[T]>, Filled>;

export type SeriesRow = Row<"series">;
export type StoryUnitRow = Row<"story_units">;
export type ArcRow = Row<"arcs">;
export type ChapterRow = Row<"chapters">;
export type LnCollectionRow = Row<"ln_collections">;
export type LnVolumeRow = Row<"ln_volumes">;
export type SideStoryRow = Row<"side_stories">;
export type AnimeSeasonRow = Row<"anime_seasons">;
export type AnimeEpisodeRow = Row<"anime_episodes">;
export type AnimeSeasonPartRow = Row<"anime_season_parts">;
export type AdaptationChangeRow = Row<"adaptation_changes">;
export type VolumeChangeRow = Row<"ln_volume_changes">;
export type BreakTimeEpisodeRow = Row<"break_time_episodes">;
export type AnimeRecutRow = Row<"anime_recuts">;
export type AnimeRecutEpisodeRow = Row<"anime_recut_episodes">;
export type AnimeSpecialRow = Row<"anime_specials">;
export type MangaSeriesRow = Row<"manga_series">;
export type MangaVolumeRow = Row<"manga_volumes">;
export type MangaChapterRow = Row<"manga_chapters">;
export type CharacterRow = Row<"characters">;
export type CharacterAffiliationRow = Row<"character_affiliations">;
export type CharacterFactRow = Row<"character_facts">;
export type CharacterRelationshipRow = Row<"character_relationships">;
export type SearchEntryRow = Row<"search_entries", "id">;
/** A secret of the story, kept for triage to hold readers' reports to; never shown. */
export type StorySecretRow = Row<"story_secrets">;

/** A pack's entries are the pack's own; a reader's accepted report comes in through the feedback hub. */
type FromPack = { source: "pack" };
export type LnMistakeRow = Row<"ln_mistakes", "seq" | "source"> & FromPack;
export type AnimeMistakeRow = Row<"anime_mistakes", "seq" | "source"> & FromPack;
/** The columns light novel and anime entries share (the Japanese is optional for an episode). */
export type MistakeEntryColumns = Omit<Pick<LnMistakeRow, keyof LnMistakeRow & keyof AnimeMistakeRow>, "japanese">;

/** The statistics page's series, computed from the other rows at import (statistics.ts). */
export const statisticsCharts = [
  "totals",
  "arc_chapters",
  "arc_words",
  "arc_introductions",
  "month_chapters",
  "year_chapters",
  "year_volumes",
  "year_adapted",
  // The anime (its totals as the "anime" series) and the manga (its totals as the "manga" series).
  "anime",
  "season_episodes",
  "year_ovas",
  "year_specials",
  "year_films",
  "manga",
  "series_manga_chapters",
  "arc_manga_chapters",
  "year_manga_chapters",
  "year_manga_volumes",
] as const;

/** One bar of one statistics series. */
export type ContentStatisticRow = Row<"content_statistics", "chart"> & { chart: (typeof statisticsCharts)[number] };

/**
 * Where a season, a collection or the web novel is listed on a tracking service: `target` is the
 * season's number, the collection's code, or "" for the web novel.
 */
export type ExternalIdRow = Row<"external_ids">;

/** Every content table and the rows a pack puts in it. */
export type PackRows = {
  series: SeriesRow[];
  story_units: StoryUnitRow[];
  arcs: ArcRow[];
  chapters: ChapterRow[];
  ln_collections: LnCollectionRow[];
  ln_volumes: LnVolumeRow[];
  side_stories: SideStoryRow[];
  anime_seasons: AnimeSeasonRow[];
  anime_season_parts: AnimeSeasonPartRow[];
  anime_episodes: AnimeEpisodeRow[];
  adaptation_changes: AdaptationChangeRow[];
  ln_volume_changes: VolumeChangeRow[];
  break_time_episodes: BreakTimeEpisodeRow[];
  anime_recuts: AnimeRecutRow[];
  anime_recut_episodes: AnimeRecutEpisodeRow[];
  anime_specials: AnimeSpecialRow[];
  manga_series: MangaSeriesRow[];
  manga_volumes: MangaVolumeRow[];
  manga_chapters: MangaChapterRow[];
  characters: CharacterRow[];
  character_affiliations: CharacterAffiliationRow[];
  character_facts: CharacterFactRow[];
  character_relationships: CharacterRelationshipRow[];
  search_entries: SearchEntryRow[];
  ln_mistakes: LnMistakeRow[];
  anime_mistakes: AnimeMistakeRow[];
  content_statistics: ContentStatisticRow[];
  external_ids: ExternalIdRow[];
  story_secrets: StorySecretRow[];
};

export type ContentTable = keyof PackRows;
/** The columns of one table, as the importer writes them. */
export type ColumnOf<T extends ContentTable> = keyof PackRows[T][number] & string;
