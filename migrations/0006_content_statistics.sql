-- The statistics page's numbers, computed from the content pack when it is imported
-- (app/lib/content/statistics.ts) and written in the same atomic batch as the content, so
-- /statistics reads a few small rows instead of aggregating every chapter and volume per request.
CREATE TABLE content_statistics (
  chart TEXT NOT NULL,
  position INTEGER NOT NULL,
  label TEXT NOT NULL,
  value INTEGER NOT NULL,
  PRIMARY KEY (chart, position)
);
