-- The twin of SQLite's 017: a server's, a channel's or a member's settings, a JSON value
-- per key.
CREATE TABLE IF NOT EXISTS scoped_settings (
    scope     TEXT   NOT NULL,
    scope_id  BIGINT NOT NULL,
    key       TEXT   NOT NULL,
    value     TEXT   NOT NULL,
    PRIMARY KEY (scope, scope_id, key)
);
