-- What reveals each gated item: the units (unit keys joined by spaces) any of which a reader must have
-- consumed to see it, worked out by the importer from the cross-media map (app/lib/content/reveals.ts).
-- It replaces the single story position as the spoiler rule; positions stay for ordering.
-- Until the pack is imported again, every item that was gated is revealed by nothing ('').

ALTER TABLE story_units ADD COLUMN revealed_by TEXT NOT NULL DEFAULT '';
ALTER TABLE chapters ADD COLUMN title_revealed_by TEXT;
UPDATE chapters SET title_revealed_by = '' WHERE title_reveal_position IS NOT NULL;
ALTER TABLE characters ADD COLUMN portrait_revealed_by TEXT;
UPDATE characters SET portrait_revealed_by = '' WHERE portrait_reveal_position IS NOT NULL;
ALTER TABLE character_facts ADD COLUMN revealed_by TEXT;
UPDATE character_facts SET revealed_by = '' WHERE reveal_position IS NOT NULL;
ALTER TABLE character_relationships ADD COLUMN revealed_by TEXT;
UPDATE character_relationships SET revealed_by = '' WHERE reveal_position IS NOT NULL;
ALTER TABLE search_entries ADD COLUMN revealed_by TEXT;
UPDATE search_entries SET revealed_by = '' WHERE reveal_position IS NOT NULL;
ALTER TABLE ln_mistakes ADD COLUMN revealed_by TEXT NOT NULL DEFAULT '';
ALTER TABLE anime_mistakes ADD COLUMN revealed_by TEXT NOT NULL DEFAULT '';
-- Entries published from reader reports are not in the pack: each is revealed by its own volume or
-- episode (new ones copy what reveals their unit when they are published).
UPDATE ln_mistakes SET revealed_by = volume_key WHERE source = 'report';
UPDATE anime_mistakes SET revealed_by = episode_key WHERE source = 'report';
