-- Server-side sessions, so signing out, deleting an account or losing the moderator role takes effect at
-- once (a copied cookie stops working), and report ids the server chooses.

-- One row per signed-in browser. The cookie holds a random secret beside the ID token; only its SHA-256
-- is stored here, so a copy of this table opens no session.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,              -- hex SHA-256 of the cookie's session secret
  uid TEXT NOT NULL,
  moderator INTEGER NOT NULL CHECK (moderator IN (0, 1)), -- the token's admin claim, as of its newest token
  token_issued_at INTEGER NOT NULL, -- iat of the newest token posted for it (epoch seconds)
  created_at TEXT NOT NULL,
  expires_at INTEGER NOT NULL       -- epoch seconds
);
CREATE INDEX sessions_by_reader ON sessions (uid, expires_at);

-- After a sign-out, tokens issued up to then cannot start a new session (a copied token is no way back in).
CREATE TABLE session_revocations (
  uid TEXT PRIMARY KEY,
  issued_up_to INTEGER NOT NULL     -- epoch seconds
);

-- The form's submission id makes a double submit one report, per reader; the report's own id (and the
-- published entry's) is chosen by the server.
ALTER TABLE reports ADD COLUMN submission_id TEXT;
UPDATE reports SET submission_id = id;
CREATE UNIQUE INDEX reports_by_submission ON reports (uid, submission_id);

-- Triage pages through every report, filtered by kind or status, newest or oldest first.
CREATE INDEX reports_by_kind ON reports (kind, created_at, id);
CREATE INDEX reports_by_created ON reports (created_at, id);
