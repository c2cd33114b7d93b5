-- A season's episode adapts one or more runs of web novel chapters and side stories, or nothing (an
-- anime-original episode, whose note is `original`), as an OVA, special or film does. `adapts_chapters`
-- holds its runs (JSON [{from, to}] of chapter keys, in story order), `adapts_side_stories` the side
-- stories it tells (JSON array of keys); `adapts_from` and `adapts_to` stay the first and the last
-- chapter it adapts, and are null for an episode that adapts no chapter. SQLite cannot drop NOT NULL in
-- place, so the table is made again: Break Time shorts, adaptation changes and mistakes refer to it by
-- name, so its rows are kept aside, the table is made again and they are put back (as 0033 does for
-- story_units), and every reference counted as broken while it was gone is whole again before the
-- migration commits. Import the pack again after applying this.
PRAGMA defer_foreign_keys = on;
CREATE TABLE anime_episodes_kept AS
  SELECT key, season_number, number, title, original_title, adapts_from, adapts_to, volumes, position, aired_on,
    runtime, part_number, aired_time, time_zone
  FROM anime_episodes;
DROP INDEX anime_episodes_aired_on;
DROP TABLE anime_episodes;
CREATE TABLE anime_episodes (
  key TEXT PRIMARY KEY REFERENCES story_units (key) DEFERRABLE INITIALLY DEFERRED,
  season_number INTEGER NOT NULL REFERENCES anime_seasons (number) DEFERRABLE INITIALLY DEFERRED,
  number INTEGER NOT NULL,
  title TEXT NOT NULL,
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
  UNIQUE (season_number, number)
);
INSERT INTO anime_episodes (key, season_number, number, title, original_title, adapts_from, adapts_to,
    adapts_chapters, volumes, position, aired_on, runtime, part_number, aired_time, time_zone)
  SELECT key, season_number, number, title, original_title, adapts_from, adapts_to,
    json_array(json_object('from', adapts_from, 'to', adapts_to)), volumes, position, aired_on, runtime,
    part_number, aired_time, time_zone
  FROM anime_episodes_kept;
DROP TABLE anime_episodes_kept;
CREATE INDEX anime_episodes_aired_on ON anime_episodes (aired_on);
