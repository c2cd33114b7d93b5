-- What the site calls itself (its name, the short name under an installed app's icon, its description),
-- from the content pack's series.json `site`, else made from the series' title. Written by the content
-- import, which also publishes it to KV (REDIRECTS, key `site-identity`) where every request reads it;
-- empty until the pack is imported again, when the site goes on using what KV holds.
ALTER TABLE series ADD COLUMN site_name TEXT NOT NULL DEFAULT '';
ALTER TABLE series ADD COLUMN site_short_name TEXT NOT NULL DEFAULT '';
ALTER TABLE series ADD COLUMN site_description TEXT NOT NULL DEFAULT '';
