-- An arc's title that gives something away (web-novel.json `titleRevealAt`): the units that reveal it,
-- or null where the title spoils nothing. Until a reader knows one of them, the arc is "Arc 8" alone.
-- Public until the pack is imported again.
ALTER TABLE arcs ADD COLUMN title_revealed_by TEXT;
