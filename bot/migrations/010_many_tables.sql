-- Many tables at once: a channel holds any number of open matches (each lobby message is
-- its own match), so the one-open-match rule goes; the channel's open matches stay indexed.
DROP INDEX one_open_match_per_channel;
CREATE INDEX open_matches_by_channel ON matches (channel_id)
    WHERE status IN ('lobby', 'playing');
-- The thread a match is played in (NULL: in its channel, as before threads), and its pace:
-- 'live', 'relaxed', 'daily' or 'three_days' (the time a member has for a turn).
ALTER TABLE matches ADD COLUMN thread_id INTEGER;
ALTER TABLE matches ADD COLUMN pace TEXT NOT NULL DEFAULT 'live';
CREATE INDEX matches_by_thread ON matches (thread_id) WHERE thread_id IS NOT NULL;
-- Where a server's new matches are played: 'thread', 'channel' (NULL: a thread wherever
-- the bot may open one there).
ALTER TABLE guild_settings ADD COLUMN tables_where TEXT;
-- How a member hears that it is their turn in a slow match: 'mention', 'dm' or 'off'
-- (NULL: a mention).
ALTER TABLE member_settings ADD COLUMN notify TEXT;
-- A member's days away: their clocks stop in their daily and 3-day matches meanwhile.
CREATE TABLE away_periods (
    user_id    INTEGER NOT NULL,
    starts_at  REAL    NOT NULL,
    ends_at    REAL    NOT NULL,
    PRIMARY KEY (user_id, starts_at)
);
