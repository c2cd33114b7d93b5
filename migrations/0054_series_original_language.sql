-- The language the series was first written in (series.json `originalLanguage`, a BCP 47 tag such as
-- "ja", "ko" or "zh-Hans"), which the site marks every original title and name with. Written by the
-- content import beside the site's identity, and published to KV with it; Japanese until the pack is
-- imported again.
ALTER TABLE series ADD COLUMN original_language TEXT NOT NULL DEFAULT 'ja';
