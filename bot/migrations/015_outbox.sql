-- What a match's saved changes must still show people (issue 37): a JSON list of kinds
-- ("table", "notices", "result", "end"), written in the same UPDATE as the change and
-- emptied once sent, so a restart after a crash sends what was still queued. NULL: nothing.
ALTER TABLE matches ADD COLUMN outbox TEXT;
CREATE INDEX matches_with_outbox ON matches (id) WHERE outbox IS NOT NULL;
