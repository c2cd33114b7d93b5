-- An anime translation note names an episode of a season or an OVA, special or film (sp:<slug>), so a
-- reader's report on a special can be published like one on an episode (decision 84). `episode_key`
-- referred to anime_episodes (key); it now refers to story_units (key), which holds both, and keeps its
-- name (it names the anime unit the line is spoken in). SQLite cannot change a reference in place, so the
-- table is made again with the same columns (0002's, with 0015's revealed_by) and rows, and the indexes of
-- 0002 and 0011. Nothing refers to anime_mistakes by name, and no trigger is on it.
PRAGMA defer_foreign_keys = on;
CREATE TABLE anime_mistakes_made_again (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  source TEXT NOT NULL DEFAULT 'pack' CHECK (source IN ('pack', 'report')),
  episode_key TEXT NOT NULL REFERENCES story_units (key) DEFERRABLE INITIALLY DEFERRED, -- anime:1-5 or sp:slug
  start_seconds INTEGER NOT NULL,
  end_seconds INTEGER NOT NULL,
  platform TEXT NOT NULL,
  track TEXT NOT NULL CHECK (track IN ('subtitles', 'dub', 'captions')),
  japanese TEXT,
  official TEXT NOT NULL,
  suggested TEXT NOT NULL,
  explanation TEXT NOT NULL,
  category TEXT NOT NULL CHECK (category IN ('mistranslation', 'omission', 'addition', 'name_or_term', 'softened', 'typo', 'localization_choice')),
  severity TEXT NOT NULL CHECK (severity IN ('minor', 'meaning_changing', 'plot_relevant')),
  status TEXT NOT NULL CHECK (status IN ('confirmed', 'fixed_in_later_printing', 'disputed')),
  reveal_position REAL NOT NULL,
  credits TEXT NOT NULL DEFAULT '[]',
  added_on TEXT NOT NULL,
  updated_on TEXT,
  revealed_by TEXT NOT NULL DEFAULT ''
);
INSERT INTO anime_mistakes_made_again (seq, id, source, episode_key, start_seconds, end_seconds, platform, track,
    japanese, official, suggested, explanation, category, severity, status, reveal_position, credits, added_on,
    updated_on, revealed_by)
  SELECT seq, id, source, episode_key, start_seconds, end_seconds, platform, track, japanese, official, suggested,
    explanation, category, severity, status, reveal_position, credits, added_on, updated_on, revealed_by
  FROM anime_mistakes;
DROP TABLE anime_mistakes;
ALTER TABLE anime_mistakes_made_again RENAME TO anime_mistakes;
CREATE INDEX anime_mistakes_episode ON anime_mistakes (episode_key, start_seconds);
CREATE INDEX anime_mistakes_added ON anime_mistakes (added_on);
-- (The feed's query must order by exactly this expression for SQLite to use the index.)
CREATE INDEX anime_mistakes_changed_on ON anime_mistakes (COALESCE(updated_on, added_on));
