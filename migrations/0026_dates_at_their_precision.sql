-- A story date is kept at the precision its source gives: a day (2016-10-12), a month (2016-10) or a
-- year (2016), as the pack writes it, so the text's length is its precision (app/lib/content/dates.ts);
-- a date not known, and a chapter's unknown word count, are null. SQLite cannot drop NOT NULL in place,
-- so each such column is copied into a nullable one of the same name, and its release-date index
-- (migration 0007) is made again on it. Import the pack again after applying this.
DROP INDEX chapters_published_on;
ALTER TABLE chapters ADD COLUMN published_on_known TEXT;
UPDATE chapters SET published_on_known = published_on;
ALTER TABLE chapters DROP COLUMN published_on;
ALTER TABLE chapters RENAME COLUMN published_on_known TO published_on;
CREATE INDEX chapters_published_on ON chapters (published_on);

-- The number the series itself gives a web novel entry ("26", "123-A"), null where it gives none: the
-- unit's label already says its name; this lets the home page name the chapter after a reader's place.
ALTER TABLE chapters ADD COLUMN label TEXT;

ALTER TABLE chapters ADD COLUMN word_count_known INTEGER;
UPDATE chapters SET word_count_known = word_count;
ALTER TABLE chapters DROP COLUMN word_count;
ALTER TABLE chapters RENAME COLUMN word_count_known TO word_count;

DROP INDEX ln_volumes_released_jp;
ALTER TABLE ln_volumes ADD COLUMN released_jp_known TEXT;
UPDATE ln_volumes SET released_jp_known = released_jp;
ALTER TABLE ln_volumes DROP COLUMN released_jp;
ALTER TABLE ln_volumes RENAME COLUMN released_jp_known TO released_jp;
CREATE INDEX ln_volumes_released_jp ON ln_volumes (released_jp);

-- 1 where the pack states the volume has no English edition (yet): the site says "Not yet" only then,
-- and "date unknown" where released_en is null because the date is simply not known.
ALTER TABLE ln_volumes ADD COLUMN no_english_edition INTEGER NOT NULL DEFAULT 0 CHECK (no_english_edition IN (0, 1));
-- Until the pack is imported again, a volume without an English date keeps reading as it did.
UPDATE ln_volumes SET no_english_edition = 1 WHERE released_en IS NULL;

DROP INDEX anime_episodes_aired_on;
ALTER TABLE anime_episodes ADD COLUMN aired_on_known TEXT;
UPDATE anime_episodes SET aired_on_known = aired_on;
ALTER TABLE anime_episodes DROP COLUMN aired_on;
ALTER TABLE anime_episodes RENAME COLUMN aired_on_known TO aired_on;
CREATE INDEX anime_episodes_aired_on ON anime_episodes (aired_on);
