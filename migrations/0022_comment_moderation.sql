-- Discussion moderation (docs/discussion.md): readers report comments, moderators tell a writer why
-- they moved or hid a comment, and a writer's standing (their strikes) is read from the history.

-- A moderator's words to the writer on a decision, shown on the writer's "Your discussion" page.
ALTER TABLE comment_history ADD COLUMN reason TEXT;

-- A reader's report of a comment: a spoiler (with the unit they think it needs) or abuse. One report
-- a reader and comment; a moderator's decision on the comment closes its open reports.
CREATE TABLE comment_reports (
  id INTEGER PRIMARY KEY,
  comment_id INTEGER NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
  uid TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('spoiler', 'abuse')),
  needs TEXT,                       -- a spoiler report's unit: what a reader should have seen first
  note TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  created_at TEXT NOT NULL,
  UNIQUE (comment_id, uid)
);
-- The moderators' queue: open reports, oldest first, and a comment's reports.
CREATE INDEX comment_reports_open ON comment_reports (comment_id) WHERE status = 'open';
