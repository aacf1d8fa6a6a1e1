"""One package per game: its cog (the start command and the table's look) and its texts;
`api.py` beside them is the whole plug-in API they implement."""
