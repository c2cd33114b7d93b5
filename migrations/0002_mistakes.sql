-- Translation mistakes in the official English light novels and anime. Entries come from the content
-- pack (source 'pack') or from accepted reader reports (source 'report'); the pack importer only
-- ever touches its own.

CREATE TABLE ln_mistakes (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  source TEXT NOT NULL DEFAULT 'pack' CHECK (source IN ('pack', 'report')),
  volume_key TEXT NOT NULL REFERENCES ln_volumes (key) DEFERRABLE INITIALLY DEFERRED,
  chapter INTEGER NOT NULL,
  chapter_title TEXT,
  web_novel_chapter TEXT REFERENCES chapters (key) DEFERRABLE INITIALLY DEFERRED,
  page INTEGER,
  ebook_position TEXT,
  edition TEXT NOT NULL,
  japanese TEXT NOT NULL,
  official TEXT NOT NULL,
  suggested TEXT NOT NULL,
  explanation TEXT NOT NULL,
  category TEXT NOT NULL CHECK (category IN ('mistranslation', 'omission', 'addition', 'name_or_term', 'softened', 'typo', 'localization_choice')),
  severity TEXT NOT NULL CHECK (severity IN ('minor', 'meaning_changing', 'plot_relevant')),
  status TEXT NOT NULL CHECK (status IN ('confirmed', 'fixed_in_later_printing', 'disputed')),
  reveal_position REAL NOT NULL,
  credits TEXT NOT NULL DEFAULT '[]', -- JSON array
  added_on TEXT NOT NULL,
  updated_on TEXT
);
CREATE INDEX ln_mistakes_volume ON ln_mistakes (volume_key, chapter, page);
CREATE INDEX ln_mistakes_added ON ln_mistakes (added_on);

CREATE TABLE anime_mistakes (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  source TEXT NOT NULL DEFAULT 'pack' CHECK (source IN ('pack', 'report')),
  episode_key TEXT NOT NULL REFERENCES anime_episodes (key) DEFERRABLE INITIALLY DEFERRED,
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
  updated_on TEXT
);
CREATE INDEX anime_mistakes_episode ON anime_mistakes (episode_key, start_seconds);
CREATE INDEX anime_mistakes_added ON anime_mistakes (added_on);

-- Search across every light novel entry.
CREATE VIRTUAL TABLE ln_mistake_index USING fts5(
  official,
  suggested,
  japanese,
  explanation,
  content = 'ln_mistakes',
  content_rowid = 'seq',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
CREATE TRIGGER ln_mistakes_insert AFTER INSERT ON ln_mistakes BEGIN
  INSERT INTO ln_mistake_index (rowid, official, suggested, japanese, explanation)
  VALUES (new.seq, new.official, new.suggested, new.japanese, new.explanation);
END;
CREATE TRIGGER ln_mistakes_delete AFTER DELETE ON ln_mistakes BEGIN
  INSERT INTO ln_mistake_index (ln_mistake_index, rowid, official, suggested, japanese, explanation)
  VALUES ('delete', old.seq, old.official, old.suggested, old.japanese, old.explanation);
END;
CREATE TRIGGER ln_mistakes_update AFTER UPDATE ON ln_mistakes BEGIN
  INSERT INTO ln_mistake_index (ln_mistake_index, rowid, official, suggested, japanese, explanation)
  VALUES ('delete', old.seq, old.official, old.suggested, old.japanese, old.explanation);
  INSERT INTO ln_mistake_index (rowid, official, suggested, japanese, explanation)
  VALUES (new.seq, new.official, new.suggested, new.japanese, new.explanation);
END;
