-- A channel's latest match, finished or not (the rules of the game just played there).
CREATE INDEX matches_by_channel ON matches (channel_id, id);
-- A server's most recently finished game (the default of /games leaderboard).
CREATE INDEX results_by_finish ON results (guild_id, finished_at);
