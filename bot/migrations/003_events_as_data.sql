-- Events are a kind plus data; sentences are worded when shown. Older rows were logged as
-- English sentences: they keep their wording as {"text": ...}.
CREATE TABLE match_events_data (
    match_id  INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    version   INTEGER NOT NULL,
    seq       INTEGER NOT NULL,
    kind      TEXT    NOT NULL,
    data      TEXT    NOT NULL,
    PRIMARY KEY (match_id, version, seq)
);
INSERT INTO match_events_data (match_id, version, seq, kind, data)
    SELECT match_id, version, seq, kind, json_object('text', text) FROM match_events;
DROP TABLE match_events;
ALTER TABLE match_events_data RENAME TO match_events;
