-- A channel's latest match, finished or not (the rules of the game just played there).
CREATE INDEX matches_by_channel ON matches (channel_id, id);
