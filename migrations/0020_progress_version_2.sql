-- Saved progress records move to version 2 (app/lib/progress/record.ts): the last volume read in each
-- light novel collection is its unit key, as in every other medium (`{"main": 3}` becomes
-- `["ln:main-3"]`, sorted). The readership page reads the new shape; the site reads both.
UPDATE reading_progress
SET progress = json_set(
  progress,
  '$.version', 2,
  '$.lightNovels', json((
    SELECT json_group_array(unit_key)
    FROM (
      SELECT 'ln:' || volumes.key || '-' || volumes.value AS unit_key
      FROM json_each(reading_progress.progress, '$.lightNovels') AS volumes
      ORDER BY unit_key
    )
  ))
)
WHERE json_extract(progress, '$.version') = 1;
