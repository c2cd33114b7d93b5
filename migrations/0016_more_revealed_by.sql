-- Texts that could not be gated before, each with the units that reveal it (app/lib/content/reveals.ts),
-- as the importer works them out from the pack: an arc's summary (`summaryRevealAt`), a side story's
-- title and summary (`revealAt`), and a light novel volume's chapter titles (each inherits the flag of
-- the web novel chapter it is titled after). Until the pack is imported again, an arc's summary and a
-- side story spoil nothing, as before this migration, and a volume's chapter titles are revealed by
-- nothing (the page reads a list whose length does not match as unknown).

ALTER TABLE arcs ADD COLUMN summary_revealed_by TEXT;
ALTER TABLE side_stories ADD COLUMN revealed_by TEXT;
ALTER TABLE ln_volumes ADD COLUMN chapter_titles_revealed_by TEXT NOT NULL DEFAULT '[]'; -- JSON array, one entry per chapter title
