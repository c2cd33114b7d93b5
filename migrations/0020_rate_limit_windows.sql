-- What a limited action has been used, counted in windows rather than one row per use: for each
-- client (a reader's account id, or a public API client's `ip:` address or IPv6 /64 network) and
-- action, one row per window, a minute and a day, each starting at the client's first use after the
-- last one ended. Taking a use updates the two rows in place, so its cost is the same for the first
-- use of the day and the ten-thousandth, and a client never has more than two rows per action.
-- Every take also deletes a few rows whose window has ended, oldest first (by `ends`), so rows of
-- clients who never return are removed without a scheduled job (decision 9).
CREATE TABLE rate_limit_windows (
  client TEXT NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('report', 'api')),
  span TEXT NOT NULL CHECK (span IN ('minute', 'day')),
  used INTEGER NOT NULL,
  ends INTEGER NOT NULL,            -- epoch milliseconds
  PRIMARY KEY (client, action, span)
);
CREATE INDEX rate_limit_windows_by_end ON rate_limit_windows (ends);

-- One row per use, whose count grew with a client's own use and whose rows stayed for clients who
-- never came back. Code deployed before this migration reads it until the new code is live: for those
-- seconds its reports and API misses answer 503 "try again", which both already say.
DROP TABLE rate_limit_hits;
