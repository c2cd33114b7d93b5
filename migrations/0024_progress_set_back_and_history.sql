-- Progress can move back (docs/decisions/0038-progress-can-be-set-back.md). Each account's record has a
-- revision, raised by every write, and the revision and time at which each medium was last set back on
-- purpose (JSON: {"web_novel": {"revision": 7, "at": "…"}}): a save from a device that had not heard of a
-- set-back keeps the account's place in that medium instead of pushing it forward again.
ALTER TABLE reading_progress ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
ALTER TABLE reading_progress ADD COLUMN set_backs TEXT NOT NULL DEFAULT '{}';

-- The last saves of each account's record (app/models/progress.server.ts keeps 20, swept in the batch that
-- writes): the record as saved at each revision, when, and whether it was a set-back, for the reader to
-- look back at and restore.
CREATE TABLE progress_history (
  uid TEXT NOT NULL,
  revision INTEGER NOT NULL,
  progress TEXT NOT NULL,
  saved_at TEXT NOT NULL,
  change TEXT NOT NULL CHECK (change IN ('saved', 'set_back')),
  PRIMARY KEY (uid, revision)
) WITHOUT ROWID;
