-- The application's emojis the bot made from pictures (the cards' faces): each name's
-- picture hash and Discord's emoji id, so a restart with nothing redrawn makes no call
-- beyond the list, and a redrawn picture replaces its emoji.
CREATE TABLE app_emojis (
    name      TEXT    PRIMARY KEY,
    hash      TEXT    NOT NULL,
    emoji_id  INTEGER NOT NULL
);
