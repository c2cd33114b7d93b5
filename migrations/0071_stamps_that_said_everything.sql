-- A comment edited after its writer went back on one line and on in another was stamped, by an earlier
-- rule, as written by someone who knew everything (`writer_knew` 'all'): strict mode then showed it to no
-- strict reader, and an edit never changed it, since nothing is known beyond everything. It now says what
-- its stamp says (`writer_places`, "Had seen: …", which that rule wrote as the further place on each
-- line of both), as the rule for an edit does now (docs/discussion.md). The side stories and shorts the
-- writer had ticked, and chapters they had skipped, were never in the stamp and are not known.
UPDATE comments
SET writer_knew = (SELECT group_concat(json_extract(place.value, '$.key'), ',') FROM json_each(comments.writer_places) AS place)
WHERE writer_knew = 'all' AND json_array_length(writer_places) > 0;
