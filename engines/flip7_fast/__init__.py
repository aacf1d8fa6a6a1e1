"""Flip 7's speed layer and AI-only simulator, beside the rules and never part of them.

`game.py` is the rules engine's game with its hottest paths inlined (for AI-only games);
`simulate.py` plays such games and prints the figures. No game is registered here: the
registry imports this package as it imports every package under engines/, and finds none.
Nothing under engines/flip7 imports this package; the consistency test
(tests/engines/flip7_fast) plays thousands of games both ways and requires identical states.
"""
