-- The notes hub counts each medium's translation notes, by severity for a reader with the shield off
-- (app/models/mistakes.server.ts: getTranslationMetaHub). Counting the notes reads every one of them, so
-- this table keeps the counts as the notes are written (by the import, a report published, a migration),
-- and a first load reads a row per medium and severity whatever the number of notes. A migration that
-- makes either notes table again makes its triggers again too.
CREATE TABLE translation_note_counts (
  medium TEXT NOT NULL CHECK (medium IN ('light_novel', 'anime')),
  severity TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (medium, severity)
) WITHOUT ROWID;

INSERT INTO translation_note_counts (medium, severity, count)
  SELECT 'light_novel', severity, count(*) FROM ln_mistakes GROUP BY severity
  UNION ALL SELECT 'anime', severity, count(*) FROM anime_mistakes GROUP BY severity;

CREATE TRIGGER ln_mistakes_counted_insert AFTER INSERT ON ln_mistakes BEGIN
  INSERT OR IGNORE INTO translation_note_counts (medium, severity, count) VALUES ('light_novel', NEW.severity, 0);
  UPDATE translation_note_counts SET count = count + 1 WHERE medium = 'light_novel' AND severity = NEW.severity;
END;
CREATE TRIGGER ln_mistakes_counted_delete AFTER DELETE ON ln_mistakes BEGIN
  UPDATE translation_note_counts SET count = count - 1 WHERE medium = 'light_novel' AND severity = OLD.severity;
END;
CREATE TRIGGER ln_mistakes_counted_update AFTER UPDATE OF severity ON ln_mistakes
WHEN OLD.severity IS NOT NEW.severity BEGIN
  UPDATE translation_note_counts SET count = count - 1 WHERE medium = 'light_novel' AND severity = OLD.severity;
  INSERT OR IGNORE INTO translation_note_counts (medium, severity, count) VALUES ('light_novel', NEW.severity, 0);
  UPDATE translation_note_counts SET count = count + 1 WHERE medium = 'light_novel' AND severity = NEW.severity;
END;

CREATE TRIGGER anime_mistakes_counted_insert AFTER INSERT ON anime_mistakes BEGIN
  INSERT OR IGNORE INTO translation_note_counts (medium, severity, count) VALUES ('anime', NEW.severity, 0);
  UPDATE translation_note_counts SET count = count + 1 WHERE medium = 'anime' AND severity = NEW.severity;
END;
CREATE TRIGGER anime_mistakes_counted_delete AFTER DELETE ON anime_mistakes BEGIN
  UPDATE translation_note_counts SET count = count - 1 WHERE medium = 'anime' AND severity = OLD.severity;
END;
CREATE TRIGGER anime_mistakes_counted_update AFTER UPDATE OF severity ON anime_mistakes
WHEN OLD.severity IS NOT NEW.severity BEGIN
  UPDATE translation_note_counts SET count = count - 1 WHERE medium = 'anime' AND severity = OLD.severity;
  INSERT OR IGNORE INTO translation_note_counts (medium, severity, count) VALUES ('anime', NEW.severity, 0);
  UPDATE translation_note_counts SET count = count + 1 WHERE medium = 'anime' AND severity = NEW.severity;
END;

-- A reader who knows some notes has them counted by what reveals them and by severity: with both in one
-- index the count is read from it in one pass, without sorting the notes first.
DROP INDEX ln_mistakes_revealed_by;
DROP INDEX anime_mistakes_revealed_by;
CREATE INDEX ln_mistakes_revealed_by ON ln_mistakes (revealed_by, severity);
CREATE INDEX anime_mistakes_revealed_by ON anime_mistakes (revealed_by, severity);
