-- Matches: one row per lobby or game; the engine state is JSON, `version` counts accepted moves.
CREATE TABLE matches (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    game          TEXT    NOT NULL,
    host_id       INTEGER NOT NULL,
    status        TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled')),
    version       INTEGER NOT NULL DEFAULT 0,
    seats         TEXT    NOT NULL,           -- JSON list of {user_id, name, ai}
    options       TEXT    NOT NULL,           -- JSON object of game options
    state         TEXT,                       -- JSON engine state once started
    extra         TEXT    NOT NULL DEFAULT '{}', -- JSON: bot-side bookkeeping (missed turns…)
    message_id    INTEGER,
    message_at    REAL,                       -- when the table message was posted (unix time)
    ended_reason  TEXT,
    created_at    REAL    NOT NULL,
    updated_at    REAL    NOT NULL
);
-- At most one open match per channel, enforced by the database itself.
CREATE UNIQUE INDEX one_open_match_per_channel ON matches (channel_id)
    WHERE status IN ('lobby', 'playing');
CREATE INDEX matches_by_guild ON matches (guild_id, status);

CREATE TABLE match_events (
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    version   INTEGER NOT NULL,
    seq       INTEGER NOT NULL,
    kind      TEXT    NOT NULL,
    text      TEXT    NOT NULL,
    PRIMARY KEY (match_id, version, seq)
);

-- One pending deadline per match: a turn timer or a lobby expiry.
CREATE TABLE deadlines (
    match_id  INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    kind      TEXT    NOT NULL CHECK (kind IN ('turn', 'lobby')),
    version   INTEGER NOT NULL,
    due_at    REAL    NOT NULL
);
CREATE INDEX deadlines_by_due ON deadlines (due_at);

CREATE TABLE results (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    score       INTEGER NOT NULL,
    won         INTEGER NOT NULL,
    finished_at REAL    NOT NULL,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX results_by_player ON results (guild_id, game, user_id, finished_at);
