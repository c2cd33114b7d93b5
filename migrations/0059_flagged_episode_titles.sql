-- A season's episode whose title gives something away (a character's name before the viewer meets them)
-- is flagged by the pack (`titleIsSpoiler`), as a web novel chapter is: its title is then revealed by the
-- units that reveal the episode itself, and where its `titleRevealIn` says (pack/reveals.ts:
-- `flaggedTitleRevealedBy`), never by the reader's choice to see titles of what they have not reached.
-- Null: not flagged, reached as any unit's title is (`story_units.title_reached_by`). Until the next
-- import no episode is flagged, as none could be before.
ALTER TABLE anime_episodes ADD COLUMN title_revealed_by TEXT;
