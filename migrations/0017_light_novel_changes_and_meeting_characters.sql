-- What each light novel volume does differently from the web novel (a scene added, cut, changed or
-- moved, with the chapters concerned), gated with the volume.

CREATE TABLE ln_volume_changes (
  volume_key TEXT NOT NULL REFERENCES ln_volumes (key) DEFERRABLE INITIALLY DEFERRED,
  sort_order INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('added', 'cut', 'changed', 'reordered')),
  chapters_from TEXT REFERENCES chapters (key) DEFERRABLE INITIALLY DEFERRED,
  chapters_to TEXT REFERENCES chapters (key) DEFERRABLE INITIALLY DEFERRED,
  note TEXT NOT NULL,
  revealed_by TEXT NOT NULL,
  PRIMARY KEY (volume_key, sort_order)
);

-- A character exists for a reader once they have met them (their first appearances); null for those
-- met where the story opens. Until the pack is imported again, everyone is met.
ALTER TABLE characters ADD COLUMN revealed_by TEXT;
