-- What reaches a Break Time short's title when the pack does not flag it (pack/reveals.ts: shortReachedBy):
-- the short, the episode it aired with and whatever covers that episode's place (the recut episodes that
-- hold it, the web novel chapter, the light novel volume), as a flagged title is revealed. The short's
-- `story_units.revealed_by` (itself and its episode) still gates what it tells. Until the next import,
-- that: it hides more, never less.
ALTER TABLE break_time_episodes ADD COLUMN title_reached_by TEXT NOT NULL DEFAULT '';
UPDATE break_time_episodes
SET title_reached_by = COALESCE((SELECT revealed_by FROM story_units WHERE story_units.key = break_time_episodes.key), key);
