-- Two more kinds of web novel entry: an extra (a bonus chapter outside the count, "番外編", "SS") and an
-- afterword (the author's words closing an arc). SQLite cannot change a CHECK constraint in place, so the
-- kind is copied into a column with the wider one, which then takes its name.
ALTER TABLE chapters ADD COLUMN kind_widened TEXT NOT NULL DEFAULT 'chapter'
  CHECK (kind_widened IN ('prologue', 'chapter', 'interlude', 'extra', 'epilogue', 'afterword'));
UPDATE chapters SET kind_widened = kind;
ALTER TABLE chapters DROP COLUMN kind;
ALTER TABLE chapters RENAME COLUMN kind_widened TO kind;
