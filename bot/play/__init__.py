"""Playing matches, with no Discord object: the match service and its rooms (sessions under
one lock per match, moves, seating and lobbies, automatic moves and timers, days away,
practice, the AI's thinking, watchers, what a change shows and the outbox, replays)."""
