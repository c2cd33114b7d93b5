-- A manga volume's English edition (manga.json `releasedEn`, decision 74), stored as a light novel volume's
-- is (migration 0026): its date at its precision, or `no_english_edition` = 1 where the pack states there is
-- none yet; neither where it is not known. Its date is a release of its own, read along an index on the
-- earliest it can be, the expression `dateOrder` writes (migration 0053). Null and 0 until the pack is
-- imported again.
ALTER TABLE manga_volumes ADD COLUMN released_en TEXT;
ALTER TABLE manga_volumes ADD COLUMN no_english_edition INTEGER NOT NULL DEFAULT 0 CHECK (no_english_edition IN (0, 1));
CREATE INDEX manga_volumes_released_en ON manga_volumes ((CASE WHEN substr(released_en, 6, 1) = 'Q' THEN substr(released_en, 1, 5) || substr('01040710', substr(released_en, 7, 1) * 2 - 1, 2) ELSE released_en END));
