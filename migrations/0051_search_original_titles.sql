-- A hit's title as first written (a Japanese original title), shown under its title where the reader's
-- words are in that script, gated with the hit. It is also among the entry's names (`aliases`), which the
-- full-text index reads; this column is only what the results show.
ALTER TABLE search_entries ADD COLUMN original_title TEXT;
