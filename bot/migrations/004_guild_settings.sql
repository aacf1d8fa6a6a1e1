-- What a server's moderators chose for it; a server without a row has the defaults.
CREATE TABLE guild_settings (
    guild_id  INTEGER PRIMARY KEY,
    reminders INTEGER NOT NULL DEFAULT 1
);
