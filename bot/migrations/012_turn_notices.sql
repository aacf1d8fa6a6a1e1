-- The turn notices that are up: one per member a match waits on, a mention in the match's
-- channel or thread or a DM. Kept here rather than in memory so that after a restart the
-- notice still goes when the member moves (a mention deleted, a DM edited to say so).
-- `turn`: the turn it was about, as the match keeps it ([key, due] in JSON; NULL: none).
CREATE TABLE turn_notices (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    message_id  INTEGER NOT NULL,
    turn        TEXT,
    dm          INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (match_id, user_id)
);
