-- A light novel entry's Chinese, Japanese and Korean words are found by any part of them, not only
-- their start (the Japanese line is one run of letters to the index): the import, and the publishing of
-- a reader's report, keep the overlapping pairs of letters of each such word of its official and
-- Japanese lines in `letter_pairs`, indexed with the entry's text and never shown. Entries stored before
-- the next import have none, and are found as before.
ALTER TABLE ln_mistakes ADD COLUMN letter_pairs TEXT NOT NULL DEFAULT '';

DROP TRIGGER ln_mistakes_insert;
DROP TRIGGER ln_mistakes_delete;
DROP TRIGGER ln_mistakes_update;
DROP TABLE ln_mistake_index;

CREATE VIRTUAL TABLE ln_mistake_index USING fts5(
  official,
  suggested,
  japanese,
  explanation,
  letter_pairs,
  content = 'ln_mistakes',
  content_rowid = 'seq',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
CREATE TRIGGER ln_mistakes_insert AFTER INSERT ON ln_mistakes BEGIN
  INSERT INTO ln_mistake_index (rowid, official, suggested, japanese, explanation, letter_pairs)
  VALUES (new.seq, new.official, new.suggested, new.japanese, new.explanation, new.letter_pairs);
END;
CREATE TRIGGER ln_mistakes_delete AFTER DELETE ON ln_mistakes BEGIN
  INSERT INTO ln_mistake_index (ln_mistake_index, rowid, official, suggested, japanese, explanation, letter_pairs)
  VALUES ('delete', old.seq, old.official, old.suggested, old.japanese, old.explanation, old.letter_pairs);
END;
CREATE TRIGGER ln_mistakes_update AFTER UPDATE ON ln_mistakes BEGIN
  INSERT INTO ln_mistake_index (ln_mistake_index, rowid, official, suggested, japanese, explanation, letter_pairs)
  VALUES ('delete', old.seq, old.official, old.suggested, old.japanese, old.explanation, old.letter_pairs);
  INSERT INTO ln_mistake_index (rowid, official, suggested, japanese, explanation, letter_pairs)
  VALUES (new.seq, new.official, new.suggested, new.japanese, new.explanation, new.letter_pairs);
END;
INSERT INTO ln_mistake_index (ln_mistake_index) VALUES ('rebuild');
