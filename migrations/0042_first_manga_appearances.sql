-- The manga chapter a character first appears in, worked out at import from what the manga's chapters
-- adapt (the pack records no manga appearances: decision 55). Import the pack again after applying this.
ALTER TABLE characters ADD COLUMN first_manga TEXT REFERENCES story_units (key) DEFERRABLE INITIALLY DEFERRED;
