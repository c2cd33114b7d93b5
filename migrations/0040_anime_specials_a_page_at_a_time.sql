-- The OVAs, specials and films are listed a page at a time on /anime/specials, in the pack's order
-- (`sort_order`), and each season of /anime names those watched after one of its episodes: both read
-- through an index, however many the anime has.
CREATE INDEX anime_specials_sort_order ON anime_specials (sort_order);
CREATE INDEX anime_specials_watch_after ON anime_specials (watch_after);
