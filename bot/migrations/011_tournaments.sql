-- A match played out may be unrated (a practice table, an unrated tournament): its result is
-- kept and rated by no one. SQLite changes a CHECK only by rebuilding the table.
CREATE TABLE match_ends_new (
    match_id      INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    guild_id      INTEGER NOT NULL,
    game          TEXT    NOT NULL,
    end_how       TEXT    NOT NULL
        CHECK (end_how IN ('played', 'unrated', 'reset', 'abandoned')),
    finished_at   REAL    NOT NULL,
    season        INTEGER NOT NULL,
    events_kept   INTEGER NOT NULL DEFAULT 1
);
INSERT INTO match_ends_new (match_id, guild_id, game, end_how, finished_at, season, events_kept)
    SELECT match_id, guild_id, game, end_how, finished_at, season, events_kept FROM match_ends;
DROP TABLE match_ends;
ALTER TABLE match_ends_new RENAME TO match_ends;
CREATE INDEX match_ends_by_guild ON match_ends (guild_id, finished_at, match_id);
CREATE INDEX match_ends_by_game ON match_ends (guild_id, game, finished_at, match_id);
CREATE INDEX match_ends_to_prune ON match_ends (finished_at) WHERE events_kept = 1;

-- A server's tournaments: what a moderator set, the entrants and the rounds with their
-- tables live in `data` (JSON, saved whole and version-checked like a match's state);
-- `due_at` is its next timer (check-in, the start, a round's time limit).
CREATE TABLE tournaments (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    state       TEXT    NOT NULL CHECK (state IN
        ('signing_up', 'checking_in', 'running', 'paused', 'finished', 'cancelled')),
    created_by  INTEGER NOT NULL,
    created_at  REAL    NOT NULL,
    starts_at   REAL    NOT NULL,
    message_id  INTEGER,
    due_at      REAL,
    data        TEXT    NOT NULL,
    version     INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, state, id);
CREATE INDEX live_tournaments ON tournaments (state)
    WHERE state IN ('signing_up', 'checking_in', 'running', 'paused');
-- A tournament's tables are matches that name it.
ALTER TABLE matches ADD COLUMN tournament_id INTEGER REFERENCES tournaments (id);
CREATE INDEX matches_by_tournament ON matches (tournament_id) WHERE tournament_id IS NOT NULL;
-- A finished tournament's podium, kept for the hall of fame beside the seasons'.
CREATE TABLE tournament_podiums (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    place          INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    guild_id       INTEGER NOT NULL,
    game           TEXT    NOT NULL,
    points         REAL    NOT NULL,
    finished_at    REAL    NOT NULL,
    PRIMARY KEY (tournament_id, place)
);
CREATE INDEX podiums_by_guild ON tournament_podiums (guild_id, finished_at);
