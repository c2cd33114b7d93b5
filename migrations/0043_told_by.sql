-- Who has been through everything a unit tells (pack/reveals.ts: toldByMap, decision 58): its discussion
-- thread, the comments whose horizon it is and its comment count are gated by it, not by `revealed_by`
-- (who knows what the story reveals at its place). Until the next import, each unit's own readers only:
-- it hides more, never less.
ALTER TABLE story_units ADD COLUMN told_by TEXT NOT NULL DEFAULT '';
UPDATE story_units SET told_by = key;
