-- A web novel entry's number on the site that serializes it (the page number in its address), which
-- trackers such as Novel Updates count by: a reader's "c45" is the entry numbered 45 there, whatever
-- its place in reading order. NULL where the pack does not give it.
ALTER TABLE chapters ADD COLUMN serial_number INTEGER;
