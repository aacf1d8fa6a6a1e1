-- The twin of SQLite's 012: the turn notices that are up, one per member a match waits on,
-- kept so that a restart still takes each down when its member moves.
CREATE TABLE turn_notices (
    match_id    BIGINT  NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id     BIGINT  NOT NULL,
    channel_id  BIGINT  NOT NULL,
    message_id  BIGINT  NOT NULL,
    turn        TEXT,
    dm          INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (match_id, user_id)
);
