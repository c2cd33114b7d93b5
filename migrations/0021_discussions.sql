-- Discussion: a thread for every story unit, of comments and one level of replies, each behind the
-- spoiler shield by its horizon (docs/discussion.md).

CREATE TABLE comments (
  id INTEGER PRIMARY KEY,
  unit TEXT NOT NULL,               -- the thread: a story unit's key (wn:3-12, anime:1-5 …)
  parent_id INTEGER REFERENCES comments (id), -- a reply's comment; NULL for a comment
  uid TEXT NOT NULL,                -- the writer's account (never sent to a page)
  writer TEXT NOT NULL,             -- what pages know the writer by: a digest of the account id (app/lib/discussion/writer.ts)
  author TEXT NOT NULL,             -- the writer's name as shown, taken when they posted
  body TEXT NOT NULL,               -- plain text, normalised (app/lib/discussion/comment-text.ts); '' once deleted
  horizon TEXT NOT NULL,            -- the unit a reader must have consumed to see it (the thread's, or raised)
  writer_knew TEXT NOT NULL,        -- what the writer had seen when posting, as the reveal parameter writes it
  writer_places TEXT NOT NULL,      -- JSON: the writer's furthest unit on each line, for the stamp
  submission_id TEXT NOT NULL,      -- chosen by the form when it is shown, so a double submit posts once
  status TEXT NOT NULL DEFAULT 'shown' CHECK (status IN ('shown', 'hidden', 'deleted')),
  created_at TEXT NOT NULL,
  edited_at TEXT,
  UNIQUE (uid, submission_id)
);
-- A thread's page: its comments in order, then the replies of those on the page.
CREATE INDEX comments_by_thread ON comments (unit, parent_id, id);
CREATE INDEX comments_by_parent ON comments (parent_id, id) WHERE parent_id IS NOT NULL;
-- A writer's own comments: the duplicate check, replies to them.
CREATE INDEX comments_by_writer ON comments (uid, unit);

-- Everything that happened to a comment: posted, edited (with the text before), deleted, and each
-- moderator's decision, for moderators.
CREATE TABLE comment_history (
  id INTEGER PRIMARY KEY,
  comment_id INTEGER NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
  at TEXT NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('posted', 'edited', 'deleted', 'hidden', 'restored', 'restamped')),
  by_uid TEXT NOT NULL,
  horizon TEXT,                     -- the horizon after a re-stamp
  body TEXT                         -- the text before an edit
);
CREATE INDEX comment_history_by_comment ON comment_history (comment_id, id);

-- Posting is limited like reports: the limit's table takes a third action.
CREATE TABLE rate_limit_windows_next (
  client TEXT NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('report', 'api', 'comment')),
  span TEXT NOT NULL CHECK (span IN ('minute', 'day')),
  used INTEGER NOT NULL,
  ends INTEGER NOT NULL,            -- epoch milliseconds
  PRIMARY KEY (client, action, span)
);
INSERT INTO rate_limit_windows_next SELECT client, action, span, used, ends FROM rate_limit_windows;
DROP TABLE rate_limit_windows;
ALTER TABLE rate_limit_windows_next RENAME TO rate_limit_windows;
CREATE INDEX rate_limit_windows_by_end ON rate_limit_windows (ends);
