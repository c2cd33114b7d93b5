-- The number a season's episode goes by where the series writes it otherwise than its place in its
-- season (a recap's "13.5", a prologue's "0", an extra's "SP1"; anime.json `label`), which names the
-- episode on every page; null where the episode goes by its number. Import the pack again after applying it.
ALTER TABLE anime_episodes ADD COLUMN label TEXT;
