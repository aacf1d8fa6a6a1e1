-- The twin of SQLite's 021: a match's replay in rows of its own, its first state written
-- once and its moves appended with each save; older matches keep theirs in `extra` until
-- their next save moves them here.
CREATE TABLE IF NOT EXISTS match_replays (
    match_id  BIGINT  PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    first     TEXT    NOT NULL
);
CREATE TABLE IF NOT EXISTS match_moves (
    match_id  BIGINT  NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    n         INTEGER NOT NULL,
    version   INTEGER NOT NULL,
    seat      INTEGER NOT NULL,
    code      TEXT    NOT NULL,
    PRIMARY KEY (match_id, n)
);
