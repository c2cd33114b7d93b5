-- A season's episode may have no title yet: a broadcaster announces episodes by number weeks before it
-- gives their titles, and some series never title theirs (anime.json leaves `title` out). The page then
-- names the episode by its place alone ("Episode 13"), and nothing reads "Title hidden", since nothing is.
-- SQLite cannot drop NOT NULL in place, so the table is made again as 0038 made it: Break Time shorts,
-- adaptation changes and mistakes refer to it by name, so its rows are kept aside, the table is made again
-- and they are put back, and every reference counted as broken while it was gone is whole again before
-- the migration commits.
PRAGMA defer_foreign_keys = on;
CREATE TABLE anime_episodes_kept AS
  SELECT key, season_number, number, title, original_title, adapts_from, adapts_to, adapts_chapters,
    adapts_side_stories, original, volumes, position, aired_on, runtime, part_number, aired_time, time_zone,
    label, title_revealed_by
  FROM anime_episodes;
DROP INDEX anime_episodes_aired_on;
DROP TABLE anime_episodes;
CREATE TABLE anime_episodes (
  key TEXT PRIMARY KEY REFERENCES story_units (key) DEFERRABLE INITIALLY DEFERRED,
  season_number INTEGER NOT NULL REFERENCES anime_seasons (number) DEFERRABLE INITIALLY DEFERRED,
  number INTEGER NOT NULL,
  title TEXT, -- null: not titled (yet)
  original_title TEXT,
  adapts_from TEXT REFERENCES chapters (key) DEFERRABLE INITIALLY DEFERRED,
  adapts_to TEXT REFERENCES chapters (key) DEFERRABLE INITIALLY DEFERRED,
  adapts_chapters TEXT NOT NULL DEFAULT '[]', -- JSON [{from, to}] of chapter keys, in story order
  adapts_side_stories TEXT NOT NULL DEFAULT '[]', -- JSON array of side story keys
  original TEXT,
  volumes TEXT NOT NULL DEFAULT '[]', -- JSON array of volume keys
  position REAL NOT NULL,
  aired_on TEXT,
  runtime INTEGER,
  part_number INTEGER,
  aired_time TEXT,
  time_zone TEXT,
  label TEXT,
  title_revealed_by TEXT,
  UNIQUE (season_number, number)
);
INSERT INTO anime_episodes (key, season_number, number, title, original_title, adapts_from, adapts_to,
    adapts_chapters, adapts_side_stories, original, volumes, position, aired_on, runtime, part_number,
    aired_time, time_zone, label, title_revealed_by)
  SELECT key, season_number, number, title, original_title, adapts_from, adapts_to, adapts_chapters,
    adapts_side_stories, original, volumes, position, aired_on, runtime, part_number, aired_time, time_zone,
    label, title_revealed_by
  FROM anime_episodes_kept;
DROP TABLE anime_episodes_kept;
CREATE INDEX anime_episodes_aired_on ON anime_episodes ((CASE WHEN substr(aired_on, 6, 1) = 'Q' THEN substr(aired_on, 1, 5) || substr('01040710', substr(aired_on, 7, 1) * 2 - 1, 2) ELSE aired_on END));
