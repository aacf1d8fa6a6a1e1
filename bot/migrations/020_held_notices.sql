-- The turn notices and reminders held through a member's quiet hours (issue 48, item 4):
-- one per member a slow match waits on, sent at `send_at` (as their quiet hours end) if the
-- turn it is about still runs. Kept here so that a restart still sends it.
-- `turn`: the turn it is about, as the match keeps it ([key, due] in JSON; NULL: none).
-- `reminder`: 1 for the reminder before the deadline, 0 for the notice that the turn began.
CREATE TABLE held_notices (
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id   INTEGER NOT NULL,
    turn      TEXT,
    reminder  INTEGER NOT NULL DEFAULT 0,
    send_at   REAL    NOT NULL,
    PRIMARY KEY (match_id, user_id)
);
