-- Each sign-in drops expired sessions of any reader, not only its own: found by this index.
CREATE INDEX sessions_by_expiry ON sessions (expires_at);
