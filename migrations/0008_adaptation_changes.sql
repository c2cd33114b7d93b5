-- What each anime episode does differently from the web novel, for /anime: chapters skipped between
-- episodes and episodes that go back (found from the episodes' chapter ranges at import, computed = 1),
-- and the pack's own notes (a moved scene, an anime-original one). Gated with their episode.
CREATE TABLE adaptation_changes (
  episode_key TEXT NOT NULL REFERENCES anime_episodes (key) DEFERRABLE INITIALLY DEFERRED,
  sort_order INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('skipped', 'reordered', 'added', 'changed')),
  chapters_from TEXT REFERENCES chapters (key) DEFERRABLE INITIALLY DEFERRED,
  chapters_to TEXT REFERENCES chapters (key) DEFERRABLE INITIALLY DEFERRED,
  note TEXT,
  computed INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (episode_key, sort_order)
);
