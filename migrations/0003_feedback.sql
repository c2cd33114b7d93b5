-- Reports from signed-in readers, their history, and the per-reader rate limit.

CREATE TABLE reports (
  id TEXT PRIMARY KEY,            -- chosen by the form when it is shown, so a double submit makes one report
  uid TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('bug', 'content', 'ln_mistl', 'feature', 'anime_mistl')),
  title TEXT NOT NULL,            -- one line for lists
  fields TEXT NOT NULL,           -- JSON: the validated form
  status TEXT NOT NULL DEFAULT 'open'
    CHECK (status IN ('open', 'under_review', 'accepted', 'declined', 'duplicate', 'done')),
  duplicate_of TEXT,
  moderator_note TEXT,
  published_entry TEXT,           -- the mistake entry an accepted report became
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX reports_by_reader ON reports (uid, created_at DESC);
CREATE INDEX reports_by_status ON reports (status, kind, created_at DESC);

CREATE TABLE report_history (
  id INTEGER PRIMARY KEY,
  report_id TEXT NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
  at TEXT NOT NULL,
  status TEXT NOT NULL,
  note TEXT,
  by_moderator INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX report_history_by_report ON report_history (report_id, id);

CREATE TABLE rate_limit_hits (
  uid TEXT NOT NULL,
  action TEXT NOT NULL,
  at INTEGER NOT NULL             -- epoch milliseconds
);
CREATE INDEX rate_limit_hits_lookup ON rate_limit_hits (uid, action, at);
