-- Home's latest releases read the newest two of each kind: with these, SQLite walks each index from
-- the newest end and stops, instead of sorting every chapter, volume and episode per view.
CREATE INDEX chapters_published_on ON chapters (published_on);
CREATE INDEX ln_volumes_released_jp ON ln_volumes (released_jp);
CREATE INDEX anime_episodes_aired_on ON anime_episodes (aired_on);
