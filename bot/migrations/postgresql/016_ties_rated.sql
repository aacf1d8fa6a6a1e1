-- The twin of SQLite's 016: when this database began rating a tie as the mean of its
-- strict orders (issue 46), in seconds since 1970.
INSERT INTO meta (key, value) VALUES ('ties_rated_since', floor(extract(epoch FROM now()))::bigint::text);
