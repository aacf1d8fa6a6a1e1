-- The twin of SQLite's 013: the application emojis made from pictures, with their hashes.
CREATE TABLE app_emojis (
    name      TEXT    PRIMARY KEY,
    hash      TEXT    NOT NULL,
    emoji_id  BIGINT  NOT NULL
);
