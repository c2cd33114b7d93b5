-- Whether the web novel is still being serialized (web-novel.json `ongoing`): its page then says
-- "serialized since …", never an end. Not ongoing until the pack is imported again.
ALTER TABLE series ADD COLUMN web_novel_ongoing INTEGER NOT NULL DEFAULT 0;
