-- SQLite's 008 as PostgreSQL: every seat gets a result row (an AI seat too, without a user
-- id) with its place, team, kind and the match's end; seasons, ratings, their changes and
-- the hall of fame. SQLite rebuilds `results`; PostgreSQL alters it in place.
ALTER TABLE results ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE results ALTER COLUMN score DROP NOT NULL;
ALTER TABLE results ALTER COLUMN won SET DEFAULT 0;
ALTER TABLE results
    ADD COLUMN name     TEXT    NOT NULL DEFAULT '',
    ADD COLUMN kind     TEXT    NOT NULL DEFAULT 'member'
                        CHECK (kind IN ('member', 'member_ai', 'left', 'ai')),
    ADD COLUMN ai_level TEXT,
    ADD COLUMN ai_from  INTEGER,
    ADD COLUMN team     INTEGER,
    ADD COLUMN place    INTEGER;
DROP INDEX results_by_finish;
CREATE INDEX results_by_finish ON results (guild_id, finished_at, match_id, seat);
CREATE INDEX results_by_member ON results (guild_id, user_id, finished_at, match_id)
    WHERE user_id IS NOT NULL;
CREATE INDEX results_by_member_game ON results (guild_id, user_id, game, finished_at, match_id)
    WHERE user_id IS NOT NULL;

CREATE TABLE match_ends (
    match_id      BIGINT  PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    guild_id      BIGINT  NOT NULL,
    game          TEXT    NOT NULL,
    end_how       TEXT    NOT NULL CHECK (end_how IN ('played', 'reset', 'abandoned')),
    finished_at   DOUBLE PRECISION NOT NULL,
    season        INTEGER NOT NULL,
    events_kept   INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX match_ends_by_guild ON match_ends (guild_id, finished_at, match_id);
CREATE INDEX match_ends_by_game ON match_ends (guild_id, game, finished_at, match_id);
CREATE INDEX match_ends_to_prune ON match_ends (finished_at) WHERE events_kept = 1;

CREATE TABLE seasons (
    guild_id    BIGINT  NOT NULL,
    number      INTEGER NOT NULL,
    started_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, number)
);

CREATE TABLE ratings (
    guild_id    BIGINT  NOT NULL,
    game        TEXT    NOT NULL,
    season      INTEGER NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('member', 'ai')),
    key         TEXT    NOT NULL,
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL,
    ordinal     DOUBLE PRECISION NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    ranked      INTEGER NOT NULL,
    last_change INTEGER,
    PRIMARY KEY (guild_id, game, season, kind, key)
);
CREATE INDEX ratings_board ON ratings (guild_id, game, season, kind, ranked DESC, ordinal DESC);
CREATE INDEX ratings_of ON ratings (guild_id, kind, key, season);

CREATE TABLE rating_changes (
    match_id     BIGINT  NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    season       INTEGER NOT NULL,
    guild_id     BIGINT  NOT NULL,
    game         TEXT    NOT NULL,
    kind         TEXT    NOT NULL,
    key          TEXT    NOT NULL,
    mu_before    DOUBLE PRECISION NOT NULL,
    sigma_before DOUBLE PRECISION NOT NULL,
    mu_after     DOUBLE PRECISION NOT NULL,
    sigma_after  DOUBLE PRECISION NOT NULL,
    shown_before INTEGER NOT NULL,
    shown_after  INTEGER NOT NULL,
    finished_at  DOUBLE PRECISION NOT NULL,
    rated_game   INTEGER NOT NULL,  -- the entity's n-th rated game in this scope
    PRIMARY KEY (match_id, seat, season)
);
CREATE INDEX rating_changes_by_entity
    ON rating_changes (guild_id, game, season, kind, key, rated_game);

CREATE TABLE hall_of_fame (
    guild_id  BIGINT  NOT NULL,
    season    INTEGER NOT NULL,
    game      TEXT    NOT NULL,
    place     INTEGER NOT NULL,
    user_id   BIGINT  NOT NULL,
    shown     INTEGER NOT NULL,
    games     INTEGER NOT NULL,
    wins      INTEGER NOT NULL,
    PRIMARY KEY (guild_id, season, game, place)
);
