-- Queues that seat people (issue 48, item 2; bot/play/queues.py). A member waits in at most
-- one queue per game of a server (the unique key); the pace they asked for is part of their
-- entry, and only members of the same pace are seated together. Kept so a restart keeps
-- every place and its expiry.
CREATE TABLE IF NOT EXISTS queue_entries (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    pace        TEXT    NOT NULL,
    joined_at   REAL    NOT NULL,
    expires_at  REAL    NOT NULL,
    UNIQUE (guild_id, game, user_id)
);
CREATE INDEX IF NOT EXISTS queue_entries_by_queue ON queue_entries (guild_id, game, pace, joined_at);
CREATE INDEX IF NOT EXISTS queue_entries_by_member ON queue_entries (user_id);

-- A table the queue opened, waiting for its members' Ready (a minute at most): who pressed
-- it, when the wait ends, and the message that asks. Gone once the table starts or closes.
CREATE TABLE IF NOT EXISTS queue_tables (
    match_id    INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    guild_id    INTEGER NOT NULL,
    due_at      REAL    NOT NULL,
    ready       TEXT    NOT NULL DEFAULT '[]',
    message_id  INTEGER
);
