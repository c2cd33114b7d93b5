-- Versions of a season that re-cut its episodes (a re-edited broadcast: decision 45). A recut has its own
-- title, dates, runtime and, in external_ids (target "<season>r<recut>"), its own entries on the tracking
-- services. Each of its episodes is a story unit of its own (anime:1r1-2), read along the recut's own
-- line: `contents` lists the season's episodes it holds, JSON [{episode, part, complete}] in the order it
-- shows them (episode: the season's episode key; part: null for a whole episode; complete: 1 where this
-- holds the episode's last part, so its viewers have watched all of it); `new_scenes` the scenes none of
-- the season's episodes has, JSON [{note, chaptersFrom, chaptersTo}], gated with the episode.
CREATE TABLE anime_recuts (
  season_number INTEGER NOT NULL REFERENCES anime_seasons (number) DEFERRABLE INITIALLY DEFERRED,
  number INTEGER NOT NULL,
  title TEXT NOT NULL,
  original_title TEXT,
  runtime INTEGER,
  time_zone TEXT,
  aired_from TEXT,
  aired_to TEXT,
  PRIMARY KEY (season_number, number)
);

CREATE TABLE anime_recut_episodes (
  key TEXT PRIMARY KEY REFERENCES story_units (key) DEFERRABLE INITIALLY DEFERRED,
  season_number INTEGER NOT NULL,
  recut_number INTEGER NOT NULL,
  number INTEGER NOT NULL,
  title TEXT NOT NULL,
  original_title TEXT,
  aired_on TEXT,
  aired_time TEXT,
  runtime INTEGER,
  contents TEXT NOT NULL,
  new_scenes TEXT NOT NULL DEFAULT '[]',
  position REAL NOT NULL,
  UNIQUE (season_number, recut_number, number),
  FOREIGN KEY (season_number, recut_number) REFERENCES anime_recuts (season_number, number) DEFERRABLE INITIALLY DEFERRED
);
