-- The twin of SQLite's 015: what a match's saved changes must still show people.
ALTER TABLE matches ADD COLUMN outbox TEXT;
CREATE INDEX matches_with_outbox ON matches (id) WHERE outbox IS NOT NULL;
