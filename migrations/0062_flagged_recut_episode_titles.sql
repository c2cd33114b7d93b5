-- A recut's episode whose title gives something away is flagged by the pack (`titleIsSpoiler`), as a
-- season's episode is (migration 0059): its title is then revealed by the units that reveal the recut
-- episode itself, and where its `titleRevealIn` says, never by the reader's choice to see titles of what
-- they have not reached. Null: not flagged. Until the next import no recut episode is flagged.
ALTER TABLE anime_recut_episodes ADD COLUMN title_revealed_by TEXT;
