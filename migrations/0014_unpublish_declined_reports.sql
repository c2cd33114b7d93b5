-- Before decisions kept the public pages in step, a report accepted and then declined (or marked
-- otherwise) stayed published. Take those entries down, as triage does now for every such change.
DELETE FROM ln_mistakes WHERE source = 'report'
   AND id IN (SELECT published_entry FROM reports WHERE kind = 'ln_mistl' AND status <> 'accepted' AND published_entry IS NOT NULL);
DELETE FROM anime_mistakes WHERE source = 'report'
   AND id IN (SELECT published_entry FROM reports WHERE kind = 'anime_mistl' AND status <> 'accepted' AND published_entry IS NOT NULL);
UPDATE reports SET published_entry = NULL WHERE status <> 'accepted' AND published_entry IS NOT NULL;
