-- An OVA, special or film and a Break Time short may have no title yet: a series announces them by their
-- number and date before it gives their titles (anime.json leaves `title` out). The page then names each
-- by its place alone ("OVA 3", "Season 1 · Break Time 3"), and nothing reads "Title hidden",
-- since nothing is. SQLite cannot drop NOT NULL in place, so each table is made again as the latest
-- migration made it (anime_specials as 0033 did, its indexes as 0040 and 0053 did; break_time_episodes as
-- 0028 did, with 0049's column gone and 0053's index). Nothing refers to either table by name.
CREATE TABLE anime_specials_made_again (
  slug TEXT PRIMARY KEY,
  key TEXT NOT NULL UNIQUE REFERENCES story_units (key) DEFERRABLE INITIALLY DEFERRED,
  kind TEXT NOT NULL CHECK (kind IN ('ova', 'special', 'film')),
  title TEXT, -- null: not titled (yet)
  original_title TEXT,
  title_revealed_by TEXT,
  synopsis TEXT,
  released_on TEXT,
  runtime INTEGER,
  adapts_chapters TEXT NOT NULL DEFAULT '[]', -- JSON [{from, to}] of chapter keys
  adapts_side_stories TEXT NOT NULL DEFAULT '[]', -- JSON array of side story keys
  original TEXT,
  watch_after TEXT REFERENCES story_units (key) DEFERRABLE INITIALLY DEFERRED,
  position REAL NOT NULL,
  sort_order INTEGER NOT NULL
);
INSERT INTO anime_specials_made_again (slug, key, kind, title, original_title, title_revealed_by, synopsis,
    released_on, runtime, adapts_chapters, adapts_side_stories, original, watch_after, position, sort_order)
  SELECT slug, key, kind, title, original_title, title_revealed_by, synopsis, released_on, runtime,
    adapts_chapters, adapts_side_stories, original, watch_after, position, sort_order
  FROM anime_specials;
DROP TABLE anime_specials;
ALTER TABLE anime_specials_made_again RENAME TO anime_specials;
CREATE INDEX anime_specials_released_on ON anime_specials ((CASE WHEN substr(released_on, 6, 1) = 'Q' THEN substr(released_on, 1, 5) || substr('01040710', substr(released_on, 7, 1) * 2 - 1, 2) ELSE released_on END));
CREATE INDEX anime_specials_sort_order ON anime_specials (sort_order);
CREATE INDEX anime_specials_watch_after ON anime_specials (watch_after);

CREATE TABLE break_time_episodes_made_again (
  key TEXT PRIMARY KEY REFERENCES story_units (key) DEFERRABLE INITIALLY DEFERRED,
  season_number INTEGER NOT NULL,
  number INTEGER NOT NULL,
  title TEXT, -- null: not titled (yet)
  aired_on TEXT,
  accompanies TEXT REFERENCES anime_episodes (key) DEFERRABLE INITIALLY DEFERRED,
  position REAL NOT NULL,
  title_revealed_by TEXT,
  UNIQUE (season_number, number)
);
INSERT INTO break_time_episodes_made_again
    (key, season_number, number, title, aired_on, accompanies, position, title_revealed_by)
  SELECT key, season_number, number, title, aired_on, accompanies, position, title_revealed_by
  FROM break_time_episodes;
DROP TABLE break_time_episodes;
ALTER TABLE break_time_episodes_made_again RENAME TO break_time_episodes;
CREATE INDEX break_time_episodes_aired_on ON break_time_episodes ((CASE WHEN substr(aired_on, 6, 1) = 'Q' THEN substr(aired_on, 1, 5) || substr('01040710', substr(aired_on, 7, 1) * 2 - 1, 2) ELSE aired_on END));
