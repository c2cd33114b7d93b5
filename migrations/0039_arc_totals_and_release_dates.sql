-- Each arc's totals, counted when a pack is imported (decision 51) instead of summing every chapter of
-- every arc on each view of the web novel page: its chapters, their words, how many have no word count
-- and how many no date, and its first and last chapter's dates (the earliest and latest as the pack
-- writes them: YYYY-MM-DD, YYYY-MM or YYYY; NULL when no chapter of it is dated). Import the pack again
-- after applying this.
ALTER TABLE arcs ADD COLUMN chapter_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE arcs ADD COLUMN word_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE arcs ADD COLUMN chapters_without_words INTEGER NOT NULL DEFAULT 0;
ALTER TABLE arcs ADD COLUMN chapters_undated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE arcs ADD COLUMN started_on TEXT;
ALTER TABLE arcs ADD COLUMN ended_on TEXT;

-- Every kind of release is read along an index of its date (decision 51): the releases page, the feeds
-- and the home page read only the newest or the soonest of each, however many the story has. These four
-- dates had none.
CREATE INDEX ln_volumes_released_en ON ln_volumes (released_en);
CREATE INDEX anime_recut_episodes_aired_on ON anime_recut_episodes (aired_on);
CREATE INDEX break_time_episodes_aired_on ON break_time_episodes (aired_on);
CREATE INDEX side_stories_published_on ON side_stories (published_on);
