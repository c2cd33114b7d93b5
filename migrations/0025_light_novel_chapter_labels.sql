-- A light novel chapter's own label as its book prints it ("Prologue", "Chapter 1", "Chapter 123-A",
-- "Afterword"), beside its title, so a volume's chapters are named as the book names them and not
-- numbered by their place in the list (where a prologue would be chapter 1). Written by the content
-- import: one label per chapter, null where the pack does not know it. Until the pack is imported
-- again the lists are empty and each chapter shows its title as stored.
ALTER TABLE ln_volumes ADD COLUMN chapter_labels TEXT NOT NULL DEFAULT '[]'; -- JSON array of string | null

-- The label of a translation note's chapter, from its volume's list (pack entries) or as the reporter
-- wrote a chapter's number ("Chapter 3"); null where it is not known.
ALTER TABLE ln_mistakes ADD COLUMN chapter_label TEXT;
