-- OVAs, specials and films (sp:<slug>), a medium of their own watched unit by unit: `anime_specials`
-- holds each with what it adapts (JSON: web novel ranges and side story keys; both empty for an
-- anime-original one, whose note is `original`), the episode it is watched after, and what reveals its
-- title where the pack flags it. Its synopsis and note are gated by what reveals the special itself (its
-- story unit's revealed_by). Import the pack again after applying this.
CREATE TABLE anime_specials (
  slug TEXT PRIMARY KEY,
  key TEXT NOT NULL UNIQUE REFERENCES story_units (key) DEFERRABLE INITIALLY DEFERRED,
  kind TEXT NOT NULL CHECK (kind IN ('ova', 'special', 'film')),
  title TEXT NOT NULL,
  original_title TEXT,
  title_revealed_by TEXT,
  synopsis TEXT,
  released_on TEXT,
  runtime INTEGER,
  adapts_chapters TEXT NOT NULL DEFAULT '[]', -- JSON [{from, to}] of chapter keys
  adapts_side_stories TEXT NOT NULL DEFAULT '[]', -- JSON array of side story keys
  original TEXT,
  watch_after TEXT REFERENCES story_units (key) DEFERRABLE INITIALLY DEFERRED,
  position REAL NOT NULL,
  sort_order INTEGER NOT NULL
);
CREATE INDEX anime_specials_released_on ON anime_specials (released_on);

-- story_units, search_entries and external_ids name the new medium. SQLite cannot change a CHECK
-- constraint in place, so each is made again with the same columns. The content tables refer to
-- story_units by name: its rows are kept aside, the table is made again and they are put back, so every
-- reference counted as broken while it was gone is whole again before the migration commits.
PRAGMA defer_foreign_keys = on;
CREATE TABLE story_units_kept AS SELECT key, medium, position, label, path, revealed_by FROM story_units;
CREATE TABLE story_units_made_again (
  key TEXT PRIMARY KEY,          -- wn:2-14, ln:main-3, ss:slug, anime:1-5, bt:1-5, sp:slug
  medium TEXT NOT NULL CHECK (medium IN ('web_novel', 'light_novels', 'side_stories', 'anime', 'break_time', 'anime_specials')),
  position REAL NOT NULL,        -- story order; higher is later
  label TEXT NOT NULL,           -- short label, never a spoiler: "Arc 2 · Chapter 14"
  path TEXT NOT NULL,            -- where the site shows it
  revealed_by TEXT NOT NULL DEFAULT ''
);
DROP TABLE story_units;
ALTER TABLE story_units_made_again RENAME TO story_units;
INSERT INTO story_units (key, medium, position, label, path, revealed_by)
  SELECT key, medium, position, label, path, revealed_by FROM story_units_kept;
DROP TABLE story_units_kept;
CREATE INDEX story_units_position ON story_units (position);

DROP TRIGGER search_entries_insert;
DROP TRIGGER search_entries_delete;
DROP TRIGGER search_entries_update;
CREATE TABLE search_entries_made_again (
  id INTEGER PRIMARY KEY,
  ref TEXT NOT NULL UNIQUE, -- ... episode:anime:1-5, break_time:bt:1-5, anime_special:sp:slug, translation_note:<entry id>
  kind TEXT NOT NULL CHECK (kind IN ('character', 'chapter', 'volume', 'side_story', 'episode', 'break_time', 'anime_special', 'translation_note')),
  title TEXT NOT NULL,
  subtitle TEXT NOT NULL,
  path TEXT NOT NULL,
  aliases TEXT NOT NULL DEFAULT '',
  body TEXT NOT NULL DEFAULT '',
  reveal_position REAL,      -- hidden by the spoiler shield before this point
  revealed_by TEXT
);
INSERT INTO search_entries_made_again (id, ref, kind, title, subtitle, path, aliases, body, reveal_position, revealed_by)
  SELECT id, ref, kind, title, subtitle, path, aliases, body, reveal_position, revealed_by FROM search_entries;
DROP TABLE search_entries;
ALTER TABLE search_entries_made_again RENAME TO search_entries;
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

-- A film's or an OVA's own entry on MyAnimeList: target is the special's key (sp:slug).
CREATE TABLE external_ids_made_again (
  service TEXT NOT NULL CHECK (service IN ('myanimelist', 'novelupdates')),
  list TEXT NOT NULL CHECK (list IN ('anime', 'manga', 'series')),
  external_id TEXT NOT NULL,
  medium TEXT NOT NULL CHECK (medium IN ('anime', 'light_novels', 'web_novel', 'anime_specials')),
  target TEXT NOT NULL,
  PRIMARY KEY (service, list, external_id)
);
INSERT INTO external_ids_made_again SELECT service, list, external_id, medium, target FROM external_ids;
DROP TABLE external_ids;
ALTER TABLE external_ids_made_again RENAME TO external_ids;
