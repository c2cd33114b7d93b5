-- The story's secrets as the content pack declares them (series.json `secrets`), written by the content
-- import: the words that give each away (a JSON array of strings) and the units that reveal it (unit keys
-- joined by spaces, app/lib/content/units.ts). Never shown: triage matches an accepted report's text
-- against them before publishing it (app/lib/shield/secrets.ts), as the spoiler lint does the pack's own
-- texts. Until the pack is imported again the table is empty, and accepting checks no secret.
CREATE TABLE story_secrets (
  id TEXT PRIMARY KEY,
  words TEXT NOT NULL,
  revealed_by TEXT NOT NULL
);
