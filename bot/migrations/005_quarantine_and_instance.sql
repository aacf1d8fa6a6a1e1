-- Match ids are never handed out twice (AUTOINCREMENT), so an old button can't reach a newer
-- match; a match that can't be loaded is kept and marked (`quarantine` holds the reason); and
-- each database file carries its own random instance id, which button ids repeat, so buttons
-- made for one database never act on another that replaced it.
CREATE TABLE matches_new (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    game          TEXT    NOT NULL,
    host_id       INTEGER NOT NULL,
    status        TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled')),
    version       INTEGER NOT NULL DEFAULT 0,
    seats         TEXT    NOT NULL,
    options       TEXT    NOT NULL,
    state         TEXT,
    extra         TEXT    NOT NULL DEFAULT '{}',
    message_id    INTEGER,
    message_at    REAL,
    ended_reason  TEXT,
    created_at    REAL    NOT NULL,
    updated_at    REAL    NOT NULL,
    due_kind      TEXT    CHECK (due_kind IN ('turn', 'lobby')),
    due_version   INTEGER,
    due_at        REAL,
    quarantine    TEXT
);
INSERT INTO matches_new (
    id, guild_id, channel_id, game, host_id, status, version, seats, options, state, extra,
    message_id, message_at, ended_reason, created_at, updated_at, due_kind, due_version, due_at
)
SELECT
    id, guild_id, channel_id, game, host_id, status, version, seats, options, state, extra,
    message_id, message_at, ended_reason, created_at, updated_at, due_kind, due_version, due_at
FROM matches;
DROP TABLE matches;
ALTER TABLE matches_new RENAME TO matches;
CREATE UNIQUE INDEX one_open_match_per_channel ON matches (channel_id)
    WHERE status IN ('lobby', 'playing');
CREATE INDEX matches_by_guild ON matches (guild_id, status);
CREATE INDEX matches_by_due ON matches (due_at) WHERE due_at IS NOT NULL;

CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
INSERT INTO meta (key, value) VALUES ('instance', lower(hex(randomblob(4))));
