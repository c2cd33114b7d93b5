-- The side stories a light novel volume prints (JSON array of side story keys): a short story
-- collection's, or a bonus story in a main volume. Its readers have read them. Import the pack again
-- after applying this.
ALTER TABLE ln_volumes ADD COLUMN side_stories TEXT NOT NULL DEFAULT '[]';
