-- A true name as the original writes it (`trueName.originalName`): shown under the true name, and kept
-- from whoever does not know the true name, as the true name is (`true_name_revealed_by`). The original
-- beside the name everyone sees (`original_name`) is the mask's.
ALTER TABLE characters ADD COLUMN true_name_original TEXT;
