import type {
  adaptationChangeKinds,
  animeTracks,
  chapterKinds,
  collectionKinds,
  mistakeCategories,
  mistakeSeverities,
  mistakeStatuses,
  relationshipKinds,
  sideStoryKinds,
  volumeChangeKinds,
} from "../vocabulary";
import type { SearchKind } from "../search-query";
import type { Medium } from "./units";
import type { ExternalList, ExternalService } from "../external-ids";

/*
 * The rows a content pack becomes, one type per D1 table (migrations/0001_content.sql and
 * 0002_mistakes.sql), each field a column. Columns SQLite fills in itself (search_entries.id,
 * ln_mistakes.seq, anime_mistakes.seq) are left out: the importer never writes them.
 * JSON columns hold their JSON text; booleans are 0 or 1.
 */

export type SeriesRow = {
  id: 1;
  pack: string;
  title: string;
  original_title: string;
  synopsis: string;
  author: string | null;
  illustrator: string | null;
  media: string;
};

/** `revealed_by`: the units that reveal what the story reveals at this unit (reveals.ts). */
export type StoryUnitRow = { key: string; medium: Medium; position: number; label: string; path: string; revealed_by: string };

export type ArcRow = {
  number: number;
  title: string;
  original_title: string | null;
  summary: string | null;
  /** The units that reveal the summary; null when it spoils nothing. */
  summary_revealed_by: string | null;
  phases: string;
};

export type ChapterRow = {
  key: string;
  arc_number: number;
  ordinal: number;
  kind: (typeof chapterKinds)[number];
  title: string;
  original_title: string | null;
  published_on: string;
  word_count: number;
  read_url: string | null;
  translator: string | null;
  position: number;
  title_reveal_position: number | null;
  /** The units that reveal the title; null when it spoils nothing. */
  title_revealed_by: string | null;
};

export type LnCollectionRow = { code: string; name: string; kind: (typeof collectionKinds)[number]; description: string | null; sort_order: number };

export type LnVolumeRow = {
  key: string;
  collection_code: string;
  number: number;
  title: string;
  original_title: string | null;
  released_jp: string;
  released_en: string | null;
  isbn: string | null;
  page_count: number | null;
  cover: string | null;
  chapter_titles: string;
  /** JSON: per chapter title, the units that reveal it (a web novel chapter's flagged title), or null. */
  chapter_titles_revealed_by: string;
  adapts_from: string | null;
  adapts_to: string | null;
  read_after: string | null;
  position: number;
};

export type SideStoryRow = {
  slug: string;
  key: string;
  kind: (typeof sideStoryKinds)[number];
  title: string;
  original_title: string | null;
  summary: string | null;
  published_in: string;
  published_on: string | null;
  read_after: string;
  canon: 0 | 1;
  read_url: string | null;
  position: number;
  /** The units that reveal the title and summary; null when they spoil nothing. */
  revealed_by: string | null;
};

export type AnimeSeasonRow = { number: number; title: string };

export type AnimeEpisodeRow = {
  key: string;
  season_number: number;
  number: number;
  title: string;
  original_title: string | null;
  aired_on: string;
  adapts_from: string;
  adapts_to: string;
  volumes: string;
  position: number;
};

/**
 * One difference between an episode and the web novel (migrations/0008_adaptation_changes.sql):
 * written in the pack (`computed` 0) or found from the episodes' chapter ranges (`computed` 1).
 */
export type AdaptationChangeRow = {
  episode_key: string;
  sort_order: number;
  kind: (typeof adaptationChangeKinds)[number];
  chapters_from: string | null;
  chapters_to: string | null;
  note: string | null;
  computed: 0 | 1;
};

/** One difference between a light novel volume and the web novel (migrations/0016_light_novel_changes.sql), gated with the volume. */
export type VolumeChangeRow = {
  volume_key: string;
  sort_order: number;
  kind: (typeof volumeChangeKinds)[number];
  chapters_from: string | null;
  chapters_to: string | null;
  note: string;
  revealed_by: string;
};

