-- Texts that could not be gated before, each with the units that reveal it (app/lib/content/reveals.ts),
-- as the importer works them out from the pack: an arc's summary (`summaryRevealAt`), a side story's
-- title and summary (`revealAt`), and a light novel volume's chapter titles (each inherits the flag of
-- the web novel chapter it is titled after). Null (and null entries) spoil nothing, as before this
-- migration, until the pack is imported again.

ALTER TABLE arcs ADD COLUMN summary_revealed_by TEXT;
ALTER TABLE side_stories ADD COLUMN revealed_by TEXT;
ALTER TABLE ln_volumes ADD COLUMN chapter_titles_revealed_by TEXT NOT NULL DEFAULT '[]'; -- JSON array, one entry per chapter title
