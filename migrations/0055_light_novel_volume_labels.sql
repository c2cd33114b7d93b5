-- The number a light novel volume goes by where the series writes it otherwise than its place in its
-- collection ("7.5", "EX", "0"; light-novels.json `label`), which names the volume on every page; null
-- where the volume goes by its number. Import the pack again after applying it.
ALTER TABLE ln_volumes ADD COLUMN label TEXT;
