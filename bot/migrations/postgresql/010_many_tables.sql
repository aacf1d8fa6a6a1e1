-- The twin of SQLite's 010: any number of open matches per channel, a match's thread and
-- pace, where a server's matches are played, how a member hears of their turn, days away.
DROP INDEX one_open_match_per_channel;
CREATE INDEX open_matches_by_channel ON matches (channel_id)
    WHERE status IN ('lobby', 'playing');
ALTER TABLE matches ADD COLUMN thread_id BIGINT;
ALTER TABLE matches ADD COLUMN pace TEXT NOT NULL DEFAULT 'live';
CREATE INDEX matches_by_thread ON matches (thread_id) WHERE thread_id IS NOT NULL;
ALTER TABLE guild_settings ADD COLUMN tables_where TEXT;
ALTER TABLE member_settings ADD COLUMN notify TEXT;
CREATE TABLE away_periods (
    user_id    BIGINT           NOT NULL,
    starts_at  DOUBLE PRECISION NOT NULL,
    ends_at    DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_id, starts_at)
);
