-- Search finds an arc of the web novel, an anime season (and a titled part of one) and a manga series by
-- its name (decision 60): refs arc:<number>, season:<number>, season:<number>-part-<number> and
-- manga_series:<code>, each gated as a unit's title is, by what reaches its first unit. SQLite cannot
-- change a CHECK constraint in place, so the table is made again with the same columns, its rows kept
-- (their ids too, which the full-text index is keyed by) and its triggers made again. Import the pack
-- again after applying this.
DROP TRIGGER search_entries_insert;
DROP TRIGGER search_entries_delete;
DROP TRIGGER search_entries_update;
CREATE TABLE search_entries_with_names (
  id INTEGER PRIMARY KEY,
  ref TEXT NOT NULL UNIQUE, -- ... arc:3, season:2, season:2-part-2, manga_series:wick, translation_note:<entry id>
  kind TEXT NOT NULL CHECK (kind IN ('character', 'arc', 'chapter', 'volume', 'side_story', 'season', 'episode', 'break_time', 'anime_special', 'manga_series', 'manga_chapter', 'translation_note')),
  title TEXT NOT NULL,
  subtitle TEXT NOT NULL,
  path TEXT NOT NULL,
  aliases TEXT NOT NULL DEFAULT '',
  body TEXT NOT NULL DEFAULT '',
  reveal_position REAL,      -- hidden by the spoiler shield before this point
  revealed_by TEXT
);
INSERT INTO search_entries_with_names (id, ref, kind, title, subtitle, path, aliases, body, reveal_position, revealed_by)
  SELECT id, ref, kind, title, subtitle, path, aliases, body, reveal_position, revealed_by FROM search_entries;
DROP TABLE search_entries;
ALTER TABLE search_entries_with_names RENAME TO search_entries;
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
