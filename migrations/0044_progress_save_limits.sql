-- Progress saves are limited like reports and comments (decision 59): the limit's table takes a fourth
-- action, counted per account. SQLite cannot change a CHECK, so the table is made again as 0021 made it,
-- its windows kept.
CREATE TABLE rate_limit_windows_next (
  client TEXT NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('report', 'api', 'comment', 'progress')),
  span TEXT NOT NULL CHECK (span IN ('minute', 'day')),
  used INTEGER NOT NULL,
  ends INTEGER NOT NULL,            -- epoch milliseconds
  PRIMARY KEY (client, action, span)
);
INSERT INTO rate_limit_windows_next SELECT client, action, span, used, ends FROM rate_limit_windows;
DROP TABLE rate_limit_windows;
ALTER TABLE rate_limit_windows_next RENAME TO rate_limit_windows;
CREATE INDEX rate_limit_windows_by_end ON rate_limit_windows (ends);
