-- Site search also finds anime episodes, Break Time shorts and translation notes (light novel and
-- anime entries). SQLite cannot change a CHECK constraint in place, so search_entries is rebuilt
-- with the wider list of kinds, keeping its ids, and the FTS index is rebuilt from it.
DROP TRIGGER search_entries_insert;
DROP TRIGGER search_entries_delete;
DROP TRIGGER search_entries_update;

CREATE TABLE search_entries_new (
  id INTEGER PRIMARY KEY,
  ref TEXT NOT NULL UNIQUE, -- character:slug, chapter:wn:1-2, volume:ln:main-1, side_story:slug, episode:anime:1-5, break_time:bt:1-5, translation_note:<entry id>
  kind TEXT NOT NULL CHECK (kind IN ('character', 'chapter', 'volume', 'side_story', 'episode', 'break_time', 'translation_note')),
  title TEXT NOT NULL,
  subtitle TEXT NOT NULL,
  path TEXT NOT NULL,
  aliases TEXT NOT NULL DEFAULT '',
  body TEXT NOT NULL DEFAULT '',
  reveal_position REAL      -- hidden by the spoiler shield before this point
);
INSERT INTO search_entries_new (id, ref, kind, title, subtitle, path, aliases, body, reveal_position)
  SELECT id, ref, kind, title, subtitle, path, aliases, body, reveal_position FROM search_entries;
DROP TABLE search_entries;
ALTER TABLE search_entries_new RENAME TO search_entries;

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
