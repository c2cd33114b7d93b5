-- A reply is behind what its comment touched when it was written (docs/discussion.md): a moderator who
-- later moves the comment, lowering it to show it to more readers, does not show them the replies,
-- whose writers answered it knowing what it touched then.

-- The comment's horizon when the reply was posted, or the reply's own horizon as a moderator last
-- re-stamped it (their decision says all it touches); NULL for a comment.
ALTER TABLE comments ADD COLUMN answered_horizon TEXT;

-- Replies already posted: a moderator's latest re-stamp of the reply itself; else the comment's horizon
-- when the reply was posted, from the comment's history (posted, edited to another horizon, re-stamped);
-- else, with no history to read, the comment's horizon as it is.
UPDATE comments
SET answered_horizon = coalesce(
  (SELECT h.horizon FROM comment_history AS h
    WHERE h.comment_id = comments.id AND h.action = 'restamped' AND h.horizon IS NOT NULL
    ORDER BY h.id DESC LIMIT 1),
  (SELECT h.horizon FROM comment_history AS h
    WHERE h.comment_id = comments.parent_id AND h.horizon IS NOT NULL AND h.at <= comments.created_at
    ORDER BY h.at DESC, h.id DESC LIMIT 1),
  (SELECT p.horizon FROM comments AS p WHERE p.id = comments.parent_id)
)
WHERE parent_id IS NOT NULL;
