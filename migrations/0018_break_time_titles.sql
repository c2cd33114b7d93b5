-- A Break Time short's title is shown to everyone unless the pack flags it (`titleIsSpoiler`), like a
-- chapter's: then it is revealed by the short and by what reveals the episode it accompanies. Until
-- the pack is imported again every title stays gated as before.
ALTER TABLE break_time_episodes ADD COLUMN title_revealed_by TEXT;
UPDATE break_time_episodes
   SET title_revealed_by = TRIM((SELECT revealed_by FROM story_units WHERE key = break_time_episodes.key) || ' ' ||
                                COALESCE((SELECT revealed_by FROM story_units WHERE key = break_time_episodes.accompanies), ''));
