-- The series as loaded from a content pack. Every unit of the story has a position on one timeline
-- (story_units), and every fact that can spoil carries the position at which it is revealed.

CREATE TABLE series (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  pack TEXT NOT NULL,
  title TEXT NOT NULL,
  original_title TEXT NOT NULL,
  synopsis TEXT NOT NULL,
  author TEXT,
  illustrator TEXT,
  media TEXT NOT NULL -- JSON array of medium names
);

-- One row per chapter, volume, side story, anime episode and Break Time episode.
CREATE TABLE story_units (
  key TEXT PRIMARY KEY,          -- wn:2-14, ln:main-3, ss:slug, anime:1-5, bt:1-5
  medium TEXT NOT NULL CHECK (medium IN ('web_novel', 'light_novels', 'side_stories', 'anime', 'break_time')),
  position REAL NOT NULL,        -- story order; higher is later
  label TEXT NOT NULL,           -- short label, never a spoiler: "Arc 2 · Chapter 14"
  path TEXT NOT NULL             -- where the site shows it
);
CREATE INDEX story_units_position ON story_units (position);

CREATE TABLE arcs (
  number INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  original_title TEXT,
  summary TEXT,
  phases TEXT NOT NULL DEFAULT '[]' -- JSON [{name, fromOrdinal}]
);

CREATE TABLE chapters (
  key TEXT PRIMARY KEY REFERENCES story_units (key) DEFERRABLE INITIALLY DEFERRED,
  arc_number INTEGER NOT NULL REFERENCES arcs (number) DEFERRABLE INITIALLY DEFERRED,
  ordinal INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('prologue', 'chapter', 'interlude', 'epilogue')),
  title TEXT NOT NULL,
  original_title TEXT,
  published_on TEXT NOT NULL,
  word_count INTEGER NOT NULL,
  read_url TEXT,
  translator TEXT,
  position REAL NOT NULL,
  title_reveal_position REAL,    -- null: the title spoils nothing
  UNIQUE (arc_number, ordinal)
);
CREATE INDEX chapters_position ON chapters (position);

CREATE TABLE ln_collections (
  code TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('main', 'side', 'short_stories')),
  description TEXT,
  sort_order INTEGER NOT NULL
);

CREATE TABLE ln_volumes (
  key TEXT PRIMARY KEY REFERENCES story_units (key) DEFERRABLE INITIALLY DEFERRED,
  collection_code TEXT NOT NULL REFERENCES ln_collections (code) DEFERRABLE INITIALLY DEFERRED,
  number INTEGER NOT NULL,
  title TEXT NOT NULL,
  original_title TEXT,
  released_jp TEXT NOT NULL,
  released_en TEXT,
  isbn TEXT,
  page_count INTEGER,
  cover TEXT,
  chapter_titles TEXT NOT NULL DEFAULT '[]', -- JSON array
  adapts_from TEXT REFERENCES chapters (key) DEFERRABLE INITIALLY DEFERRED,
  adapts_to TEXT REFERENCES chapters (key) DEFERRABLE INITIALLY DEFERRED,
  read_after TEXT REFERENCES story_units (key) DEFERRABLE INITIALLY DEFERRED,
  position REAL NOT NULL,
  UNIQUE (collection_code, number)
);

CREATE TABLE side_stories (
  slug TEXT PRIMARY KEY,
  key TEXT NOT NULL UNIQUE REFERENCES story_units (key) DEFERRABLE INITIALLY DEFERRED,
  kind TEXT NOT NULL CHECK (kind IN ('side_volume', 'short_story', 'store_bonus', 'if_route')),
  title TEXT NOT NULL,
  original_title TEXT,
  summary TEXT,
  published_in TEXT NOT NULL,
  published_on TEXT,
  read_after TEXT NOT NULL REFERENCES story_units (key) DEFERRABLE INITIALLY DEFERRED,
  canon INTEGER NOT NULL CHECK (canon IN (0, 1)),
  read_url TEXT,
  position REAL NOT NULL
);
CREATE INDEX side_stories_position ON side_stories (position);

CREATE TABLE anime_seasons (
  number INTEGER PRIMARY KEY,
  title TEXT NOT NULL
);

CREATE TABLE anime_episodes (
  key TEXT PRIMARY KEY REFERENCES story_units (key) DEFERRABLE INITIALLY DEFERRED,
  season_number INTEGER NOT NULL REFERENCES anime_seasons (number) DEFERRABLE INITIALLY DEFERRED,
  number INTEGER NOT NULL,
  title TEXT NOT NULL,
  original_title TEXT,
  aired_on TEXT NOT NULL,
  adapts_from TEXT NOT NULL REFERENCES chapters (key) DEFERRABLE INITIALLY DEFERRED,
  adapts_to TEXT NOT NULL REFERENCES chapters (key) DEFERRABLE INITIALLY DEFERRED,
  volumes TEXT NOT NULL DEFAULT '[]', -- JSON array of volume keys
  position REAL NOT NULL,
  UNIQUE (season_number, number)
);

