-- Who illustrated a volume, as the pack resolves it (the volume's own, else its collection's, else the
-- series'), and its editions: JSON [{language, publisher, title, releasedOn, isbn}], each field null
-- where the pack leaves it out; an edition's title is gated as the volume's own title is. Import the
-- pack again after applying this.
ALTER TABLE ln_volumes ADD COLUMN illustrator TEXT;
ALTER TABLE ln_volumes ADD COLUMN editions TEXT NOT NULL DEFAULT '[]';

-- A Break Time short may accompany no episode (a chibi series released on its own): `accompanies`
-- becomes nullable. SQLite cannot drop NOT NULL from a column a foreign key names, so the table is
-- made again with the same columns; nothing refers to it.
CREATE TABLE break_time_episodes_made_again (
  key TEXT PRIMARY KEY REFERENCES story_units (key) DEFERRABLE INITIALLY DEFERRED,
  season_number INTEGER NOT NULL,
  number INTEGER NOT NULL,
  title TEXT NOT NULL,
  aired_on TEXT,
  accompanies TEXT REFERENCES anime_episodes (key) DEFERRABLE INITIALLY DEFERRED,
  position REAL NOT NULL,
  title_revealed_by TEXT,
  UNIQUE (season_number, number)
);
INSERT INTO break_time_episodes_made_again
  (key, season_number, number, title, aired_on, accompanies, position, title_revealed_by)
  SELECT key, season_number, number, title, aired_on, accompanies, position, title_revealed_by FROM break_time_episodes;
DROP TABLE break_time_episodes;
ALTER TABLE break_time_episodes_made_again RENAME TO break_time_episodes;
