-- A side story may be a game's story (kind 'game_story'), and says where it can be found: JSON
-- [{name, url, until}], each field null where the pack leaves it out; `until` is when it stopped being
-- there. SQLite cannot widen a CHECK constraint in place, so the table is made again with the same
-- columns and the new one; nothing refers to it. Import the pack again after applying this.
CREATE TABLE side_stories_made_again (
  slug TEXT PRIMARY KEY,
  key TEXT NOT NULL UNIQUE REFERENCES story_units (key) DEFERRABLE INITIALLY DEFERRED,
  kind TEXT NOT NULL CHECK (kind IN ('side_volume', 'short_story', 'store_bonus', 'if_route', 'game_story')),
  title TEXT NOT NULL,
  original_title TEXT,
  summary TEXT,
  published_in TEXT NOT NULL,
  published_on TEXT,
  read_after TEXT NOT NULL REFERENCES story_units (key) DEFERRABLE INITIALLY DEFERRED,
  canon INTEGER NOT NULL CHECK (canon IN (0, 1)),
  read_url TEXT,
  position REAL NOT NULL,
  revealed_by TEXT,
  found_in TEXT NOT NULL DEFAULT '[]'
);
INSERT INTO side_stories_made_again
  (slug, key, kind, title, original_title, summary, published_in, published_on, read_after, canon, read_url, position, revealed_by)
  SELECT slug, key, kind, title, original_title, summary, published_in, published_on, read_after, canon, read_url, position, revealed_by
  FROM side_stories;
DROP TABLE side_stories;
ALTER TABLE side_stories_made_again RENAME TO side_stories;
CREATE INDEX side_stories_position ON side_stories (position);
