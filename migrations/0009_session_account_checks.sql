-- When the reader's account was last looked up at Firebase for this session (epoch seconds; 0: never).
-- Protected requests look it up again once this is a minute old, so a deleted or disabled account, or a
-- moderator whose claim was removed, loses access within a minute, not when the token runs out.
ALTER TABLE sessions ADD COLUMN account_checked_at INTEGER NOT NULL DEFAULT 0;
