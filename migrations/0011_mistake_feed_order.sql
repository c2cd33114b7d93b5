-- The Atom feed reads the newest 50 entries of each medium by when they last changed: with these,
-- SQLite walks the expression index from the newest end and stops, instead of sorting every entry.
-- (The query must order by exactly this expression for SQLite to use the index.)
CREATE INDEX ln_mistakes_changed_on ON ln_mistakes (COALESCE(updated_on, added_on));
CREATE INDEX anime_mistakes_changed_on ON anime_mistakes (COALESCE(updated_on, added_on));