export type BreakTimeEpisodeRow = {
  key: string;
  season_number: number;
  number: number;
  title: string;
  aired_on: string | null;
  accompanies: string;
  position: number;
  /** Null: the title spoils nothing and everyone sees it. */
  title_revealed_by: string | null;
};

export type CharacterRow = {
  slug: string;
  name: string;
  original_name: string | null;
  aliases: string;
  affiliations: string;
  summary: string | null;
  portrait: string | null;
  portrait_alt: string | null;
  portrait_reveal_position: number | null;
  portrait_revealed_by: string | null;
  /** The units that reveal the character exists (their first appearances); null: met where the story opens. */
  revealed_by: string | null;
  first_web_novel: string | null;
  first_light_novel: string | null;
  first_anime: string | null;
  first_medium: Medium | null;
  sort_name: string;
};

export type CharacterAffiliationRow = { character_slug: string; affiliation: string };

export type CharacterFactRow = { character_slug: string; sort_order: number; label: string; value: string; reveal_position: number | null; revealed_by: string | null };

export type CharacterRelationshipRow = {
  character_slug: string;
  related_slug: string;
  kind: (typeof relationshipKinds)[number];
  description: string;
  reveal_position: number | null;
  revealed_by: string | null;
};

export type SearchEntryRow = {
  ref: string;
  kind: SearchKind;
  title: string;
  subtitle: string;
  path: string;
  aliases: string;
  body: string;
  reveal_position: number | null;
  revealed_by: string | null;
};

/** The columns light novel and anime entries share. */
export type MistakeEntryColumns = {
  id: string;
  source: "pack";
  official: string;
  suggested: string;
  explanation: string;
  category: (typeof mistakeCategories)[number];
  severity: (typeof mistakeSeverities)[number];
  status: (typeof mistakeStatuses)[number];
  reveal_position: number;
  revealed_by: string;
  credits: string;
  added_on: string;
  updated_on: string | null;
};

export type LnMistakeRow = MistakeEntryColumns & {
  volume_key: string;
  chapter: number;
  chapter_title: string | null;
  web_novel_chapter: string | null;
  page: number | null;
  ebook_position: string | null;
  edition: string;
  japanese: string;
};

export type AnimeMistakeRow = MistakeEntryColumns & {
  episode_key: string;
  start_seconds: number;
  end_seconds: number;
  platform: string;
  track: (typeof animeTracks)[number];
  japanese: string | null;
};

/** The statistics page's series, computed from the other rows at import (statistics.ts). */
export const statisticsCharts = ["totals", "arc_chapters", "arc_words", "arc_introductions", "month_chapters", "year_volumes", "year_adapted"] as const;

/** One bar of one statistics series (migrations/0006_content_statistics.sql). */
export type ContentStatisticRow = { chart: (typeof statisticsCharts)[number]; position: number; label: string; value: number };

/**
 * Where a season, a collection or the web novel is listed on a tracking service
 * (migrations/0019_external_ids.sql): `target` is the season's number, the collection's code, or ""
 * for the web novel.
 */
export type ExternalIdRow = {
  service: ExternalService;
  list: ExternalList;
  external_id: string;
  medium: Extract<Medium, "anime" | "light_novels" | "web_novel">;
  target: string;
};

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
  anime_episodes: AnimeEpisodeRow[];
  adaptation_changes: AdaptationChangeRow[];
  ln_volume_changes: VolumeChangeRow[];
  break_time_episodes: BreakTimeEpisodeRow[];
  characters: CharacterRow[];
  character_affiliations: CharacterAffiliationRow[];
  character_facts: CharacterFactRow[];
  character_relationships: CharacterRelationshipRow[];
  search_entries: SearchEntryRow[];
  ln_mistakes: LnMistakeRow[];
  anime_mistakes: AnimeMistakeRow[];
  content_statistics: ContentStatisticRow[];
  external_ids: ExternalIdRow[];
};

export type ContentTable = keyof PackRows;
/** The columns of one table, as the importer writes them. */
export type ColumnOf<T extends ContentTable> = keyof PackRows[T][number] & string;
