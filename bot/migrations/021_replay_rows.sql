-- A match's replay in rows of its own (issue 49, item 3): the game as first dealt, written
-- once when it is dealt, and each move appended beside the events of the save that made it,
-- so a save no longer rewrites them with the match's row. A match saved before keeps them
-- in its `extra` until its next save moves them here; one that ended before is read from
-- there (bot/storage/match_fields.py).
-- `first`: the game's state as dealt (JSON). `n`: the move's place in the match, from 0;
-- `version`: the match version that made it; `code`: the action's code.
CREATE TABLE IF NOT EXISTS match_replays (
    match_id  INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    first     TEXT    NOT NULL
);
CREATE TABLE IF NOT EXISTS match_moves (
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    n         INTEGER NOT NULL,
    version   INTEGER NOT NULL,
    seat      INTEGER NOT NULL,
    code      TEXT    NOT NULL,
    PRIMARY KEY (match_id, n)
);
