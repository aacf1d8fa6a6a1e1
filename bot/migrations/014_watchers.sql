-- Members watching a match from its thread without a seat (issue 39): kept so that a restart
-- still counts them and tells them the result. Cleared once they were told.
CREATE TABLE match_watchers (
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id   INTEGER NOT NULL,
    since     REAL    NOT NULL,
    PRIMARY KEY (match_id, user_id)
);
