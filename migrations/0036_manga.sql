-- Manga (decision 49): series, one per arc or part of the story, each with its own volumes numbered
-- from 1 and its own chapters. Each chapter is a story unit (manga:<series>-<n>, n its place in the
-- series), read along its series' own line; `label` is the number the series gives it where that is not
-- the count of the series' chapters without one ("12.5"). `adapts_chapters` is JSON [{from, to}] of web
-- novel chapter keys, `adapts_side_stories` a JSON array of side story keys; both empty for a
-- manga-original chapter, whose note is `original` (gated by what reveals the chapter itself). Dates are
-- at the precision known (YYYY-MM-DD, YYYY-MM, YYYY) or NULL. Import the pack again after applying this.
CREATE TABLE manga_series (
  code TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  original_title TEXT,
  title_revealed_by TEXT,
  sort_order INTEGER NOT NULL
);

CREATE TABLE manga_volumes (
  series_code TEXT NOT NULL REFERENCES manga_series (code) DEFERRABLE INITIALLY DEFERRED,
  number INTEGER NOT NULL,
  title TEXT,
  released_on TEXT,
  isbn TEXT,
  PRIMARY KEY (series_code, number)
);

CREATE TABLE manga_chapters (
  key TEXT PRIMARY KEY REFERENCES story_units (key) DEFERRABLE INITIALLY DEFERRED,
  series_code TEXT NOT NULL REFERENCES manga_series (code) DEFERRABLE INITIALLY DEFERRED,
  volume_number INTEGER,
  number INTEGER NOT NULL,
  label TEXT NOT NULL,
  title TEXT,
  title_revealed_by TEXT,
  published_on TEXT,
  adapts_chapters TEXT NOT NULL DEFAULT '[]',
  adapts_side_stories TEXT NOT NULL DEFAULT '[]',
  original TEXT,
  position REAL NOT NULL,
  UNIQUE (series_code, number)
);
CREATE INDEX manga_chapters_published_on ON manga_chapters (published_on);
CREATE INDEX manga_volumes_released_on ON manga_volumes (released_on);

-- story_units, search_entries and external_ids name the new medium. SQLite cannot change a CHECK
-- constraint in place, so each is made again with the same columns. The content tables refer to
-- story_units by name: its rows are kept aside, the table is made again and they are put back, so every
-- reference counted as broken while it was gone is whole again before the migration commits.
PRAGMA defer_foreign_keys = on;
CREATE TABLE story_units_kept AS SELECT key, medium, position, label, path, revealed_by FROM story_units;
CREATE TABLE story_units_with_manga (
  key TEXT PRIMARY KEY,          -- wn:2-14, ln:main-3, ss:slug, anime:1-5, bt:1-5, sp:slug, manga:wick-7
  medium TEXT NOT NULL CHECK (medium IN ('web_novel', 'light_novels', 'side_stories', 'anime', 'break_time', 'anime_specials', 'manga')),
  position REAL NOT NULL,        -- story order; higher is later
  label TEXT NOT NULL,           -- short label, never a spoiler: "Arc 2 · Chapter 14"
  path TEXT NOT NULL,            -- where the site shows it
  revealed_by TEXT NOT NULL DEFAULT ''
);
DROP TABLE story_units;
ALTER TABLE story_units_with_manga RENAME TO story_units;
INSERT INTO story_units (key, medium, position, label, path, revealed_by)
  SELECT key, medium, position, label, path, revealed_by FROM story_units_kept;
DROP TABLE story_units_kept;
CREATE INDEX story_units_position ON story_units (position);

DROP TRIGGER search_entries_insert;
DROP TRIGGER search_entries_delete;
DROP TRIGGER search_entries_update;
CREATE TABLE search_entries_with_manga (
  id INTEGER PRIMARY KEY,
  ref TEXT NOT NULL UNIQUE, -- ... episode:anime:1-5, break_time:bt:1-5, anime_special:sp:slug, manga_chapter:manga:wick-7, translation_note:<entry id>
  kind TEXT NOT NULL CHECK (kind IN ('character', 'chapter', 'volume', 'side_story', 'episode', 'break_time', 'anime_special', 'manga_chapter', 'translation_note')),
  title TEXT NOT NULL,
  subtitle TEXT NOT NULL,
  path TEXT NOT NULL,
  aliases TEXT NOT NULL DEFAULT '',
  body TEXT NOT NULL DEFAULT '',
  reveal_position REAL,      -- hidden by the spoiler shield before this point
  revealed_by TEXT
);
INSERT INTO search_entries_with_manga (id, ref, kind, title, subtitle, path, aliases, body, reveal_position, revealed_by)
  SELECT id, ref, kind, title, subtitle, path, aliases, body, reveal_position, revealed_by FROM search_entries;
DROP TABLE search_entries;
ALTER TABLE search_entries_with_manga RENAME TO search_entries;
CREATE TRIGGER search_entries_insert AFTER INSERT ON search_entries BEGIN
  INSERT INTO search_index (rowid, title, aliases, body) VALUES (new.id, new.title, new.aliases, new.body);
END;
CREATE TRIGGER search_entries_delete AFTER DELETE ON search_entries BEGIN
  INSERT INTO search_index (search_index, rowid, title, aliases, body) VALUES ('delete', old.id, old.title, old.aliases, old.body);
END;
CREATE TRIGGER search_entries_update AFTER UPDATE ON search_entries BEGIN
  INSERT INTO search_index (search_index, rowid, title, aliases, body) VALUES ('delete', old.id, old.title, old.aliases, old.body);
  INSERT INTO search_index (rowid, title, aliases, body) VALUES (new.id, new.title, new.aliases, new.body);
END;
INSERT INTO search_index (search_index) VALUES ('rebuild');

-- A manga series' own entry on MyAnimeList's manga list: target is the series' code.
CREATE TABLE external_ids_with_manga (
  service TEXT NOT NULL CHECK (service IN ('myanimelist', 'novelupdates')),
  list TEXT NOT NULL CHECK (list IN ('anime', 'manga', 'series')),
  external_id TEXT NOT NULL,
  medium TEXT NOT NULL CHECK (medium IN ('anime', 'light_novels', 'web_novel', 'anime_specials', 'manga')),
  target TEXT NOT NULL,
  PRIMARY KEY (service, list, external_id)
);
INSERT INTO external_ids_with_manga SELECT service, list, external_id, medium, target FROM external_ids;
DROP TABLE external_ids;
ALTER TABLE external_ids_with_manga RENAME TO external_ids;
