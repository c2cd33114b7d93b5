-- Where the series is listed on the tracking services readers keep lists on (MyAnimeList, Novel
-- Updates), written by the content import from the pack's `externalIds`: each id names one anime
-- season (target: its number), light novel collection (its code) or the web novel (''). The reading
-- tracker reads them with its timeline to import a reader's progress from those services' exports.
CREATE TABLE external_ids (
  service TEXT NOT NULL CHECK (service IN ('myanimelist', 'novelupdates')),
  list TEXT NOT NULL CHECK (list IN ('anime', 'manga', 'series')),
  external_id TEXT NOT NULL,
  medium TEXT NOT NULL CHECK (medium IN ('anime', 'light_novels', 'web_novel')),
  target TEXT NOT NULL,
  PRIMARY KEY (service, list, external_id)
);
