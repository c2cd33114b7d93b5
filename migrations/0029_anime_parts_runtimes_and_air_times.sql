-- A season aired in parts (cours), months apart: each part is a run of the season's episodes (numbered
-- as the season numbers them), with its own optional title, its dates (as the pack gives them, else its
-- episodes' first and last) and, in external_ids, its own entries on the tracking services. A title
-- the pack gates (`titleRevealAt`) keeps the units that reveal it in title_revealed_by; an ungated one
-- waits, like an episode's title, for the reader to reach the part's first episode.
CREATE TABLE anime_season_parts (
  season_number INTEGER NOT NULL REFERENCES anime_seasons (number) DEFERRABLE INITIALLY DEFERRED,
  number INTEGER NOT NULL,
  title TEXT,
  title_revealed_by TEXT,
  first_episode INTEGER NOT NULL,
  last_episode INTEGER NOT NULL,
  aired_from TEXT,
  aired_to TEXT,
  PRIMARY KEY (season_number, number)
);

-- How long a season's episodes usually run, in minutes, where the pack says; an episode's own runtime
-- where it gives one (a double-length premiere). Null is not known.
ALTER TABLE anime_seasons ADD COLUMN runtime INTEGER;
ALTER TABLE anime_episodes ADD COLUMN runtime INTEGER;
-- The part of its season an episode aired in; null in a season without parts.
ALTER TABLE anime_episodes ADD COLUMN part_number INTEGER;
-- The broadcast's local time ("00:30") in the broadcaster's IANA time zone ("Asia/Tokyo"), where the
-- pack gives one; aired_on is then the broadcaster's date, the day its wall clock showed.
ALTER TABLE anime_episodes ADD COLUMN aired_time TEXT;
ALTER TABLE anime_episodes ADD COLUMN time_zone TEXT;
