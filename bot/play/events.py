"""The platform's own event kinds, logged beside each game's events (their kinds never
clash with a game's): a match starting, the bot moving for an absent member, a seat handed
to the AI and back, a member leaving."""

STARTED = "match.start"
TIMED_OUT = "match.timeout"
HANDED_OVER = "match.handover"
RETURNED = "match.returned"
LEFT = "match.left"
ABANDONED = "match.abandoned"
