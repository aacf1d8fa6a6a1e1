-- A match's one deadline moves onto its row, so saving a move is one UPDATE, not three writes.
ALTER TABLE matches ADD COLUMN due_kind TEXT CHECK (due_kind IN ('turn', 'lobby'));
ALTER TABLE matches ADD COLUMN due_version INTEGER;
ALTER TABLE matches ADD COLUMN due_at REAL;
UPDATE matches SET
    due_kind = (SELECT kind FROM deadlines WHERE deadlines.match_id = matches.id),
    due_version = (SELECT version FROM deadlines WHERE deadlines.match_id = matches.id),
    due_at = (SELECT due_at FROM deadlines WHERE deadlines.match_id = matches.id);
DROP TABLE deadlines;
CREATE INDEX matches_by_due ON matches (due_at) WHERE due_at IS NOT NULL;
