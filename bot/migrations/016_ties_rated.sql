-- From this schema on, a tie is rated as the mean of the strict orders it stands for
-- (issue 46, bot/rules/tie_breaks.py). The moment this database got there is kept, so
-- the ratings of matches finished before it (openskill's own tied ranks) can be told
-- apart; they stay as they were.
INSERT INTO meta (key, value) VALUES ('ties_rated_since', strftime('%s', 'now'));
