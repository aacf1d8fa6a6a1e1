-- The twin of SQLite's 014: members watching a match from its thread without a seat.
CREATE TABLE match_watchers (
    match_id  BIGINT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id   BIGINT NOT NULL,
    since     DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (match_id, user_id)
);
