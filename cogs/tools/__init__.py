"""The Discord layer's shared tools, used by the desk, /games, the game plug-ins and the
live table alike: the games' renderers, answers in pages, one way to refuse (and the checks
that refuse: in a server, a moderator, this match here), one sender per match, the
permissions a table needs, a choice among several matches, slash commands made from a
game's options, and a server's members by name."""
