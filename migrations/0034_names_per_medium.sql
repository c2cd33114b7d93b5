-- A character's name per medium and per translation (characters.json `mediumNames`): "Felix" in the
-- anime where the light novels say "Ferris". A JSON list of { medium, translation, name, revealedBy },
-- in the pack's order; `revealedBy` null for a name said wherever the character is met.
ALTER TABLE characters ADD COLUMN medium_names TEXT NOT NULL DEFAULT '[]';
