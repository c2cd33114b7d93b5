-- Readership counts only established readers: a first save at least a week old and progress saved on
-- more than one day (app/lib/readership.ts). Records from before this column start from their last save.
ALTER TABLE reading_progress ADD COLUMN first_saved_at TEXT NOT NULL DEFAULT '';
UPDATE reading_progress SET first_saved_at = updated_at;
CREATE INDEX reading_progress_first_saved ON reading_progress (first_saved_at);
