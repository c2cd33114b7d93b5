-- The API counts translation notes by what reveals them before it reads a page of those its requester
-- knows (app/models/mistakes.server.ts: getKnownMistakes): these indexes let it count from the index
-- alone, without reading every note's text.
CREATE INDEX ln_mistakes_revealed_by ON ln_mistakes (revealed_by);
CREATE INDEX anime_mistakes_revealed_by ON anime_mistakes (revealed_by);
