-- What reaches a unit's title when the pack does not flag it (pack/reveals.ts: titleReachMap): the unit's
-- revealers (`revealed_by`) and the manga chapters that cover the web novel chapter a volume, an episode,
-- a recut's episode, an OVA or special or a manga chapter reaches, whose readers read their series in
-- order up to that place, though what the unit reveals is no more theirs than before (decision 49); a
-- Break Time short's, its own revealers and what reaches its episode. It is every unit's now, so a short's
-- moves here from break_time_episodes.title_reached_by (migration 0047). `revealed_by` still gates
-- everything the unit reveals and every flagged title. Until the next import, the revealers (a short's,
-- what 0047 stored): it hides as much as before, never less.
ALTER TABLE story_units ADD COLUMN title_reached_by TEXT NOT NULL DEFAULT '';
UPDATE story_units
SET title_reached_by = COALESCE(
  (SELECT b.title_reached_by FROM break_time_episodes b WHERE b.key = story_units.key AND b.title_reached_by <> ''),
  revealed_by
);
ALTER TABLE break_time_episodes DROP COLUMN title_reached_by;
