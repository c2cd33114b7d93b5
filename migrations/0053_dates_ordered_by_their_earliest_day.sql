-- A story date may be known to a quarter of a year, written 2027-Q2 (decision 69). Stored as written, its
-- text would sort after the year's last day, so the releases are ordered by the earliest each date can be,
-- a quarter written as its first month (2027-04), as `dateOrder` (app/models/story-dates.server.ts)
-- writes it; every date's index is made again on that expression, so each kind of release is still read
-- along its index, only as far as a page needs (decision 51). The expression must stay the same in both
-- places: SQLite uses the index only for the very expression it was built on. Days, months and years
-- sort as before, so nothing need be imported again.
DROP INDEX chapters_published_on;
CREATE INDEX chapters_published_on ON chapters ((CASE WHEN substr(published_on, 6, 1) = 'Q' THEN substr(published_on, 1, 5) || substr('01040710', substr(published_on, 7, 1) * 2 - 1, 2) ELSE published_on END));
DROP INDEX ln_volumes_released_jp;
CREATE INDEX ln_volumes_released_jp ON ln_volumes ((CASE WHEN substr(released_jp, 6, 1) = 'Q' THEN substr(released_jp, 1, 5) || substr('01040710', substr(released_jp, 7, 1) * 2 - 1, 2) ELSE released_jp END));
DROP INDEX ln_volumes_released_en;
CREATE INDEX ln_volumes_released_en ON ln_volumes ((CASE WHEN substr(released_en, 6, 1) = 'Q' THEN substr(released_en, 1, 5) || substr('01040710', substr(released_en, 7, 1) * 2 - 1, 2) ELSE released_en END));
DROP INDEX anime_episodes_aired_on;
CREATE INDEX anime_episodes_aired_on ON anime_episodes ((CASE WHEN substr(aired_on, 6, 1) = 'Q' THEN substr(aired_on, 1, 5) || substr('01040710', substr(aired_on, 7, 1) * 2 - 1, 2) ELSE aired_on END));
DROP INDEX anime_recut_episodes_aired_on;
CREATE INDEX anime_recut_episodes_aired_on ON anime_recut_episodes ((CASE WHEN substr(aired_on, 6, 1) = 'Q' THEN substr(aired_on, 1, 5) || substr('01040710', substr(aired_on, 7, 1) * 2 - 1, 2) ELSE aired_on END));
DROP INDEX break_time_episodes_aired_on;
CREATE INDEX break_time_episodes_aired_on ON break_time_episodes ((CASE WHEN substr(aired_on, 6, 1) = 'Q' THEN substr(aired_on, 1, 5) || substr('01040710', substr(aired_on, 7, 1) * 2 - 1, 2) ELSE aired_on END));
DROP INDEX anime_specials_released_on;
CREATE INDEX anime_specials_released_on ON anime_specials ((CASE WHEN substr(released_on, 6, 1) = 'Q' THEN substr(released_on, 1, 5) || substr('01040710', substr(released_on, 7, 1) * 2 - 1, 2) ELSE released_on END));
DROP INDEX side_stories_published_on;
CREATE INDEX side_stories_published_on ON side_stories ((CASE WHEN substr(published_on, 6, 1) = 'Q' THEN substr(published_on, 1, 5) || substr('01040710', substr(published_on, 7, 1) * 2 - 1, 2) ELSE published_on END));
DROP INDEX manga_chapters_published_on;
CREATE INDEX manga_chapters_published_on ON manga_chapters ((CASE WHEN substr(published_on, 6, 1) = 'Q' THEN substr(published_on, 1, 5) || substr('01040710', substr(published_on, 7, 1) * 2 - 1, 2) ELSE published_on END));
DROP INDEX manga_volumes_released_on;
CREATE INDEX manga_volumes_released_on ON manga_volumes ((CASE WHEN substr(released_on, 6, 1) = 'Q' THEN substr(released_on, 1, 5) || substr('01040710', substr(released_on, 7, 1) * 2 - 1, 2) ELSE released_on END));
