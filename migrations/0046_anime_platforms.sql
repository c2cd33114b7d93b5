-- Where the anime's official translation is watched (streaming services, disc releases), from the content
-- pack's anime.json `platforms`: the anime mistranslation form offers them, with "Other", and a report
-- is filed only with one of them. Empty until the pack is imported again, when the form offers "Other" alone.
ALTER TABLE series ADD COLUMN anime_platforms TEXT NOT NULL DEFAULT '[]'; -- JSON array of names
