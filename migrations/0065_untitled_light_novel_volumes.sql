-- A light novel volume may have no title yet: a publisher announces a volume by its number (and date)
-- months before it gives its title (light-novels.json leaves `title` out). The page then names the volume
-- by its collection and number alone ("Lanternfall 12"), and nothing reads "Title hidden", since nothing is.
-- SQLite cannot drop NOT NULL in place, so the table is made again with every column as the migrations
-- since 0001 left it (0016, 0025, 0026, 0028, 0041, 0055) and its indexes as 0053 made them: translation
-- notes and what a volume changed refer to it by name, so its rows are kept aside, the table is made again
-- and they are put back, and every reference counted as broken while it was gone is whole again before
-- the migration commits.
PRAGMA defer_foreign_keys = on;
CREATE TABLE ln_volumes_kept AS
  SELECT key, collection_code, number, title, original_title, released_en, isbn, page_count, cover,
    chapter_titles, adapts_from, adapts_to, read_after, position, chapter_titles_revealed_by, chapter_labels,
    released_jp, no_english_edition, illustrator, editions, side_stories, label
  FROM ln_volumes;
DROP INDEX ln_volumes_released_jp;
DROP INDEX ln_volumes_released_en;
DROP TABLE ln_volumes;
CREATE TABLE ln_volumes (
  key TEXT PRIMARY KEY REFERENCES story_units (key) DEFERRABLE INITIALLY DEFERRED,
  collection_code TEXT NOT NULL REFERENCES ln_collections (code) DEFERRABLE INITIALLY DEFERRED,
  number INTEGER NOT NULL,
  title TEXT, -- null: not titled (yet)
  original_title TEXT,
  released_en TEXT,
  isbn TEXT,
  page_count INTEGER,
  cover TEXT,
  chapter_titles TEXT NOT NULL DEFAULT '[]', -- JSON array
  adapts_from TEXT REFERENCES chapters (key) DEFERRABLE INITIALLY DEFERRED,
  adapts_to TEXT REFERENCES chapters (key) DEFERRABLE INITIALLY DEFERRED,
  read_after TEXT REFERENCES story_units (key) DEFERRABLE INITIALLY DEFERRED,
  position REAL NOT NULL,
  chapter_titles_revealed_by TEXT NOT NULL DEFAULT '[]', -- JSON array, one entry per chapter title
  chapter_labels TEXT NOT NULL DEFAULT '[]', -- JSON array of string | null
  released_jp TEXT,
  no_english_edition INTEGER NOT NULL DEFAULT 0 CHECK (no_english_edition IN (0, 1)),
  illustrator TEXT,
  editions TEXT NOT NULL DEFAULT '[]',
  side_stories TEXT NOT NULL DEFAULT '[]',
  label TEXT,
  UNIQUE (collection_code, number)
);
INSERT INTO ln_volumes (key, collection_code, number, title, original_title, released_en, isbn, page_count, cover,
    chapter_titles, adapts_from, adapts_to, read_after, position, chapter_titles_revealed_by, chapter_labels,
    released_jp, no_english_edition, illustrator, editions, side_stories, label)
  SELECT key, collection_code, number, title, original_title, released_en, isbn, page_count, cover,
    chapter_titles, adapts_from, adapts_to, read_after, position, chapter_titles_revealed_by, chapter_labels,
    released_jp, no_english_edition, illustrator, editions, side_stories, label
  FROM ln_volumes_kept;
DROP TABLE ln_volumes_kept;
CREATE INDEX ln_volumes_released_jp ON ln_volumes ((CASE WHEN substr(released_jp, 6, 1) = 'Q' THEN substr(released_jp, 1, 5) || substr('01040710', substr(released_jp, 7, 1) * 2 - 1, 2) ELSE released_jp END));
CREATE INDEX ln_volumes_released_en ON ln_volumes ((CASE WHEN substr(released_en, 6, 1) = 'Q' THEN substr(released_en, 1, 5) || substr('01040710', substr(released_en, 7, 1) * 2 - 1, 2) ELSE released_en END));
