-- Languages: a server's moderators may choose the language of its tables (NULL: follow the
-- server's own preferred locale), and a member may choose their own (NULL: their client's).
ALTER TABLE guild_settings ADD COLUMN language TEXT;
CREATE TABLE member_settings (
    user_id   INTEGER PRIMARY KEY,
    language  TEXT
);

-- Why a match ended is a kind plus data, worded when shown. Older rows hold an English
-- sentence: the ones the bot wrote become their kinds, anything else is kept as written.
ALTER TABLE matches ADD COLUMN ended_data TEXT NOT NULL DEFAULT '{}';
UPDATE matches SET ended_reason = CASE ended_reason
        WHEN 'everyone left' THEN 'everyone_left'
        WHEN 'cancelled by the host' THEN 'host_cancelled'
        WHEN 'every player left' THEN 'every_player_left'
        WHEN 'the lobby expired' THEN 'lobby_expired'
        ELSE ended_reason END
    WHERE ended_reason IS NOT NULL;
UPDATE matches
    SET ended_data = json_object('name', substr(ended_reason, length('ended by the host, ') + 1)),
        ended_reason = 'reset_by_host'
    WHERE ended_reason LIKE 'ended by the host, %';
UPDATE matches
    SET ended_data = json_object('name', substr(ended_reason, length('ended by moderator ') + 1)),
        ended_reason = 'reset_by_moderator'
    WHERE ended_reason LIKE 'ended by moderator %';
UPDATE matches
    SET ended_data = json_object('text', ended_reason), ended_reason = 'text'
    WHERE ended_reason IS NOT NULL AND ended_reason NOT IN (
        'everyone_left', 'host_cancelled', 'every_player_left', 'lobby_expired',
        'reset_by_host', 'reset_by_moderator'
    );

-- An AI seat's name no longer carries "(AI)": that a seat is an AI is its `ai` level.
UPDATE matches SET seats = (
    SELECT json_group_array(json(
        CASE WHEN json_extract(seat.value, '$.ai') IS NOT NULL
                  AND json_extract(seat.value, '$.user_id') IS NULL
                  AND json_extract(seat.value, '$.name') LIKE '% (AI)'
             THEN json_set(seat.value, '$.name', substr(json_extract(seat.value, '$.name'), 1,
                                                       length(json_extract(seat.value, '$.name')) - 5))
             ELSE seat.value END))
    FROM json_each(matches.seats) AS seat
)
WHERE json_valid(seats) AND seats LIKE '%(AI)%';
