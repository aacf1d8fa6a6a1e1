-- Results say what happened: every seat gets a row (an AI seat too, without a user id), with
-- its place (ties share), team, score, how it was played, and the match's end.
CREATE TABLE results_new (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    user_id     INTEGER,                  -- NULL for an AI seat
    name        TEXT    NOT NULL DEFAULT '',
    kind        TEXT    NOT NULL DEFAULT 'member'
                CHECK (kind IN ('member', 'member_ai', 'left', 'ai')),
    ai_level    TEXT,
    ai_from     INTEGER,                  -- the version from which the AI played a member's seat
    team        INTEGER,
    place       INTEGER,                  -- NULL when the match was not played out
    score       INTEGER,
    won         INTEGER NOT NULL DEFAULT 0,
    finished_at REAL    NOT NULL,
    PRIMARY KEY (match_id, seat)
);
INSERT INTO results_new (match_id, seat, guild_id, game, user_id, score, won, finished_at)
    SELECT match_id, seat, guild_id, game, user_id, score, won, finished_at FROM results;
DROP TABLE results;
ALTER TABLE results_new RENAME TO results;
CREATE INDEX results_by_player ON results (guild_id, game, user_id, finished_at);
CREATE INDEX results_by_finish ON results (guild_id, finished_at, match_id, seat);
CREATE INDEX results_by_member ON results (guild_id, user_id, finished_at, match_id)
    WHERE user_id IS NOT NULL;
CREATE INDEX results_by_member_game ON results (guild_id, user_id, game, finished_at, match_id)
    WHERE user_id IS NOT NULL;

-- One row per ended match that had begun: the history lists these.
CREATE TABLE match_ends (
    match_id      INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    guild_id      INTEGER NOT NULL,
    game          TEXT    NOT NULL,
    end_how       TEXT    NOT NULL CHECK (end_how IN ('played', 'reset', 'abandoned')),
    finished_at   REAL    NOT NULL,
    season        INTEGER NOT NULL,
    events_kept   INTEGER NOT NULL DEFAULT 1   -- 0 once retention pruned its event log
);
CREATE INDEX match_ends_by_guild ON match_ends (guild_id, finished_at, match_id);
CREATE INDEX match_ends_by_game ON match_ends (guild_id, game, finished_at, match_id);
CREATE INDEX match_ends_to_prune ON match_ends (finished_at) WHERE events_kept = 1;

-- A server's seasons; a server without a row is in season 1.
CREATE TABLE seasons (
    guild_id    INTEGER NOT NULL,
    number      INTEGER NOT NULL,
    started_at  REAL    NOT NULL,
    PRIMARY KEY (guild_id, number)
);

-- Ratings per server, game and season (season 0: all-time), of a member (key: the user id)
-- or an AI level (key: the level). `ranked`: enough rated games to leave provisional.
CREATE TABLE ratings (
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    season      INTEGER NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('member', 'ai')),
    key         TEXT    NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    ordinal     REAL    NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    ranked      INTEGER NOT NULL,
    last_change INTEGER,
    PRIMARY KEY (guild_id, game, season, kind, key)
);
CREATE INDEX ratings_board ON ratings (guild_id, game, season, kind, ranked DESC, ordinal DESC);
CREATE INDEX ratings_of ON ratings (guild_id, kind, key, season);

-- Each rated seat's rating before and after a match, all-time (season 0) and in its season.
CREATE TABLE rating_changes (
    match_id     INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    season       INTEGER NOT NULL,
    guild_id     INTEGER NOT NULL,
    game         TEXT    NOT NULL,
    kind         TEXT    NOT NULL,
    key          TEXT    NOT NULL,
    mu_before    REAL    NOT NULL,
    sigma_before REAL    NOT NULL,
    mu_after     REAL    NOT NULL,
    sigma_after  REAL    NOT NULL,
    shown_before INTEGER NOT NULL,
    shown_after  INTEGER NOT NULL,
    finished_at  REAL    NOT NULL,
    rated_game   INTEGER NOT NULL,  -- the entity's n-th rated game in this scope
    PRIMARY KEY (match_id, seat, season)
);
CREATE INDEX rating_changes_by_entity
    ON rating_changes (guild_id, game, season, kind, key, rated_game);

-- The top three members of each game when a season ended.
CREATE TABLE hall_of_fame (
    guild_id  INTEGER NOT NULL,
    season    INTEGER NOT NULL,
    game      TEXT    NOT NULL,
    place     INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    shown     INTEGER NOT NULL,
    games     INTEGER NOT NULL,
    wins      INTEGER NOT NULL,
    PRIMARY KEY (guild_id, season, game, place)
);