CREATE TABLE break_time_episodes (
  key TEXT PRIMARY KEY REFERENCES story_units (key) DEFERRABLE INITIALLY DEFERRED,
  season_number INTEGER NOT NULL,
  number INTEGER NOT NULL,
  title TEXT NOT NULL,
  aired_on TEXT,
  accompanies TEXT NOT NULL REFERENCES anime_episodes (key) DEFERRABLE INITIALLY DEFERRED,
  position REAL NOT NULL,
  UNIQUE (season_number, number)
);

CREATE TABLE characters (
  slug TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  original_name TEXT,
  aliases TEXT NOT NULL DEFAULT '[]',      -- JSON array
  affiliations TEXT NOT NULL DEFAULT '[]', -- JSON array (also in character_affiliations for filtering)
  summary TEXT,
  portrait TEXT,
  portrait_alt TEXT,
  portrait_reveal_position REAL,
  first_web_novel TEXT REFERENCES story_units (key) DEFERRABLE INITIALLY DEFERRED,
  first_light_novel TEXT REFERENCES story_units (key) DEFERRABLE INITIALLY DEFERRED,
  first_anime TEXT REFERENCES story_units (key) DEFERRABLE INITIALLY DEFERRED,
  first_medium TEXT,                       -- the medium of the earliest first appearance
  sort_name TEXT NOT NULL                  -- lowercased name for ordering
);
CREATE INDEX characters_sort_name ON characters (sort_name);
CREATE INDEX characters_first_medium ON characters (first_medium, sort_name);

CREATE TABLE character_affiliations (
  character_slug TEXT NOT NULL REFERENCES characters (slug) DEFERRABLE INITIALLY DEFERRED,
  affiliation TEXT NOT NULL,
  PRIMARY KEY (character_slug, affiliation)
);
CREATE INDEX character_affiliations_affiliation ON character_affiliations (affiliation, character_slug);

CREATE TABLE character_facts (
  character_slug TEXT NOT NULL REFERENCES characters (slug) DEFERRABLE INITIALLY DEFERRED,
  sort_order INTEGER NOT NULL,
  label TEXT NOT NULL,
  value TEXT NOT NULL,
  reveal_position REAL,
  PRIMARY KEY (character_slug, sort_order)
);

CREATE TABLE character_relationships (
  character_slug TEXT NOT NULL REFERENCES characters (slug) DEFERRABLE INITIALLY DEFERRED,
  related_slug TEXT NOT NULL REFERENCES characters (slug) DEFERRABLE INITIALLY DEFERRED,
  kind TEXT NOT NULL,
  description TEXT NOT NULL,
  reveal_position REAL,
  PRIMARY KEY (character_slug, related_slug, kind)
);

-- Site search over characters, chapters, volumes and side stories. search_index is an FTS5 index over
-- search_entries, kept in step by the triggers below; the importer writes only search_entries.
CREATE TABLE search_entries (
  id INTEGER PRIMARY KEY,
  ref TEXT NOT NULL UNIQUE, -- character:slug, chapter:wn:1-2, volume:ln:main-1, side_story:slug
  kind TEXT NOT NULL CHECK (kind IN ('character', 'chapter', 'volume', 'side_story')),
  title TEXT NOT NULL,
  subtitle TEXT NOT NULL,
  path TEXT NOT NULL,
  aliases TEXT NOT NULL DEFAULT '',
  body TEXT NOT NULL DEFAULT '',
  reveal_position REAL      -- hidden by the spoiler shield before this point
);

CREATE VIRTUAL TABLE search_index USING fts5(
  title,
  aliases,
  body,
  content = 'search_entries',
  content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);

CREATE TRIGGER search_entries_insert AFTER INSERT ON search_entries BEGIN
  INSERT INTO search_index (rowid, title, aliases, body) VALUES (new.id, new.title, new.aliases, new.body);
END;
CREATE TRIGGER search_entries_delete AFTER DELETE ON search_entries BEGIN
  INSERT INTO search_index (search_index, rowid, title, aliases, body) VALUES ('delete', old.id, old.title, old.aliases, old.body);
END;
CREATE TRIGGER search_entries_update AFTER UPDATE ON search_entries BEGIN
  INSERT INTO search_index (search_index, rowid, title, aliases, body) VALUES ('delete', old.id, old.title, old.aliases, old.body);
  INSERT INTO search_index (rowid, title, aliases, body) VALUES (new.id, new.title, new.aliases, new.body);
END;
