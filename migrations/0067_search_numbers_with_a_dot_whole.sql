-- A number with a dot between its digits ("7.5", a volume's label) is one word to the search index, as it
-- is to the search (app/lib/search/query.ts): "vol 5" no longer finds "Volume 7.5" by its "5", nor
-- "lanternfall 7" "Lanternfall 7.5" by its "7". The index keeps a dot inside a word (`tokenchars '.'`);
-- the import writes every other dot of an entry's names and text as a space, where it parts words, and
-- a title holding one among its names as it reads so (pack/resolve/resolve.ts: `findableAsSearched`).
-- The index is made again with the same columns and content as 0001 made it, its triggers as 0045 made
-- them. Import the pack again after applying this.
DROP TRIGGER search_entries_insert;
DROP TRIGGER search_entries_delete;
DROP TRIGGER search_entries_update;
DROP TABLE search_index;

CREATE VIRTUAL TABLE search_index USING fts5(
  title,
  aliases,
  body,
  content = 'search_entries',
  content_rowid = 'id',
  tokenize = "unicode61 remove_diacritics 2 tokenchars '.'",
  prefix = '2 3'
);
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
