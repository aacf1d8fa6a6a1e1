-- The twin of SQLite's 020: the turn notices and reminders held through a member's quiet
-- hours, kept so that a restart still sends each when those end.
CREATE TABLE held_notices (
    match_id  BIGINT           NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id   BIGINT           NOT NULL,
    turn      TEXT,
    reminder  INTEGER          NOT NULL DEFAULT 0,
    send_at   DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (match_id, user_id)
);
