-- Signed-in readers' progress (the same record the browser keeps), with the columns readership
-- statistics group by, derived when it is saved.
CREATE TABLE reading_progress (
  uid TEXT PRIMARY KEY,
  progress TEXT NOT NULL,        -- JSON, app/lib/progress.ts
  position REAL NOT NULL,        -- furthest story position reached in any medium
  web_novel_arc INTEGER,         -- the arc of the last chapter read
  media TEXT NOT NULL,           -- JSON array of the media the reader tracks
  updated_at TEXT NOT NULL
);
CREATE INDEX reading_progress_arc ON reading_progress (web_novel_arc);
CREATE INDEX reading_progress_updated ON reading_progress (updated_at);
