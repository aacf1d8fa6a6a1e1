"""One package per game: its cog (the start command and the table's look) and its texts."""
