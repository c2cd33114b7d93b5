-- A character introduced under a name that is not theirs (a mask, a title) may have a true name that is
-- itself a secret (characters.json `trueName`): stored beside the name everyone sees, with the units that
-- reveal it. Shown only to a requester who knows it; to anyone else, the column might as well be empty.
ALTER TABLE characters ADD COLUMN true_name TEXT;
ALTER TABLE characters ADD COLUMN true_name_revealed_by TEXT;
