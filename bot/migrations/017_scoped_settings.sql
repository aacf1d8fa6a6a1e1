-- Settings as scoped defaults (issue 48): a server's, a channel's or a member's choices,
-- each a key with a JSON value. A new kind of setting is a new key, never a new table or
-- column; the narrower scope wins where both say (a channel's house rules over its
-- server's).
CREATE TABLE IF NOT EXISTS scoped_settings (
    scope     TEXT    NOT NULL,
    scope_id  INTEGER NOT NULL,
    key       TEXT    NOT NULL,
    value     TEXT    NOT NULL,
    PRIMARY KEY (scope, scope_id, key)
);
