-- Who draws a manga series and who publishes it (manga.json `artist`, `publisher`), as the series credits
-- them: an adaptation's art is rarely the author's. Null where the pack does not say, until it is
-- imported again.
ALTER TABLE manga_series ADD COLUMN artist TEXT;
ALTER TABLE manga_series ADD COLUMN publisher TEXT;
